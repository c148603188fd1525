import JSON
import Testing

/// `JSONWriter.inPlace` writes the same bytes as the writer's own methods, commas included.
@Suite("JSONWriter in place")
struct JSONWriterInPlaceTests {
    @Test("members written in place equal the same members written one by one")
    func sameBytes() {
        let numbers: [Double?] = [0, -0.0, 1.25, -2.675, 45.4642, 1e29, 3e200, -.infinity, .nan, nil]
        for number in numbers {
            var one = JSONWriter()
            one.beginArray()
            one.int(7)
            one.beginObject()
            one.member("PRN", 12)
            one.member("el", number, decimals: 1)
            one.member("used", true)
            one.member("none", nil as Int?)
            one.member("health", -3)
            one.endObject()
            one.beginObject()
            one.member("off", false)
            one.endObject()
            one.endArray()

            var run = JSONWriter()
            run.beginArray()
            run.int(7)
            run.inPlace(reserving: 1_280) { w in
                w.beginObject()
                w.member("PRN", 12)
                w.member("el", number, decimals: 1)
                w.member("used", true)
                w.member("none", nil as Int?)
                w.member("health", -3)
                w.endObject()
            }
            run.inPlace(reserving: 64) { w in
                w.beginObject()
                w.member("off", false)
                w.endObject()
            }
            run.endArray()
            #expect(String(decoding: run.bytes, as: UTF8.self) == String(decoding: one.bytes, as: UTF8.self))
        }
    }

    @Test("a concrete run")
    func concrete() {
        var json = JSONWriter()
        json.inPlace(reserving: 256) { w in
            w.beginObject()
            w.member("PRN", 5)
            w.member("az", 210.0, decimals: 1)
            w.member("x", .nan, decimals: 2)
            w.member("used", false)
            w.endObject()
        }
        #expect(String(decoding: json.bytes, as: UTF8.self) == #"{"PRN":5,"az":210.0,"x":null,"used":false}"#)
    }
}
