import Geodesy
public import JSON
public import RouteModel

extension OSRMWriter {
    /// Writes `route` as one route object straight into `json`, every object's members sorted by
    /// key (byte order): the bytes `json.sortedValue(routeObject(route))` writes — the form the
    /// socket's `route` replies carry — without building the value tree first (a 3 km route's
    /// object is ~40 KiB: the tree and its sorting cost more than the route's guidance).
    public func writeSortedRouteObject(_ route: Route, to json: inout JSONWriter) {
        let times = RouteTimes(departure: departureTime, duration: route.duration)
        json.beginObject()
        for key in RouteKey.sorted {
            switch key {
            case .arrivalTime, .departureTime:
                guard let times else { continue }
                json.key(key.rawValue)
                json.string(key == .arrivalTime ? times.arrival : times.departure)
            case .distance: member(key, route.distance, &json)
            case .duration: member(key, route.duration, &json)
            case .weight: member(key, route.weight, &json)
            case .weightName:
                json.key(key.rawValue)
                json.string(route.weightName)
            case .geometry:
                json.key(key.rawValue)
                writeShape(route.geometry, &json)
            case .legs:
                array(key, route.legs, &json, writeLeg)
            case .waypoints:
                array(key, route.waypoints, &json, writeWaypoint)
            case .voiceLocale:
                json.key(key.rawValue)
                json.string(route.options.language)
            case .waygateOptions:
                // avoid, profile, units: already in byte order.
                json.key(key.rawValue)
                json.beginObject()
                writeKey("avoid", &json)
                json.beginArray()
                for name in route.options.avoid { json.string(name) }
                json.endArray()
                writeKey("profile", &json)
                json.string(route.options.profile)
                writeKey("units", &json)
                json.string(route.options.units.rawValue)
                json.endObject()
            }
        }
        json.endObject()
    }

    /// `"key":[…]`, each element written by `element`.
    private func array<Key: RawRepresentable<String>, Element>(
        _ key: Key, _ elements: [Element], _ json: inout JSONWriter, _ element: (Element, inout JSONWriter) -> Void
    ) {
        json.key(key.rawValue)
        json.beginArray()
        for e in elements { element(e, &json) }
        json.endArray()
    }

    /// `"name":` for a member name known at compile time.
    private func writeKey(_ name: StaticString, _ json: inout JSONWriter) { json.key(name) }

    /// A number as `JSONWriter.value(.number(_))` writes it: integral values below 2^53 as integers.
    private func writeNumber(_ value: Double, _ json: inout JSONWriter) {
        if value == value.rounded(), value.magnitude < 9_007_199_254_740_992 { json.int(Int64(value)) } else { json.number(value) }
    }

    private func member<Key: RawRepresentable<String>>(_ key: Key, _ value: Double, _ json: inout JSONWriter) {
        json.key(key.rawValue)
        writeNumber(value, &json)
    }

    private func writePosition(_ c: Coordinate, _ json: inout JSONWriter) {
        json.beginArray()
        writeNumber(c.longitude, &json)
        writeNumber(c.latitude, &json)
        json.endArray()
    }

    private func writeShape(_ line: [Coordinate], _ json: inout JSONWriter) {
        guard let precision = geometry.polylinePrecision else {
            // GeoJSON LineString: coordinates, type.
            json.beginObject()
            writeKey("coordinates", &json)
            json.beginArray()
            for c in line { writePosition(c, &json) }
            json.endArray()
            writeKey("type", &json)
            json.string("LineString")
            json.endObject()
            return
        }
        json.string(PolylineCodec.encode(line, precision: precision))
    }

    private func writeWaypoint(_ waypoint: Waypoint, _ json: inout JSONWriter) {
        // distance, location, name.
        json.beginObject()
        if let d = waypoint.distance { member(WaypointKey.distance, d, &json) }
        writeKey("location", &json)
        writePosition(waypoint.location, &json)
        writeKey("name", &json)
        json.string(waypoint.name)
        json.endObject()
    }

