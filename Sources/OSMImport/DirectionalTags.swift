/// Values of OSM keys that may differ by direction (`maxspeed:forward`, `motor_vehicle:backward`):
/// the first of several keys that gives a value, per direction of the way's node order, a
/// `:forward` / `:backward` value before the plain key's (OSRM `Tags.get_forward_backward_by_set`).
enum DirectionalTags {
    /// The forward and backward values of the first of `keys` (most specific first) that has one.
    static func values(_ tags: [String: String], _ keys: [String]) -> (forward: String?, backward: String?) {
        var forward: String?, backward: String?
        for key in keys {
            if forward == nil { forward = tags[key + ":forward"] }
            if backward == nil { backward = tags[key + ":backward"] }
            if forward == nil || backward == nil, let common = tags[key] {
                forward = forward ?? common
                backward = backward ?? common
            }
            if forward != nil && backward != nil { break }
        }
        return (forward, backward)
    }
}
