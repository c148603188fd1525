import Guidance
import RouteModel
import Testing

@Suite("SpokenDistance")
struct SpokenDistanceTests {
    @Test(
        "metric rounding as a person says it",
        arguments: [
            (4.0, "10 metres", "10 metri"), (57, "60 metres", "60 metri"), (94, "90 metres", "90 metri"), (96, "100 metres", "100 metri"),
            (412, "400 metres", "400 metri"), (430, "450 metres", "450 metri"), (974, "950 metres", "950 metri"),
            (980, "1 kilometre", "1 chilometro"), (1_260, "1.5 kilometres", "1,5 chilometri"), (2_240, "2 kilometres", "2 chilometri"),
            (9_800, "10 kilometres", "10 chilometri"), (23_400, "23 kilometres", "23 chilometri"),
        ])
    func metric(meters: Double, english: String, italian: String) {
        #expect(SpokenDistance(meters, units: .metric).phrase(PhraseTable.english.distances) == english)
        #expect(SpokenDistance(meters, units: .metric).phrase(PhraseTable.italian.distances) == italian)
    }

    @Test(
        "imperial rounding: feet, then quarter miles, then half miles",
        arguments: [
            (10.0, "30 feet", "30 piedi"), (152.4, "500 feet", "500 piedi"), (300, "1000 feet", "1000 piedi"),
            (402, "a quarter mile", "un quarto di miglio"), (800, "half a mile", "mezzo miglio"),
            (1_200, "three quarters of a mile", "tre quarti di miglio"), (1_609, "1 mile", "1 miglio"),
            (2_400, "1.5 miles", "1,5 miglia"), (20_000, "12 miles", "12 miglia"),
        ])
    func imperial(meters: Double, english: String, italian: String) {
        #expect(SpokenDistance(meters, units: .imperial).phrase(PhraseTable.english.distances) == english)
        #expect(SpokenDistance(meters, units: .imperial).phrase(PhraseTable.italian.distances) == italian)
    }
}

@Suite("SpokenDistance limits")
struct SpokenDistanceLimitTests {
    @Test("negative, huge and not-a-number distances are spoken without trapping")
    func limits() {
        #expect(SpokenDistance(-5, units: .metric) == .metres(10))
        #expect(SpokenDistance(1e300, units: .metric) == .kilometres(40_075))
        #expect(SpokenDistance(.nan, units: .imperial) == .feet(10))
        let steps = InstructionWriter().annotate(stepsRoute([maneuverStep(.depart, distance: 1e300, duration: 1), maneuverStep(.arrive, distance: 0, duration: 0)]))
        #expect(steps.legs[0].steps[0].voiceInstructions.count == 4)
    }
}
