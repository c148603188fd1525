import Geodesy
public import JSON
public import RouteModel
public import Timekeeping

/// Writes routes as Directions v5 / OSRM JSON that OSRM, Mapbox and Valhalla clients read:
/// a response `{"code":"Ok","routes":[…],"waypoints":[…]}` or a single route object.
/// Members come in a fixed order; optional members are omitted, never `null`. Besides the
/// standard members, a route carries its `waypoints` (as Mapbox does with
/// `waypoints_per_route=true`), `voiceLocale` (Mapbox) and Waygate's own
/// `waygate_options` (`profile`, `units`, `avoid`), which other clients ignore. When the
/// request named a departure time, every route also carries `departure_time` and
/// `arrival_time` (ISO 8601 UTC, whole seconds).
///
/// Every object is written straight into a `JSONWriter`, in one of two member orders: the
/// documented one (files, `waygate route`) or sorted by key (the socket's `route` replies):
/// one writer for both, so the two forms always carry the same members and values.
public struct OSRMWriter: Sendable {
    /// How shapes are written (polyline6 by default, as Mapbox does).
    public var geometry: GeometryFormat
    /// The planned departure echoed in every route object, nil to write neither time.
    public var departureTime: Timestamp?

    /// The order of every object's members.
    public enum MemberOrder: Sendable {
        /// As docs/route-formats.md lists them (what OSRM and Mapbox write first comes first).
        case documented
        /// By key, in byte order (as `JSONEncoder` with `.sortedKeys` writes them).
        case sorted
    }

    /// A writer using `geometry` for every shape, echoing `departureTime` when given.
    public init(geometry: GeometryFormat = .polyline6, departureTime: Timestamp? = nil) {
        self.geometry = geometry
        self.departureTime = departureTime
    }

    /// A whole response, members in the documented order; `waypoints` default to the first route's.
    public func response(_ routes: [Route], waypoints: [Waypoint]? = nil) -> [UInt8] {
        var json = JSONWriter(capacity: 16 * 1024)
        json.beginObject()
        json.key("code")
        json.string("Ok")
        json.key("routes")
        json.beginArray()
        for route in routes { writeRouteObject(route, order: .documented, to: &json) }
        json.endArray()
        json.key("waypoints")
        json.beginArray()
        for waypoint in waypoints ?? routes.first?.waypoints ?? [] { writeWaypoint(waypoint, .documented, &json) }
        json.endArray()
        json.endObject()
        return json.bytes
    }

    /// One route object, members in the documented order.
    public func route(_ route: Route) -> [UInt8] {
        var json = JSONWriter(capacity: 16 * 1024)
        writeRouteObject(route, order: .documented, to: &json)
        return json.bytes
    }

    /// Writes `route` as one route object into `json` (for embedding in other messages), its
    /// members and those of every object inside it in `order`.
    public func writeRouteObject(_ route: Route, order: MemberOrder, to json: inout JSONWriter) {
        let times = RouteTimes(departure: departureTime, duration: route.duration)
        json.beginObject()
        for key in RouteKey.keys(order) {
            switch key {
            case .arrivalTime, .departureTime:
                guard let times else { continue }
                json.key(key.rawValue)
                json.string(key == .arrivalTime ? times.arrival : times.departure)
            case .distance: member(key, route.distance, &json)
            case .duration: member(key, route.duration, &json)
            case .weight: member(key, route.weight, &json)
            case .weightName: string(key, route.weightName, &json)
            case .geometry:
                json.key(key.rawValue)
                writeShape(route.geometry, order, &json)
            case .legs: array(key, route.legs, &json) { writeLeg($0, order, &$1) }
            case .waypoints: array(key, route.waypoints, &json) { writeWaypoint($0, order, &$1) }
            case .voiceLocale: string(key, route.options.language, &json)
            case .waygateOptions:
                json.key(key.rawValue)
                json.beginObject()
                for option in OptionsKey.keys(order) {
                    switch option {
                    case .profile: string(option, route.options.profile, &json)
                    case .units: string(option, route.options.units.rawValue, &json)
                    case .avoid: array(option, route.options.avoid, &json) { $1.string($0) }
                    }
                }
                json.endObject()
            }
        }
        json.endObject()
    }

