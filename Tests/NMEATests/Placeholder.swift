import Testing

@Test("NMEA: placeholder until the module lands") func placeholderNMEA() { #expect(Bool(true)) }
