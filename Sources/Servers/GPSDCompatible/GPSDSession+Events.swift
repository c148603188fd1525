import Gateway
import GPSDProtocol
import Positioning
import Timekeeping

extension GPSDSession {
    /// Records a gateway event and broadcasts what gpsd would report for it: TPV for a fix, SKY
    /// for a satellite view, DEVICE when a source connects. Sentences are not forwarded.
    mutating func publish(_ event: GatewayEvent) {
        guard case .source(let sourceEvent, let source, let time) = event else { return }
        lastTime = time.iso8601
        switch sourceEvent {
        case .fix(let fix):
            let tpv = TPV(fix, device: source.rawValue)
            lastTPV = tpv
            broadcast(tpv.json)
        case .sky(let sky):
            let report = SKY(sky, device: source.rawValue)
            lastSKY = report
            broadcast(report.json)
        case .device(let state, let driver, let baud):
            devices.removeAll { $0.id == source.rawValue }
            guard state == .connected else { return }
            let device = Device(path: source.rawValue, driver: driver, activated: time.iso8601, bps: baud)
            devices.append((source.rawValue, device))
            broadcast(device.json)
        case .sentence:
            break
        }
    }
}
