import Testing

@Test("RouteFormats: placeholder until the module lands") func placeholderRouteFormats() { #expect(Bool(true)) }
