import Testing

@Test("WireProtocol: placeholder until the module lands") func placeholderWireProtocol() { #expect(Bool(true)) }
