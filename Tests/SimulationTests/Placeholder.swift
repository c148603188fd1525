import Testing

@Test("Simulation: placeholder until the module lands") func placeholderSimulation() { #expect(Bool(true)) }
