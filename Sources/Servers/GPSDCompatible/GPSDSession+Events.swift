import Gateway
import GPSDProtocol
import Positioning
import Timekeeping

extension GPSDSession {
    /// Records a gateway event and broadcasts what gpsd would report for it to the clients
    /// whose WATCH policy asks for it: TPV for a fix, SKY for a satellite view, GST for noise
    /// statistics, DEVICE when a source connects (a serial receiver: with its first data, as
    /// gpsd) or goes (JSON), and the NMEA sentence as received (`nmea`, `raw`).
    mutating func publish(_ event: GatewayEvent) {
        guard case .source(let sourceEvent, let source, let time) = event else { return }
        let id = Self.deviceName(of: source)
        switch sourceEvent {
        case .fix(let fix):
            noteData(from: id, at: time)
            let tpv = TPV(fix, device: id)
            Self.keep(tpv, of: id, in: &latestTPV)
            broadcast(tpv.json, from: id)
        case .sky(let sky):
            noteData(from: id, at: time)
            let report = SKY(sky, device: id)
            Self.keep(report, of: id, in: &latestSKY)
            broadcast(report.json, from: id)
        case .noise(let noise):
            noteData(from: id, at: time)
            let report = GPSDNoise(noise, device: id)
            Self.keep(report, of: id, in: &latestGST)
            broadcast(report.json, from: id)
        case .device(let state, let driver, let baud):
            let known = devices.contains { $0.id == id }
            devices.removeAll { $0.id == id }
            guard state == .connected else {
                // As gpsd when a device goes: its reports are forgotten (POLL no longer lists
                // them) and its watchers are told it is deactivated, once.
                latestTPV.removeAll { $0.id == id }
                latestSKY.removeAll { $0.id == id }
                latestGST.removeAll { $0.id == id }
                if known { broadcast(Device.deactivatedJSON(path: id), from: id) }
                return
            }
            var device = Device(path: id, activated: time.iso8601)
            if let baud {
                // A serial receiver, the one source with a line speed, as gpsd shows an NMEA
                // receiver on a tty: listed with its line but no driver until its first data.
                device.setSerialNMEALine(bps: baud)
                devices.append((id, device, nil))
            } else {
                device.driver = driver
                devices.append((id, device, nil))
                broadcast(device.json, from: id)
            }
        case .sentence(let sentence):
            noteData(from: id, at: time)
            broadcast(sentence, from: id)
        }
    }

    /// Notes that device `id` has sent data at `time`. As gpsd: the time is its `activated` from
    /// then on, and a serial receiver's first data names its driver, announced in a DEVICE
    /// without `flags`, which the device has from then on.
    private mutating func noteData(from id: String, at time: Timestamp) {
        guard let index = devices.firstIndex(where: { $0.id == id }) else { return }
        devices[index].lastData = time
        guard devices[index].device.flags == nil else { return }
        if devices[index].device.driver == nil, devices[index].device.bps != nil {
            devices[index].device.driver = Device.nmeaDriver
            broadcast(Self.reported(devices[index]).json, from: id)
        }
        devices[index].device.flags = Device.seenGPS
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
