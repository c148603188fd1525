import Testing

@Test("Routing: placeholder until the module lands") func placeholderRouting() { #expect(Bool(true)) }
