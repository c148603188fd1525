import RouteModel

extension OSRMReader {
    /// `route` if it can be driven: at least one leg, every leg with steps (after
    /// `completingEmptyLegs`) and a shape of two positions or more. `prefix` names the route
    /// in errors (`routes[1].`, or empty for a single route object).
    /// - Throws: `RouteFormatError.invalidValue` naming the first empty part.
    static func drivable(_ route: Route, prefix: String) throws -> Route {
        guard !route.legs.isEmpty else { throw RouteFormatError.invalidValue(source: source, path: prefix + "legs", problem: "is empty") }
        guard route.geometry.count >= 2 else {
            throw RouteFormatError.invalidValue(source: source, path: prefix + "geometry", problem: "has fewer than two positions")
        }
        if let j = route.legs.firstIndex(where: \.steps.isEmpty) {
            throw RouteFormatError.invalidValue(source: source, path: prefix + "legs[\(j)].steps", problem: "is empty")
        }
        return route
    }
}
