import Testing

@Test("MapMatching: placeholder until the module lands") func placeholderMapMatching() { #expect(Bool(true)) }