    // MARK: The objects inside a route

    private func writeWaypoint(_ waypoint: Waypoint, _ order: MemberOrder, _ json: inout JSONWriter) {
        json.beginObject()
        for key in WaypointKey.keys(order) {
            switch key {
            case .name: string(key, waypoint.name, &json)
            case .location:
                json.key(key.rawValue)
                writePosition(waypoint.location, &json)
            case .distance:
                if let d = waypoint.distance { member(key, d, &json) }
            }
        }
        json.endObject()
    }

    private func writeLeg(_ leg: RouteLeg, _ order: MemberOrder, _ json: inout JSONWriter) {
        json.beginObject()
        for key in LegKey.keys(order) {
            switch key {
            case .distance: member(key, leg.distance, &json)
            case .duration, .weight: member(key, leg.duration, &json)
            case .summary: string(key, leg.summary, &json)
            case .steps: array(key, leg.steps, &json) { writeStep($0, order, &$1) }
            case .annotation:
                guard let annotation = leg.annotation else { continue }
                json.key(key.rawValue)
                writeAnnotation(annotation, order, &json)
            }
        }
        json.endObject()
    }

    private func writeStep(_ step: RouteStep, _ order: MemberOrder, _ json: inout JSONWriter) {
        json.beginObject()
        for key in StepKey.keys(order) {
            switch key {
            case .distance: member(key, step.distance, &json)
            case .duration, .weight: member(key, step.duration, &json)
            case .geometry:
                json.key(key.rawValue)
                writeShape(step.geometry, order, &json)
            case .name: string(key, step.name, &json)
            case .ref: string(key, step.ref, &json)
            case .destinations: string(key, step.destinations, &json)
            case .exits: string(key, step.exits, &json)
            case .rotaryName: string(key, step.rotaryName, &json)
            case .mode: string(key, step.mode, &json)
            case .drivingSide: string(key, step.drivingSide, &json)
            case .maneuver:
                json.key(key.rawValue)
                writeManeuver(step.maneuver, order, &json)
            case .intersections: array(key, step.intersections, &json) { writeIntersection($0, order, &$1) }
            case .voiceInstructions: array(key, step.voiceInstructions, &json) { writeVoice($0, order, &$1) }
            case .bannerInstructions: array(key, step.bannerInstructions, &json) { writeBanner($0, order, &$1) }
            }
        }
        json.endObject()
    }

    private func writeManeuver(_ m: Maneuver, _ order: MemberOrder, _ json: inout JSONWriter) {
        json.beginObject()
        for key in ManeuverKey.keys(order) {
            switch key {
            case .type: string(key, m.type.rawValue, &json)
            case .modifier: string(key, m.modifier?.rawValue, &json)
            case .location:
                json.key(key.rawValue)
                writePosition(m.location, &json)
            case .bearingBefore: member(key, m.bearingBefore, &json)
            case .bearingAfter: member(key, m.bearingAfter, &json)
            case .exit:
                if let exit = m.exit { member(key, Double(exit), &json) }
            case .instruction: string(key, m.instruction, &json)
            }
        }
        json.endObject()
    }

    private func writeIntersection(_ i: Intersection, _ order: MemberOrder, _ json: inout JSONWriter) {
        json.beginObject()
        for key in IntersectionKey.keys(order) {
            switch key {
            case .location:
                json.key(key.rawValue)
                writePosition(i.location, &json)
            case .bearings: array(key, i.bearings, &json, writeNumber)
            case .entry: array(key, i.entry, &json) { $1.bool($0) }
            case .in:
                if let inIndex = i.inIndex { member(key, Double(inIndex), &json) }
            case .out:
                if let outIndex = i.outIndex { member(key, Double(outIndex), &json) }
            case .classes:
                if !i.classes.isEmpty { array(key, i.classes, &json) { $1.string($0) } }
            }
        }
        json.endObject()
    }

