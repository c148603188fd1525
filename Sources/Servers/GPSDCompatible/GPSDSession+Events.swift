import Gateway
import GPSDProtocol
import Positioning
import Timekeeping

extension GPSDSession {
    /// Records a gateway event and broadcasts what gpsd would report for it to the clients
    /// whose WATCH policy asks for it: TPV for a fix, SKY for a satellite view, DEVICE when a
    /// source connects or goes (JSON), and the NMEA sentence as received (`nmea`, `raw`).
    mutating func publish(_ event: GatewayEvent) {
        guard case .source(let sourceEvent, let source, let time) = event else { return }
        let id = Self.deviceName(of: source)
        switch sourceEvent {
        case .fix(let fix):
            let tpv = TPV(fix, device: id)
            Self.keep(tpv, of: id, in: &latestTPV)
            broadcast(tpv.json, from: id)
        case .sky(let sky):
            let report = SKY(sky, device: id)
            Self.keep(report, of: id, in: &latestSKY)
            broadcast(report.json, from: id)
        case .device(let state, let driver, let baud):
            let known = devices.contains { $0.id == id }
            devices.removeAll { $0.id == id }
            guard state == .connected else {
                // As gpsd when a device goes: its reports are forgotten (POLL no longer lists
                // them) and its watchers are told it is deactivated, once.
                latestTPV.removeAll { $0.id == id }
                latestSKY.removeAll { $0.id == id }
                if known { broadcast(Device.deactivatedJSON(path: id), from: id) }
                return
            }
            let device = Device(path: id, driver: driver, activated: time.iso8601, bps: baud)
            devices.append((id, device))
            broadcast(device.json, from: id)
        case .sentence(let sentence):
            broadcast(sentence, from: id)
        }
    }

    /// Replaces source `id`'s report in `latest`, or appends it.
    private static func keep<Report>(_ report: Report, of id: String, in latest: inout [(id: String, report: Report)]) {
        if let index = latest.firstIndex(where: { $0.id == id }) {
            latest[index].report = report
        } else {
            latest.append((id, report))
        }
    }
}
