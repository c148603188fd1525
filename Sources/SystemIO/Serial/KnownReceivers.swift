/// USB identities of GNSS receivers and the USB-serial chips they are built on, the same list
/// as `udev/60-waygate-gnss.rules` (a test checks the two agree).
public enum KnownReceivers {
    /// `VID:PID` (lower-case hex) → what it is.
    public static let byUSBID: [String: String] = [
        "1546:01a5": "u-blox 5",
        "1546:01a6": "u-blox 6",
        "1546:01a7": "u-blox 7",
        "1546:01a8": "u-blox 8",
        "1546:01a9": "u-blox 9",
        "067b:2303": "Prolific PL2303 (GlobalSat BU-353)",
        "067b:23a3": "Prolific PL2303GC (GlobalSat BU-353N)",
        "067b:aaa0": "Prolific PS-360 OEM",
        "10c4:ea60": "Silicon Labs CP210x (Holux, Wintec, Adafruit)",
        "10c4:ea71": "Silicon Labs CP210x composite",
        "0403:6001": "FTDI FT232",
        "1163:0100": "Cypress M8 (DeLorme Earthmate)",
        "1163:0200": "Cypress M8 (DeLorme Earthmate)",
        "091e:0003": "Garmin USB GPS",
        "0e8d:3329": "MediaTek MT3329",
        "1bc7:0021": "Telit HE910 GNSS",
    ]

    /// What the receiver at `usbID` is, if known.
    public static func name(forUSBID usbID: String?) -> String? { usbID.flatMap { byUSBID[$0] } }
}
