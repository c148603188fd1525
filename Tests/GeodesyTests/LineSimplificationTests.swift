import Geodesy
import Testing

@Suite("Line simplification and bounding boxes")
struct LineSimplificationTests {
    /// Points every ~11 m along a meridian, the middle one pushed `offset` metres east.
    func line(offset: Meters) -> [Coordinate] {
        (0...10).map { i in
            let c = Coordinate(latitude: 60 + Double(i) * 0.0001, longitude: 25)
            return i == 5 ? c.destination(distance: offset, bearing: 90) : c
        }
    }

    @Test("collinear vertices go, a bump beyond the tolerance stays, the ends always stay")
    func douglasPeucker() {
        #expect(LineSimplification.keptIndexes(line(offset: 0), tolerance: 1) == [0, 10])
        #expect(LineSimplification.keptIndexes(line(offset: 5), tolerance: 4.5) == [0, 5, 10])
        // Once the bump is kept, its neighbours lie ~4 m off the lines to it.
        #expect(LineSimplification.keptIndexes(line(offset: 5), tolerance: 2) == [0, 4, 5, 6, 10])
        #expect(LineSimplification.keptIndexes(line(offset: 5), tolerance: 10) == [0, 10])
        #expect(LineSimplification.keptIndexes(line(offset: 5), tolerance: 0).count == 11)
        #expect(LineSimplification.simplified(Array(line(offset: 0).prefix(2)), tolerance: 100).count == 2)
    }

    @Test("a box encloses, contains, intersects and grows by metres")
    func boundingBox() throws {
        let box = try #require(BoundingBox(enclosing: [
            Coordinate(latitude: 60.1, longitude: 24.9), Coordinate(latitude: 60.2, longitude: 25.0),
        ]))
        #expect(box == BoundingBox(south: 60.1, west: 24.9, north: 60.2, east: 25.0))
        #expect(box.contains(Coordinate(latitude: 60.15, longitude: 24.95)))
        #expect(!box.contains(Coordinate(latitude: 60.25, longitude: 24.95)))
        #expect(box.intersects(BoundingBox(south: 60.19, west: 24.99, north: 61, east: 26)))
        #expect(!box.intersects(BoundingBox(south: 60.21, west: 24.9, north: 61, east: 26)))
        let grown = box.expanded(by: 1000)
        #expect(abs((grown.north - box.north) * 111_195 - 1000) < 1)
        #expect(BoundingBox(enclosing: [Coordinate]()) == nil)
        #expect(box.description == "24.9,60.1,25.0,60.2")
    }
}
