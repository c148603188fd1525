import Testing

@Test("Positioning: placeholder until the module lands") func placeholderPositioning() { #expect(Bool(true)) }
