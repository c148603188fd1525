/// GSA — GNSS DOP and active satellites.
///
///     $GNGSA,A,3,13,16,21,15,10,29,27,20,,,,,1.05,0.64,0.83,1*03
///     1 selection (M/A)  2 mode (1 none, 2 2D, 3 3D)  3-14 satellite ids used
///     15 PDOP  16 HDOP  17 VDOP  18 system id (NMEA 4.1: 1 GPS, 2 GLONASS, 3 Galileo, 4 BeiDou)
public struct GSA: Sendable, Hashable {
    /// `A` automatic or `M` manual 2D/3D selection.
    public var selection: Character?
    /// Fix mode 1–3, nil when empty.
    public var mode: Int?
    /// Whether field 2 holds `E` (an Antaris dead-reckoning estimate gpsd ignores).
    public var modeIsEstimate: Bool
    /// Satellite ids used in the solution, in order, empty fields skipped.
    public var satelliteIDs: [Int]
    /// Position, horizontal and vertical dilution of precision (none read from a GSA of more than 19
    /// fields, as gpsd 3.22 reads none).
    public var pdop: Double?, hdop: Double?, vdop: Double?
    /// NMEA 4.1 system id, if present.
    public var systemID: Int?
    /// Number of fields as gpsd 3.22 counts them (`NMEAFields.gpsdFieldCount`: one fewer without a
    /// checksum); gpsd ignores a GSA with fewer than 18.
    public var fieldCount: Int

    /// Reads a GSA sentence's fields.
    public init(_ f: NMEAFields) throws {
        guard f.count >= 3 else { throw NMEAError.tooFewFields(f.text, needed: 3, got: f.count) }
        fieldCount = f.gpsdFieldCount
        selection = f.character(1)
        mode = f.int(2)
        modeIsEstimate = f.firstByte(2) == UInt8(ascii: "E")
        // gpsd 3.22 reads the DOPs from fields 15–17 of a GSA of 18 or 19 fields only, and ids up to
        // the fourth field from the end (a longer GSA, as the Navior-24's 24 ids, gives ids only).
        let count = fieldCount
        let dopStart = count > 19 ? count - 3 : count >= 18 ? 15 : max(3, count - 3)
        // One array, sized once (not a `compactMap` then a `filter`).
        var ids: [Int] = []
        ids.reserveCapacity(max(0, dopStart - 3))
        f.withUnsafeFields { u in
            for k in 3..<max(3, dopStart) {
                if let id = u.int(k), id > 0 { ids.append(id) }
            }
        }
        satelliteIDs = ids
        if count > 19 {
            pdop = nil; hdop = nil; vdop = nil
        } else {
            pdop = f.double(dopStart)
            hdop = f.double(dopStart + 1)
            vdop = f.double(dopStart + 2)
        }
        systemID = count == 19 ? f.int(18) : nil
    }
}
