/// A WGS84 position in degrees. Always built with labels: there are no bare (lat, lon) pairs.
public struct Coordinate: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Latitude in degrees, positive north.
    public var latitude: Degrees
    /// Longitude in degrees, positive east.
    public var longitude: Degrees

    /// A coordinate from latitude and longitude in degrees.
    @inlinable public init(latitude: Degrees, longitude: Degrees) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether both components are finite and within [-90, 90] × [-180, 180].
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }

    public var description: String { "\(latitude),\(longitude)" }

    /// Great-circle (haversine) distance to `other`, in metres.
    @inlinable public func distance(to other: Coordinate) -> Meters {
        let dLat = (other.latitude - latitude).radians
        let dLon = (other.longitude - longitude).radians
        let a = sinSquared(dLat / 2) + cosine(latitude.radians) * cosine(other.latitude.radians) * sinSquared(dLon / 2)
        // NaN first: `min(1, .nan)` is 1, which would make an unknown end half the Earth away.
        return 2 * earthRadius * arcsine(min(a.squareRoot(), 1))
    }

    /// The cosine of the latitude, as `distance(to:)` takes it.
    @inlinable public var latitudeCosine: Double { cosine(latitude.radians) }

    /// `distance(to:)` given both latitudes' cosines (`latitudeCosine` of this point and of
    /// `other`): the same value bit for bit, for a caller walking a line that takes each point's
    /// cosine once instead of twice.
    @inlinable public func distance(to other: Coordinate, cosines: (Double, Double)) -> Meters {
        let dLat = (other.latitude - latitude).radians
        let dLon = (other.longitude - longitude).radians
        let a = sinSquared(dLat / 2) + cosines.0 * cosines.1 * sinSquared(dLon / 2)
        return 2 * earthRadius * arcsine(min(a.squareRoot(), 1))
    }

    /// Initial great-circle bearing towards `other`, degrees clockwise from north in [0, 360).
    @inlinable public func bearing(to other: Coordinate) -> Degrees {
        let φ1 = latitude.radians, φ2 = other.latitude.radians
        let Δλ = (other.longitude - longitude).radians
        let y = sine(Δλ) * cosine(φ2)
        let x = cosine(φ1) * sine(φ2) - sine(φ1) * cosine(φ2) * cosine(Δλ)
        return Bearing.normalized(arctangent2(y, x).degrees)
    }

    /// The point reached by travelling `distance` metres from here on initial `bearing`.
    @inlinable public func destination(distance: Meters, bearing: Degrees) -> Coordinate {
        let δ = distance / earthRadius, θ = bearing.radians
        let φ1 = latitude.radians, λ1 = longitude.radians
        let φ2 = arcsine(sine(φ1) * cosine(δ) + cosine(φ1) * sine(δ) * cosine(θ))
        let λ2 = λ1 + arctangent2(sine(θ) * sine(δ) * cosine(φ1), cosine(δ) - sine(φ1) * sine(φ2))
        var lon = λ2.degrees
        if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
        return Coordinate(latitude: φ2.degrees, longitude: lon)
    }

    /// The point a fraction `t` (0…1) of the way to `other`, interpolated linearly in degrees
    /// (exact enough for the sub-kilometre segments of road geometry).
    @inlinable public func interpolated(to other: Coordinate, fraction t: Double) -> Coordinate {
        Coordinate(
            latitude: latitude + (other.latitude - latitude) * t,
            longitude: longitude + (other.longitude - longitude) * t)
    }
}
