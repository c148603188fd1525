import Foundation
import Geodesy
import JSON
import Simulation
import Timekeeping
import WireProtocol

/// Seeded wire messages of every class for the writer tests: numbers near decimal rounding
/// ties, integers at their extremes, strings with escapes, control characters and non-ASCII
/// text, and every optional field sometimes absent, sometimes present.
struct WireValueGenerator {
    var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    // MARK: Scalars

    mutating func chance(_ p: Double = 0.5) -> Bool { Double.random(in: 0..<1, using: &random) < p }

    mutating func maybe<T>(_ make: (inout WireValueGenerator) -> T) -> T? { chance() ? make(&self) : nil }

    mutating func double() -> Double {
        switch Int.random(in: 0..<8, using: &random) {
        case 0:
            // A hair from a tie at 1–9 decimals.
            let decimals = Double(Int.random(in: 1...9, using: &random))
            let tie = (Double(Int.random(in: -100_000...100_000, using: &random)) + 0.5) / pow(10, decimals)
            return [tie, tie.nextUp, tie.nextDown].randomElement(using: &random)!
        case 1: return Double(Int.random(in: -1000...1000, using: &random))
        case 2: return [0, -0.0, 0.1, 0.5, 1e-7, 1e15, 1e16, 1e21, 123456789.123, 9_007_199_254_740_994, .leastNonzeroMagnitude,
                        .greatestFiniteMagnitude, 0.30000000000000004].randomElement(using: &random)!
        case 3: return Double.random(in: -90...90, using: &random)
        case 4: return (Double.random(in: 0...360, using: &random) * 10).rounded() / 10
        default:
            let exponent = Double(Int.random(in: -9...17, using: &random))
            return Double.random(in: -10...10, using: &random) * pow(10, exponent)
        }
    }

    mutating func int() -> Int {
        chance(0.1) ? [Int.max, Int.min, 0, -1].randomElement(using: &random)! : Int.random(in: -5...100_000, using: &random)
    }

