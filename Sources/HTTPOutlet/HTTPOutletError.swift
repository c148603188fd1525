/// Why the HTTP server could not start.
public enum HTTPOutletError: Error, Equatable, CustomStringConvertible {
    /// The listen address is not a loopback address and `allowNonLoopback` was not given.
    case nonLoopbackAddress(String)
    /// The listen address is not a numeric IPv4/IPv6 address (or `localhost`).
    case badAddress(String)
    /// `leaflet.js` is not in the Leaflet directory.
    case leafletMissing(directory: String)
    /// Binding or listening failed (port in use, permission denied…).
    case cannotListen(address: String, reason: String)
    /// libmicrohttpd refused to start on the bound socket.
    case daemonFailed(address: String)

    /// A one-line message naming the bad input.
    public var description: String {
        switch self {
        case .nonLoopbackAddress(let host):
            "refusing to listen on non-loopback address \(host): the live map has no authentication (allow it explicitly)"
        case .badAddress(let host): "bad listen address \"\(host)\": expected a numeric IPv4/IPv6 address or localhost"
        case .leafletMissing(let directory): "Leaflet not found at \(directory): install libjs-leaflet"
        case .cannotListen(let address, let reason): "cannot listen on \(address): \(reason)"
        case .daemonFailed(let address): "libmicrohttpd could not start on \(address)"
        }
    }
}
