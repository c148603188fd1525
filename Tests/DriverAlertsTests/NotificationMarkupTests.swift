@testable import DriverAlerts
import Testing
import TestSupport

/// Map text in notifications over a real private session bus: the body is escaped for a server
/// that reads it as markup (`body-markup` in `GetCapabilities`), and only for one; the summary
/// never is.
@Suite("DriverAlerts notification markup", .serialized)
struct NotificationMarkupTests {
    static let street = "Rue de l'Église & Co <A1>"

    /// Posts a maneuver with `street` as the banner's second line (twice: 200 m before and at the
    /// turn) and an arrival at "A <b> road" to a server with `capabilities`; the calls it got and
    /// how many times it was asked its capabilities.
    static func post(capabilities: [String]?) throws -> (calls: [NotificationServer.Call], capabilityCalls: Int) {
        var result: (calls: [NotificationServer.Call], capabilityCalls: Int) = ([], 0)
        try NotificationTests.withBus(capabilities: capabilities) { bus, server, _ in
            let warnings = WarningLog()
            let alerts = NotificationTests.notifier(bus.address, warnings: warnings)
            alerts.handle([AlertEvents.banner("Turn right onto \(street)", street, step: 1),
                           AlertEvents.voice("In 200 metres, turn right.", step: 1, distance: 200)])
            alerts.handle([AlertEvents.voice("Turn right.", step: 1, distance: 0)])
            alerts.handle([AlertEvents.arrival("A <b> road")])
            #expect(alerts.waitUntilIdle(timeout: 10))
            alerts.stop()
            #expect(warnings.all.isEmpty)
            result = (server.waitForCalls(3), server.capabilityCalls)
        }
        return result
    }

    @Test("a server advertising body-markup gets & < > escaped in the body, the summary as it is; asked once")
    func markupServer() throws {
        let (calls, capabilityCalls) = try Self.post(capabilities: ["body", "body-markup"])
        #expect(calls.map(\.body) == ["Rue de l'Église &amp; Co &lt;A1&gt;\nin 200 m", "Rue de l'Église &amp; Co &lt;A1&gt;\nnow",
                                      "Guidance ends here."])
        #expect(calls.map(\.summary) == ["Turn right onto Rue de l'Église & Co <A1>", "Turn right onto Rue de l'Église & Co <A1>",
                                         "Arrived at A <b> road"])
        #expect(capabilityCalls == 1)
    }

    @Test("a server without body-markup gets the body as it is")
    func plainServer() throws {
        let (calls, capabilityCalls) = try Self.post(capabilities: ["body", "actions"])
        #expect(calls.map(\.body) == ["Rue de l'Église & Co <A1>\nin 200 m", "Rue de l'Église & Co <A1>\nnow", "Guidance ends here."])
        #expect(calls.map(\.summary) == ["Turn right onto Rue de l'Église & Co <A1>", "Turn right onto Rue de l'Église & Co <A1>",
                                         "Arrived at A <b> road"])
        #expect(capabilityCalls == 1)
    }

    @Test("a server that does not answer GetCapabilities gets plain text, and is asked once")
    func noCapabilities() throws {
        let (calls, capabilityCalls) = try Self.post(capabilities: nil)
        #expect(calls.map(\.body) == ["Rue de l'Église & Co <A1>\nin 200 m", "Rue de l'Église & Co <A1>\nnow", "Guidance ends here."])
        #expect(calls.map(\.summary).last == "Arrived at A <b> road")
        #expect(capabilityCalls == 1)
    }

    @Test("markup escaping: & < > only, entities escaped again, an & under a combining mark too")
    func escaping() {
        #expect(DesktopNotification.markupEscaped("A <b> road") == "A &lt;b&gt; road")
        #expect(DesktopNotification.markupEscaped("\"Duomo\" &amp; 'Brera'") == "\"Duomo\" &amp;amp; 'Brera'")
        #expect(DesktopNotification.markupEscaped("&\u{301}<") == "&amp;\u{301}&lt;")
        #expect(DesktopNotification.markupEscaped("Hämeentie") == "Hämeentie")
    }
}
