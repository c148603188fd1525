/// GSV — GNSS satellites in view, up to four per sentence.
///
///     $GPGSV,3,1,12,05,06,110,19,10,24,284,34,13,37,124,29,15,63,083,11,1*60
///     1 sentences in group  2 this sentence  3 satellites in view
///     4-7 id, elevation, azimuth, SNR (repeated)  last: signal id (NMEA 4.1, optional)
public struct GSV: Sendable, Hashable {
    /// One satellite entry.
    public struct Entry: Sendable, Hashable {
        /// Satellite id as sent (its meaning depends on the talker; never 0: gpsd skips those).
        public var id: Int
        /// Elevation, degrees.
        public var elevation: Int?
        /// Azimuth, degrees true.
        public var azimuth: Int?
        /// Signal-to-noise ratio, dB-Hz; nil when not tracked.
        public var snr: Int?

        /// An entry; nil fields were empty.
        public init(id: Int, elevation: Int?, azimuth: Int?, snr: Int?) {
            self.id = id
            self.elevation = elevation
            self.azimuth = azimuth
            self.snr = snr
        }
    }

    /// Number of sentences in the group (0 when empty or not a number).
    public var sentenceCount: Int
    /// This sentence's number in the group, from 1 (0 when empty or not a number).
    public var sentenceNumber: Int
    /// Total satellites in view (all sentences of the group).
    public var satellitesInView: Int?
    /// The satellites in this sentence, read as gpsd 3.22 reads them.
    public var entries: [Entry]
    /// NMEA 4.1 signal id, when the sentence carries one.
    public var signalID: Int?
    /// Number of fields as gpsd 3.22 counts them (`NMEAFields.gpsdFieldCount`).
    public var fieldCount: Int
    /// Whether gpsd 3.22 takes the sentence: more than 3 fields, a count of 4n or 4n + 1 (a signal id
    /// last), a sentence number from 1. gpsd empties the sky view for any other GSV.
    public var isWellFormed: Bool

    /// Reads a GSV sentence's fields, counted as gpsd counts them: a sentence without a checksum
    /// has one field fewer, so an NMEA 4.1 one loses its signal id and an older one is not well formed.
    public init(_ f: NMEAFields) {
        let count = f.gpsdFieldCount
        fieldCount = count
        sentenceCount = f.int(1) ?? 0
        sentenceNumber = f.int(2) ?? 0
        satellitesInView = f.int(3)
        isWellFormed = count > 3 && count % 4 <= 1 && sentenceNumber >= 1
        signalID = isWellFormed && count % 4 == 1 ? f.int(count - 1) : nil
        var entries: [Entry] = []
        if isWellFormed {
            entries.reserveCapacity(count / 4 - 1)  // one allocation, not one per doubling
            // gpsd reads the satellites as a stream of fields: an empty or 0 id moves it on one
            // field only (so an entry with an empty id but an elevation is read from its elevation
            // on), and a field past its count is empty.
            f.withUnsafeFields { u in
                func field(_ i: Int) -> Int? { i < count ? u.int(i) : nil }
                var k = 4
                while k < count / 4 * 4 {
                    guard let id = u.int(k), id != 0 else {
                        k += 1
                        continue
                    }
                    entries.append(Entry(id: id, elevation: field(k + 1), azimuth: field(k + 2), snr: field(k + 3)))
                    k += 4
                }
            }
        }
        self.entries = entries
    }
}
