import Testing

@Test("Servers: placeholder until the module lands") func placeholderServers() { #expect(Bool(true)) }
