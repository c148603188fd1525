import Testing

@Test("OSMImport: placeholder until the module lands") func placeholderOSMImport() { #expect(Bool(true)) }