    private func writeLeg(_ leg: RouteLeg, _ json: inout JSONWriter) {
        json.beginObject()
        for key in LegKey.sorted {
            switch key {
            case .annotation:
                guard let annotation = leg.annotation else { continue }
                json.key(key.rawValue)
                writeAnnotation(annotation, &json)
            case .distance: member(key, leg.distance, &json)
            case .duration, .weight: member(key, leg.duration, &json)
            case .steps:
                array(key, leg.steps, &json, writeStep)
            case .summary:
                json.key(key.rawValue)
                json.string(leg.summary)
            }
        }
        json.endObject()
    }

    private func writeStep(_ step: RouteStep, _ json: inout JSONWriter) {
        json.beginObject()
        for key in StepKey.sorted {
            switch key {
            case .distance: member(key, step.distance, &json)
            case .duration, .weight: member(key, step.duration, &json)
            case .geometry:
                json.key(key.rawValue)
                writeShape(step.geometry, &json)
            case .name: string(key, step.name, &json)
            case .ref: string(key, step.ref, &json)
            case .destinations: string(key, step.destinations, &json)
            case .exits: string(key, step.exits, &json)
            case .rotaryName: string(key, step.rotaryName, &json)
            case .mode: string(key, step.mode, &json)
            case .drivingSide: string(key, step.drivingSide, &json)
            case .maneuver:
                json.key(key.rawValue)
                writeManeuver(step.maneuver, &json)
            case .intersections:
                array(key, step.intersections, &json, writeIntersection)
            case .voiceInstructions:
                json.key(key.rawValue)
                json.beginArray()
                for voice in step.voiceInstructions {
                    // announcement, distanceAlongGeometry, ssmlAnnouncement.
                    json.beginObject()
                    writeKey("announcement", &json)
                    json.string(voice.announcement)
                    member(VoiceKey.distanceAlongGeometry, voice.distanceAlongGeometry, &json)
                    writeKey("ssmlAnnouncement", &json)
                    json.string(voice.ssmlAnnouncement)
                    json.endObject()
                }
                json.endArray()
            case .bannerInstructions:
                json.key(key.rawValue)
                json.beginArray()
                for banner in step.bannerInstructions {
                    // distanceAlongGeometry, primary, secondary, sub.
                    json.beginObject()
                    member(VoiceKey.distanceAlongGeometry, banner.distanceAlongGeometry, &json)
                    writeKey("primary", &json)
                    writeBannerText(banner.primary, &json)
                    if let secondary = banner.secondary {
                        writeKey("secondary", &json)
                        writeBannerText(secondary, &json)
                    }
                    if let sub = banner.sub {
                        writeKey("sub", &json)
                        writeBannerText(sub, &json)
                    }
                    json.endObject()
                }
                json.endArray()
            }
        }
        json.endObject()
    }

    private func string<Key: RawRepresentable<String>>(_ key: Key, _ value: String?, _ json: inout JSONWriter) {
        guard let value else { return }
        json.key(key.rawValue)
        json.string(value)
    }

    private func writeManeuver(_ m: Maneuver, _ json: inout JSONWriter) {
        // bearing_after, bearing_before, exit, instruction, location, modifier, type.
        json.beginObject()
        member(ManeuverKey.bearingAfter, m.bearingAfter, &json)
        member(ManeuverKey.bearingBefore, m.bearingBefore, &json)
        if let exit = m.exit { member(ManeuverKey.exit, Double(exit), &json) }
        writeKey("instruction", &json)
        json.string(m.instruction)
        writeKey("location", &json)
        writePosition(m.location, &json)
        string(ManeuverKey.modifier, m.modifier?.rawValue, &json)
        writeKey("type", &json)
        json.string(m.type.rawValue)
        json.endObject()
    }

    private func writeIntersection(_ i: Intersection, _ json: inout JSONWriter) {
        // bearings, classes, entry, in, location, out.
        json.beginObject()
        writeKey("bearings", &json)
        json.beginArray()
        for bearing in i.bearings { writeNumber(bearing, &json) }
        json.endArray()
        if !i.classes.isEmpty {
            writeKey("classes", &json)
            json.beginArray()
            for name in i.classes { json.string(name) }
            json.endArray()
        }
        writeKey("entry", &json)
        json.beginArray()
        for entry in i.entry { json.bool(entry) }
        json.endArray()
        if let inIndex = i.inIndex { member(IntersectionKey.in, Double(inIndex), &json) }
        writeKey("location", &json)
        writePosition(i.location, &json)
        if let outIndex = i.outIndex { member(IntersectionKey.out, Double(outIndex), &json) }
        json.endObject()
    }

