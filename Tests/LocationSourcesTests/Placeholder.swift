import Testing

@Test("LocationSources: placeholder until the module lands") func placeholderLocationSources() { #expect(Bool(true)) }
