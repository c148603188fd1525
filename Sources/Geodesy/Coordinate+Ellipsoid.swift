extension Coordinate {
    /// WGS84 semi-major axis (m) and flattening.
    static let wgs84A = 6_378_137.0, wgs84F = 1 / 298.257_223_563

    /// Distance to `other` on the WGS84 ellipsoid (Vincenty's inverse formula), metres: what gpsd
    /// uses for speeds and course errors it derives from successive fixes. Falls back to the
    /// spherical `distance(to:)` for nearly antipodal points, where the iteration does not converge.
    public func ellipsoidalDistance(to other: Coordinate) -> Meters {
        let a = Self.wgs84A, f = Self.wgs84F, b = a * (1 - f)
        let L = (other.longitude - longitude) * .pi / 180
        let U1 = arctangent((1 - f) * tangent(latitude * .pi / 180)), U2 = arctangent((1 - f) * tangent(other.latitude * .pi / 180))
        let sinU1 = sine(U1), cosU1 = cosine(U1), sinU2 = sine(U2), cosU2 = cosine(U2)
        var lambda = L
        for _ in 0..<100 {
            let sinLambda = sine(lambda), cosLambda = cosine(lambda)
            let sinSigma = ((cosU2 * sinLambda) * (cosU2 * sinLambda)
                + (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda) * (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda)).squareRoot()
            if sinSigma == 0 { return 0 }  // coincident points
            let cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
            let sigma = arctangent2(sinSigma, cosSigma)
            let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
            let cosSqAlpha = 1 - sinAlpha * sinAlpha
            let cos2SigmaM = cosSqAlpha == 0 ? 0 : cosSigma - 2 * sinU1 * sinU2 / cosSqAlpha  // equatorial line
            let C = f / 16 * cosSqAlpha * (4 + f * (4 - 3 * cosSqAlpha))
            let previous = lambda
            lambda = L + (1 - C) * f * sinAlpha
                * (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
            if abs(lambda - previous) < 1e-12 {
                let uSq = cosSqAlpha * (a * a - b * b) / (b * b)
                let A = 1 + uSq / 16384 * (4096 + uSq * (-768 + uSq * (320 - 175 * uSq)))
                let B = uSq / 1024 * (256 + uSq * (-128 + uSq * (74 - 47 * uSq)))
                let deltaSigma = B * sinSigma * (cos2SigmaM + B / 4 * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)
                    - B / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
                return b * A * (sigma - deltaSigma)
            }
        }
        return distance(to: other)
    }
}
