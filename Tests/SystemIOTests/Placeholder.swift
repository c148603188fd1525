import Testing

@Test("SystemIO: placeholder until the module lands") func placeholderSystemIO() { #expect(Bool(true)) }