    mutating func string() -> String {
        let alphabet: [Unicode.Scalar] = ["a", "b", "Z", " ", "/", "\"", "\\", "\n", "\r", "\t", "\u{8}", "\u{C}", "\u{0}", "\u{1F}",
                                          "\u{7F}", "é", "ß", "東", "🚗", "\u{2028}", "\u{FEFF}", "$", "*", ",", "1"]
        var s = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...16, using: &random) { s.append(alphabet.randomElement(using: &random)!) }
        return String(s)
    }

    mutating func time() -> WireTime {
        var seconds = Double.random(in: 0...4_000_000_000, using: &random)
        if chance(0.3) { seconds = (seconds * 1000).rounded() / 1000 + [0.0005, 0.0004999, 0.0005001].randomElement(using: &random)! }
        return WireTime(Timestamp(secondsSince1970: seconds))
    }

    mutating func element<T>(_ values: [T]) -> T { values.randomElement(using: &random)! }

    mutating func list<T>(_ range: ClosedRange<Int>, _ make: (inout WireValueGenerator) -> T) -> [T] {
        (0..<Int.random(in: range, using: &random)).map { _ in make(&self) }
    }

    mutating func json(depth: Int = 0) -> JSONValue {
        switch Int.random(in: 0..<(depth > 2 ? 5 : 7), using: &random) {
        case 0: return .null
        case 1: return .bool(chance())
        case 2: return .integer(Int64(int()))
        case 3: return .number(double())
        case 4: return .string(string())
        case 5: return .array(list(0...4) { $0.json(depth: depth + 1) })
        default:
            return .object(list(0...5) { JSONMember($0.chance(0.3) ? $0.string() : $0.element(["a", "b_c", "B", "_u", "ab", "a1", "a10"]), $0.json(depth: depth + 1)) }
                .reduce(into: [JSONMember]()) { members, m in if !members.contains(where: { $0.key == m.key }) { members.append(m) } })
        }
    }

    /// A limit, one in ten a road without one (`{"none":true}`).
    mutating func speedLimit() -> SpeedLimit { chance(0.1) ? .unlimited : SpeedLimit(value: double(), unit: element(["km/h", "mph"])) }

    // MARK: Messages

    mutating func message(_ messageClass: String) -> ServerMessage {
        switch messageClass {
        case "HELLO":
            return .hello(HelloMessage(protocolVersion: int(), version: string(), session: .init(mode: element(SessionMode.allCases)),
                                       channels: list(0...11) { $0.element(Channel.allCases) }))
        case "REPLY":
            var fields: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                fields[chance(0.5) ? element(["routes", "channels", "clients", "class", "id", "ok", "a", "idx", "oka", "i", "p"]) : string()] = json()
            }
            return .reply(ReplyMessage(id: maybe { $0.scalarID() }, fields: fields))
        case "ERROR":
            return .error(ErrorMessage(id: maybe { $0.scalarID() }, code: element(ErrorMessage.Code.allCases), message: string()))
        case "DROPPED":
            return .dropped(DroppedMessage(count: int()))
        default:
            return .event(Event(seq: chance(0.1) ? UInt64.max : UInt64.random(in: 0...1_000_000, using: &random), time: time(),
                                payload: payload(messageClass)))
        }
    }

    mutating func scalarID() -> JSONValue {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: .integer(Int64(int()))
        case 1: .number(double())
        case 2: .string(string())
        default: .bool(chance())
        }
    }

    mutating func payload(_ messageClass: String) -> EventPayload {
        switch messageClass {
        case "LOCATION":
            return .location(LocationMessage(
                source: string(), mode: Int.random(in: 0...3, using: &random), lat: maybe { $0.double() }, lon: maybe { $0.double() },
                alt: maybe { $0.double() }, speed: maybe { $0.double() }, course: maybe { $0.double() },
                horizontalAccuracy: maybe { $0.double() }, verticalAccuracy: maybe { $0.double() }, speedAccuracy: maybe { $0.double() },
                courseAccuracy: maybe { $0.double() }, hdop: maybe { $0.double() }, satellitesUsed: maybe { $0.int() }, simulated: chance()))
        case "SKY":
            return .sky(SkyMessage(
                source: maybe { $0.string() },
                satellites: list(0...14) {
                    SkyMessage.Satellite(prn: $0.int(), gnss: $0.element(["gps", "glonass", "galileo", "beidou", "sbas"]),
                                         elevation: $0.maybe { $0.double() }, azimuth: $0.maybe { $0.double() },
                                         snr: $0.maybe { $0.double() }, used: $0.chance())
                },
                hdop: maybe { $0.double() }, vdop: maybe { $0.double() }, pdop: maybe { $0.double() }))
        case "NMEA":
            return .nmea(NMEAMessage(source: maybe { $0.string() }, sentence: string()))
        case "DEVICE":
            return .device(DeviceMessage(source: string(), state: element(DeviceMessage.State.allCases), driver: maybe { $0.string() },
                                         baud: maybe { $0.int() }, message: maybe { $0.string() }))
        case "MATCH":
            return .match(MatchMessage(
                lat: double(), lon: double(), bearing: double(), confidence: double(), offroad: chance(),
                road: maybe {
                    MatchMessage.Road(wayID: Int64($0.int()), name: $0.maybe { $0.string() }, ref: $0.maybe { $0.string() },
                                      roadClass: $0.string(), oneway: $0.chance(), speedLimit: $0.maybe { $0.speedLimit() })
                },
                horizon: maybe {
                    $0.list(0...4) {
                        MatchMessage.HorizonRoad(wayID: Int64($0.int()), name: $0.maybe { $0.string() }, roadClass: $0.string(),
                                                 length: $0.double(), speedLimit: $0.maybe { $0.speedLimit() })
                    }
                },
                horizonPath: maybe { $0.string() }, teleport: chance(0.2)))
        case "PROGRESS":
            return .progress(ProgressMessage(
                routeID: string(), legIndex: int(), stepIndex: int(), distanceTraveled: double(), distanceRemaining: double(),
                durationRemaining: double(), fractionTraveled: double(),
                leg: .init(distanceRemaining: double(), durationRemaining: double()),
                step: .init(distanceTraveled: double(), distanceRemaining: double(), durationRemaining: double()),
                snapped: .init(lat: double(), lon: double(), bearing: double()), roadName: maybe { $0.string() },
                upcoming: maybe { .init(type: $0.string(), modifier: $0.maybe { $0.string() }, name: $0.maybe { $0.string() }, distance: $0.double()) },
                offRoute: chance()))
        case "BANNER":
            return .banner(BannerMessage(stepIndex: int(), distanceAlongStep: double(), primary: bannerText(),
                                         secondary: maybe { $0.bannerText() }, sub: maybe { $0.bannerText() }))
        case "VOICE":
            return .voice(VoiceMessage(stepIndex: int(), distanceAlongStep: double(), announcement: string(), ssml: maybe { $0.string() }, language: maybe { $0.string() }))
        case "REROUTE":
            return .reroute(RerouteMessage(reason: element(RerouteMessage.Reason.allCases), state: element(RerouteMessage.State.allCases),
                                           routeID: maybe { $0.string() }))
        case "ARRIVAL":
            return .arrival(ArrivalMessage(legIndex: int(), waypointIndex: int(), name: maybe { $0.string() }, final: chance()))
        case "SESSION":
            return .session(SessionMessage(mode: element(SessionMode.allCases), previous: maybe { $0.element(SessionMode.allCases) },
                                           routeID: maybe { $0.string() }))
        default:  // CAMERA
            return .camera(CameraMessage(
                state: element(CameraMessage.State.allCases),
                frame: maybe {
                    CameraMessage.Frame(center: $0.list(0...3) { $0.double() }, zoom: $0.double(), bearing: $0.double(), pitch: $0.double(),
                                        padding: .init(top: $0.double(), left: $0.double(), bottom: $0.double(), right: $0.double()))
                }))
        }
    }

    mutating func bannerText() -> BannerMessage.Text {
        BannerMessage.Text(
            text: string(), type: maybe { $0.string() }, modifier: maybe { $0.string() }, degrees: maybe { $0.double() },
            drivingSide: maybe { $0.element(["left", "right"]) },
            components: maybe {
                $0.list(0...4) {
                    BannerMessage.Component(text: $0.string(), type: $0.string(), abbreviation: $0.maybe { $0.string() },
                                            abbreviationPriority: $0.maybe { $0.int() }, directions: $0.maybe { $0.list(0...3) { $0.string() } },
                                            active: $0.maybe { $0.chance() })
                }
            })
    }
}