    private func writeAnnotation(_ a: LegAnnotation, _ json: inout JSONWriter) {
        // distance, duration, maxspeed, speed (each left out when empty).
        json.beginObject()
        for (key, values) in [(AnnotationKey.distance, a.distance), (.duration, a.duration)] where !values.isEmpty {
            array(key, values, &json, writeNumber)
        }
        if !a.maxSpeed.isEmpty {
            writeKey("maxspeed", &json)
            json.beginArray()
            for limit in a.maxSpeed {
                json.beginObject()
                if let limit {
                    if limit.isUnlimited {
                        writeKey("none", &json)
                        json.bool(true)
                    } else {
                        member(AnnotationKey.speed, limit.value, &json)
                        writeKey("unit", &json)
                        json.string(limit.unit)
                    }
                } else {
                    writeKey("unknown", &json)
                    json.bool(true)
                }
                json.endObject()
            }
            json.endArray()
        }
        if !a.speed.isEmpty {
            writeKey("speed", &json)
            json.beginArray()
            for value in a.speed { writeNumber(value, &json) }
            json.endArray()
        }
        json.endObject()
    }

    private func writeBannerText(_ t: BannerText, _ json: inout JSONWriter) {
        // components, degrees, modifier, text, type.
        json.beginObject()
        writeKey("components", &json)
        json.beginArray()
        for c in t.components {
            // abbr, abbr_priority, active, directions, text, type.
            json.beginObject()
            string(ComponentKey.abbr, c.abbreviation, &json)
            if let priority = c.abbreviationPriority { member(ComponentKey.abbrPriority, Double(priority), &json) }
            if let active = c.isActive {
                writeKey("active", &json)
                json.bool(active)
            }
            if let directions = c.directions {
                writeKey("directions", &json)
                json.beginArray()
                for direction in directions { json.string(direction) }
                json.endArray()
            }
            writeKey("text", &json)
            json.string(c.text)
            writeKey("type", &json)
            json.string(c.type)
            json.endObject()
        }
        json.endArray()
        if let degrees = t.degrees { member(BannerTextKey.degrees, degrees, &json) }
        string(BannerTextKey.modifier, t.modifier?.rawValue, &json)
        writeKey("text", &json)
        json.string(t.text)
        string(BannerTextKey.type, t.type?.rawValue, &json)
        json.endObject()
    }
}

/// The members of a route object (optional ones included), and their byte order.
private enum RouteKey: String, CaseIterable {
    case distance, duration, weight, weightName = "weight_name", geometry, legs, waypoints, voiceLocale
    case waygateOptions = "waygate_options", departureTime = "departure_time", arrivalTime = "arrival_time"
    static let sorted = allCases.sorted { $0.rawValue.utf8.lexicographicallyPrecedes($1.rawValue.utf8) }
}

/// The members of a leg object, and their byte order.
private enum LegKey: String, CaseIterable {
    case distance, duration, weight, summary, steps, annotation
    static let sorted = allCases.sorted { $0.rawValue.utf8.lexicographicallyPrecedes($1.rawValue.utf8) }
}

/// The members of a step object, and their byte order.
private enum StepKey: String, CaseIterable {
    case distance, duration, weight, geometry, name, ref, destinations, exits, rotaryName = "rotary_name", mode
    case drivingSide = "driving_side", maneuver, intersections, voiceInstructions, bannerInstructions
    static let sorted = allCases.sorted { $0.rawValue.utf8.lexicographicallyPrecedes($1.rawValue.utf8) }
}

/// Keys of the smaller objects, whose members are written in byte order by hand.
private enum WaypointKey: String { case distance }
private enum VoiceKey: String { case distanceAlongGeometry }
private enum ManeuverKey: String { case bearingAfter = "bearing_after", bearingBefore = "bearing_before", exit, modifier }
private enum IntersectionKey: String { case `in`, out }
private enum AnnotationKey: String { case distance, duration, speed }
private enum BannerTextKey: String { case degrees, modifier, type }
private enum ComponentKey: String { case abbr, abbrPriority = "abbr_priority" }
