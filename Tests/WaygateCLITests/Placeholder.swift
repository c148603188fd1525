import Testing

@Test("WaygateCLI: placeholder until the module lands") func placeholderWaygateCLI() { #expect(Bool(true)) }
