import Testing

@Test("Guidance: placeholder until the module lands") func placeholderGuidance() { #expect(Bool(true)) }
