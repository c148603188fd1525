public import Geodesy

extension SpeedLimit: WireObject {
    /// `{"unit":…,"value":…}`, keys sorted as the wire writes them.
    public func writeMembers(to object: inout WireObjectWriter) {
        object.member("unit", unit)
        object.member("value", value)
    }
}
