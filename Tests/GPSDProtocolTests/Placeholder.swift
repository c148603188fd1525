import Testing

@Test("GPSDProtocol: placeholder until the module lands") func placeholderGPSDProtocol() { #expect(Bool(true)) }