    private func writeAnnotation(_ a: LegAnnotation, _ order: MemberOrder, _ json: inout JSONWriter) {
        // Each array is left out when empty.
        json.beginObject()
        for key in AnnotationKey.keys(order) {
            switch key {
            case .distance where !a.distance.isEmpty: array(key, a.distance, &json, writeNumber)
            case .duration where !a.duration.isEmpty: array(key, a.duration, &json, writeNumber)
            case .speed where !a.speed.isEmpty: array(key, a.speed, &json, writeNumber)
            case .maxspeed where !a.maxSpeed.isEmpty: array(key, a.maxSpeed, &json, writeSpeedLimit)
            default: continue
            }
        }
        json.endObject()
    }

    /// `{"speed":…,"unit":…}` (in byte order too), `{"none":true}` or `{"unknown":true}`.
    private func writeSpeedLimit(_ limit: SpeedLimit?, _ json: inout JSONWriter) {
        json.beginObject()
        if let limit, limit.isUnlimited {
            json.key("none")
            json.bool(true)
        } else if let limit {
            json.key("speed")
            writeNumber(limit.value, &json)
            json.key("unit")
            json.string(limit.unit)
        } else {
            json.key("unknown")
            json.bool(true)
        }
        json.endObject()
    }

    private func writeVoice(_ v: VoiceInstruction, _ order: MemberOrder, _ json: inout JSONWriter) {
        json.beginObject()
        for key in VoiceKey.keys(order) {
            switch key {
            case .distanceAlongGeometry: member(key, v.distanceAlongGeometry, &json)
            case .announcement: string(key, v.announcement, &json)
            case .ssmlAnnouncement: string(key, v.ssmlAnnouncement, &json)
            }
        }
        json.endObject()
    }

    private func writeBanner(_ b: BannerInstruction, _ order: MemberOrder, _ json: inout JSONWriter) {
        // distanceAlongGeometry, primary, secondary, sub: already in byte order.
        json.beginObject()
        json.key("distanceAlongGeometry")
        writeNumber(b.distanceAlongGeometry, &json)
        json.key("primary")
        writeBannerText(b.primary, order, &json)
        if let secondary = b.secondary {
            json.key("secondary")
            writeBannerText(secondary, order, &json)
        }
        if let sub = b.sub {
            json.key("sub")
            writeBannerText(sub, order, &json)
        }
        json.endObject()
    }

    private func writeBannerText(_ t: BannerText, _ order: MemberOrder, _ json: inout JSONWriter) {
        json.beginObject()
        for key in BannerTextKey.keys(order) {
            switch key {
            case .text: string(key, t.text, &json)
            case .type: string(key, t.type?.rawValue, &json)
            case .modifier: string(key, t.modifier?.rawValue, &json)
            case .degrees:
                if let degrees = t.degrees { member(key, degrees, &json) }
            case .components: array(key, t.components, &json) { writeComponent($0, order, &$1) }
            }
        }
        json.endObject()
    }

    private func writeComponent(_ c: BannerComponent, _ order: MemberOrder, _ json: inout JSONWriter) {
        json.beginObject()
        for key in ComponentKey.keys(order) {
            switch key {
            case .text: string(key, c.text, &json)
            case .type: string(key, c.type, &json)
            case .abbr: string(key, c.abbreviation, &json)
            case .abbrPriority:
                if let priority = c.abbreviationPriority { member(key, Double(priority), &json) }
            case .directions:
                if let directions = c.directions { array(key, directions, &json) { $1.string($0) } }
            case .active:
                if let active = c.isActive {
                    json.key(key.rawValue)
                    json.bool(active)
                }
            }
        }
        json.endObject()
    }

    /// A shape in the writer's geometry format: an encoded polyline, or a GeoJSON LineString.
    private func writeShape(_ line: [Coordinate], _ order: MemberOrder, _ json: inout JSONWriter) {
        if let precision = geometry.polylinePrecision {
            json.string(PolylineCodec.encode(line, precision: precision))
            return
        }
        json.beginObject()
        for key in LineStringKey.keys(order) {
            switch key {
            case .type: string(key, "LineString", &json)
            case .coordinates: array(key, line, &json, writePosition)
            }
        }
        json.endObject()
    }

    // MARK: Members

    /// `"key":[…]`, each element written by `element`.
    private func array<Key: RawRepresentable<String>, Element>(
        _ key: Key, _ elements: [Element], _ json: inout JSONWriter, _ element: (Element, inout JSONWriter) -> Void
    ) {
        json.key(key.rawValue)
        json.beginArray()
        for e in elements { element(e, &json) }
        json.endArray()
    }

    /// `"key":"value"`, nothing when `value` is nil.
    private func string<Key: RawRepresentable<String>>(_ key: Key, _ value: String?, _ json: inout JSONWriter) {
        guard let value else { return }
        json.key(key.rawValue)
        json.string(value)
    }

    private func member<Key: RawRepresentable<String>>(_ key: Key, _ value: Double, _ json: inout JSONWriter) {
        json.key(key.rawValue)
        writeNumber(value, &json)
    }

    /// A number as `JSONWriter.value(.number(_))` writes it: integral values below 2^53 as integers.
    private func writeNumber(_ value: Double, _ json: inout JSONWriter) {
        if value == value.rounded(), value.magnitude < 9_007_199_254_740_992 { json.int(Int64(value)) } else { json.number(value) }
    }

    /// A `[lon, lat]` array.
    private func writePosition(_ c: Coordinate, _ json: inout JSONWriter) {
        json.beginArray()
        writeNumber(c.longitude, &json)
        writeNumber(c.latitude, &json)
        json.endArray()
    }
}

// MARK: - Member keys

/// The members of one kind of object, declared in the documented order, with their byte order.
private protocol MemberKeys: RawRepresentable<String>, CaseIterable {
    static var documented: [Self] { get }
    static var sorted: [Self] { get }
}

extension MemberKeys {
    /// The members in `order`.
    static func keys(_ order: OSRMWriter.MemberOrder) -> [Self] { order == .sorted ? sorted : documented }

    /// `keys` sorted by their names' bytes.
    static func byteOrder(_ keys: [Self]) -> [Self] { keys.sorted { $0.rawValue.utf8.lexicographicallyPrecedes($1.rawValue.utf8) } }
}

private enum RouteKey: String, MemberKeys {
    case distance, duration, weight, weightName = "weight_name", geometry, legs, waypoints, voiceLocale
    case waygateOptions = "waygate_options", departureTime = "departure_time", arrivalTime = "arrival_time"
    static let documented = Array(allCases), sorted = byteOrder(documented)
}

private enum OptionsKey: String, MemberKeys {
    case profile, units, avoid
    static let documented = Array(allCases), sorted = byteOrder(documented)
}

private enum WaypointKey: String, MemberKeys {
    case name, location, distance
    static let documented = Array(allCases), sorted = byteOrder(documented)
}

private enum LegKey: String, MemberKeys {
    case distance, duration, weight, summary, steps, annotation
    static let documented = Array(allCases), sorted = byteOrder(documented)
}

private enum StepKey: String, MemberKeys {
    case distance, duration, weight, geometry, name, ref, destinations, exits, rotaryName = "rotary_name", mode
    case drivingSide = "driving_side", maneuver, intersections, voiceInstructions, bannerInstructions
    static let documented = Array(allCases), sorted = byteOrder(documented)
}

private enum ManeuverKey: String, MemberKeys {
    case type, modifier, location, bearingBefore = "bearing_before", bearingAfter = "bearing_after", exit, instruction
    static let documented = Array(allCases), sorted = byteOrder(documented)
}

private enum IntersectionKey: String, MemberKeys {
    case location, bearings, entry, `in`, out, classes
    static let documented = Array(allCases), sorted = byteOrder(documented)
}

private enum AnnotationKey: String, MemberKeys {
    case distance, duration, speed, maxspeed
    static let documented = Array(allCases), sorted = byteOrder(documented)
}

private enum VoiceKey: String, MemberKeys {
    case distanceAlongGeometry, announcement, ssmlAnnouncement
    static let documented = Array(allCases), sorted = byteOrder(documented)
}

private enum BannerTextKey: String, MemberKeys {
    case text, type, modifier, degrees, components
    static let documented = Array(allCases), sorted = byteOrder(documented)
}

private enum ComponentKey: String, MemberKeys {
    case text, type, abbr, abbrPriority = "abbr_priority", directions, active
    static let documented = Array(allCases), sorted = byteOrder(documented)
}

private enum LineStringKey: String, MemberKeys {
    case type, coordinates
    static let documented = Array(allCases), sorted = byteOrder(documented)
}
