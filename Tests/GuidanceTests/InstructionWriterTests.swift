import Guidance
import RouteModel
import Testing

@Suite("InstructionWriter")
struct InstructionWriterTests {
    static let wording: [(RouteStep, String, String)] = [
        (maneuverStep(.depart, bearingAfter: 0), "Head north", "Procedi verso nord"),
        (maneuverStep(.depart, name: "Via Mazzini", bearingAfter: 135), "Head southeast on Via Mazzini", "Procedi verso sud-est su Via Mazzini"),
        (maneuverStep(.turn, .left, name: "Via Dante"), "Turn left onto Via Dante", "Gira a sinistra in Via Dante"),
        (maneuverStep(.turn, .right), "Turn right", "Gira a destra"),
        (maneuverStep(.turn, .slightRight, name: "Via Torino"), "Turn slightly right onto Via Torino", "Gira leggermente a destra in Via Torino"),
        (maneuverStep(.turn, .sharpLeft, name: "Via Larga"), "Turn sharp left onto Via Larga", "Gira decisamente a sinistra in Via Larga"),
        (maneuverStep(.turn, .straight, name: "Corso Magenta"), "Go straight onto Corso Magenta", "Prosegui dritto su Corso Magenta"),
        (maneuverStep(.turn, .uturn), "Make a U-turn", "Fai un'inversione a U"),
        (maneuverStep(.turn, .left, destinations: "Centro"), "Turn left towards Centro", "Gira a sinistra in direzione Centro"),
        (maneuverStep(.newName, .straight, name: "Via Manzoni"), "Continue onto Via Manzoni", "Continua su Via Manzoni"),
        (maneuverStep(.continue, .left, name: "Via Verri"), "Continue left onto Via Verri", "Continua a sinistra su Via Verri"),
        (maneuverStep(.continue, .uturn), "Make a U-turn", "Fai un'inversione a U"),
        (maneuverStep(.merge, .slightLeft, ref: "A4"), "Merge left onto A4", "Immettiti a sinistra in A4"),
        (maneuverStep(.merge, .straight, name: "Tangenziale Est", ref: "A51"), "Merge onto Tangenziale Est (A51)", "Immettiti in Tangenziale Est (A51)"),
        (maneuverStep(.onRamp, .right, ref: "A4;E64"), "Take the ramp onto A4 / E64", "Prendi la rampa per A4 / E64"),
        (maneuverStep(.offRamp, .slightRight, destinations: "Linate"), "Take the exit towards Linate", "Prendi l'uscita in direzione Linate"),
        (maneuverStep(.fork, .slightLeft, destinations: "Torino, Malpensa"), "Keep left at the fork towards Torino, Malpensa",
         "Al bivio tieniti a sinistra in direzione Torino, Malpensa"),
        (maneuverStep(.endOfRoad, .right, name: "Viale Monza"), "At the end of the road, turn right onto Viale Monza",
         "Alla fine della strada gira a destra in Viale Monza"),
        (maneuverStep(.roundabout, .right, name: "Corso Venezia", exit: 2), "Enter the roundabout and take the 2nd exit onto Corso Venezia",
         "Alla rotonda prendi la seconda uscita in Corso Venezia"),
        (maneuverStep(.rotary, .left, exit: 3), "Enter the roundabout and take the 3rd exit", "Alla rotonda prendi la terza uscita"),
        ({
            var s = maneuverStep(.rotary, .slightRight, name: "Piazza Duca d'Aosta", exit: 2)
            s.rotaryName = "Piazza Luigi di Savoia"
            return s
        }(), "Enter Piazza Luigi di Savoia and take the 2nd exit onto Piazza Duca d'Aosta",
         "In Piazza Luigi di Savoia prendi la seconda uscita in Piazza Duca d'Aosta"),
        (maneuverStep(.roundabout, .straight, exit: 12), "Enter the roundabout and take the 12th exit", "Alla rotonda prendi la 12ª uscita"),
        (maneuverStep(.roundaboutTurn, .left, name: "Via Orefici"), "At the roundabout, turn left onto Via Orefici", "Alla rotonda gira a sinistra in Via Orefici"),
        (maneuverStep(.exitRoundabout, .right, name: "Via Vittor Pisani"), "Exit the roundabout onto Via Vittor Pisani", "Esci dalla rotonda in Via Vittor Pisani"),
        (maneuverStep(.notification, .straight, name: "Via Meravigli"), "Continue onto Via Meravigli", "Continua su Via Meravigli"),
        (maneuverStep(.useLane, .right), "Keep right", "Tieniti a destra"),
        (maneuverStep(.arrive, name: "Piazza del Duomo"), "You have arrived at your destination", "Sei arrivato a destinazione"),
        (maneuverStep(.arrive, .left), "Your destination is on the left", "La destinazione è sulla sinistra"),
    ]

    @Test("every maneuver type and modifier is worded in English and Italian", arguments: wording)
    func wordingTable(step: RouteStep, english: String, italian: String) {
        #expect(InstructionWriter(language: "en").instruction(for: step) == english)
        #expect(InstructionWriter(language: "it-IT").instruction(for: step) == italian)
    }

    @Test("an unknown language falls back to English; the route's options record language and units")
    func fallbackAndOptions() {
        let writer = InstructionWriter(language: "xx", units: .imperial)
        #expect(writer.phrases.language == "en")
        let annotated = writer.annotate(stepsRoute([maneuverStep(.depart, distance: 300, duration: 30), maneuverStep(.arrive, distance: 0, duration: 0)]))
        #expect(annotated.options.language == "en")
        #expect(annotated.options.units == .imperial)
    }

    @Test("a town drive: depart, early, near and at-maneuver prompts, banners from the step start, arrive")
    func townDrive() {
        let steps = [
            maneuverStep(.depart, name: "Via Mazzini", distance: 900, duration: 90),
            maneuverStep(.turn, .right, name: "Corso Vittorio Emanuele II", destinations: "San Babila", distance: 600, duration: 60),
            maneuverStep(.arrive, .left, name: "Corso Vittorio Emanuele II", distance: 0, duration: 0),
        ]
        let legSteps = InstructionWriter(language: "en", units: .metric).annotate(stepsRoute(steps)).legs[0].steps
        #expect(legSteps.map(\.maneuver.instruction) == [
            "Head north on Via Mazzini", "Turn right onto Corso Vittorio Emanuele II", "Your destination is on the left",
        ])
        #expect(legSteps[0].voiceInstructions.map(\.distanceAlongGeometry) == [900, 400, 100, 20])
        #expect(legSteps[0].voiceInstructions.map(\.announcement) == [
            "Head north on Via Mazzini",
            "In 400 metres, turn right onto Corso Vittorio Emanuele II",
            "In 100 metres, turn right onto Corso Vittorio Emanuele II",
            "Turn right onto Corso Vittorio Emanuele II",
        ])
        #expect(legSteps[0].voiceInstructions[3].ssmlAnnouncement
            == "<speak><amazon:effect name=\"drc\"><prosody rate=\"1.08\">Turn right onto Corso Vittorio Emanuele II</prosody></amazon:effect></speak>")
        #expect(legSteps[1].voiceInstructions.map(\.announcement) == [
            "In 400 metres, your destination will be on the left", "In 100 metres, your destination will be on the left",
            "Your destination will be on the left",
        ])
        let banner = legSteps[0].bannerInstructions[0]
        #expect(banner.distanceAlongGeometry == 900)
        #expect(banner.primary == BannerText(text: "Corso Vittorio Emanuele II", type: .turn, modifier: .right,
                                             components: [BannerComponent(text: "Corso Vittorio Emanuele II")]))
        #expect(banner.secondary?.text == "San Babila")
        #expect(banner.sub == nil)
        #expect(legSteps[1].bannerInstructions[0].primary.text == "Your destination will be on the left")
        #expect(legSteps[1].bannerInstructions[0].primary.type == .arrive)
        #expect(legSteps[2].voiceInstructions.isEmpty)
        #expect(legSteps[2].bannerInstructions.isEmpty)
    }

    @Test("the same drive in Italian and imperial units")
    func italianImperial() {
        let steps = [
            maneuverStep(.depart, name: "Via Mazzini", distance: 900, duration: 90),
            maneuverStep(.turn, .right, name: "Corso Vittorio Emanuele II", distance: 600, duration: 60),
            maneuverStep(.arrive, distance: 0, duration: 0),
        ]
        let legSteps = InstructionWriter(language: "it", units: .imperial).annotate(stepsRoute(steps)).legs[0].steps
        #expect(legSteps[0].voiceInstructions.map(\.announcement) == [
            "Procedi verso nord su Via Mazzini",
            "Tra un quarto di miglio, gira a destra in Corso Vittorio Emanuele II",
            "Tra 350 piedi, gira a destra in Corso Vittorio Emanuele II",
            "Gira a destra in Corso Vittorio Emanuele II",
        ])
    }

    @Test("close maneuvers are chained with then, in the voice prompt and as a sub banner")
    func thenChaining() {
        let steps = [
            maneuverStep(.depart, name: "Via Mazzini", distance: 700, duration: 70),
            maneuverStep(.turn, .right, name: "Via Larga", distance: 80, duration: 10),
            maneuverStep(.turn, .left, name: "Via Festa del Perdono", distance: 400, duration: 40),
            maneuverStep(.arrive, distance: 0, duration: 0),
        ]
        let english = InstructionWriter(language: "en").annotate(stepsRoute(steps)).legs[0].steps
        #expect(english[0].voiceInstructions.last?.announcement == "Turn right onto Via Larga, then turn left onto Via Festa del Perdono")
        #expect(english[0].voiceInstructions[1].announcement
            == "In 400 metres, turn right onto Via Larga, then turn left onto Via Festa del Perdono")
        #expect(english[0].bannerInstructions[0].sub?.text == "Via Festa del Perdono")
        #expect(english[0].bannerInstructions[0].sub?.modifier == .left)
        // The short step itself gets just its at-maneuver prompt.
        #expect(english[1].voiceInstructions.map(\.announcement) == ["Turn left onto Via Festa del Perdono"])
        #expect(english[1].voiceInstructions.map(\.distanceAlongGeometry) == [16])
        let italian = InstructionWriter(language: "it").annotate(stepsRoute(steps)).legs[0].steps
        #expect(italian[0].voiceInstructions.last?.announcement == "Gira a destra in Via Larga, poi gira a sinistra in Via Festa del Perdono")
    }

    @Test("a short first step chains the departure with the first turn")
    func departThen() {
        let steps = [
            maneuverStep(.depart, name: "Via Mazzini", distance: 89, duration: 12),
            maneuverStep(.turn, .right, name: "Corso Vittorio Emanuele II", distance: 160, duration: 20),
            maneuverStep(.arrive, distance: 0, duration: 0),
        ]
        let legSteps = InstructionWriter(language: "en").annotate(stepsRoute(steps)).legs[0].steps
        #expect(legSteps[0].voiceInstructions.map(\.announcement) == [
            "Head north on Via Mazzini, then turn right onto Corso Vittorio Emanuele II", "Turn right onto Corso Vittorio Emanuele II",
        ])
    }

    @Test("a motorway exit is announced 2 km and 300 m ahead, after a continue prompt")
    func motorway() {
        let steps = [
            maneuverStep(.depart, ref: "A4", distance: 200, duration: 8),
            maneuverStep(.merge, .straight, name: "Autostrada Torino-Trieste", ref: "A4", distance: 8_000, duration: 250),
            maneuverStep(.offRamp, .right, destinations: "Milano Certosa", distance: 500, duration: 30),
            maneuverStep(.arrive, distance: 0, duration: 0),
        ]
        let prompts = InstructionWriter(language: "en").annotate(stepsRoute(steps)).legs[0].steps[1].voiceInstructions
        #expect(prompts.map(\.distanceAlongGeometry) == [8_000, 2_000, 300, 60])
        #expect(prompts.map(\.announcement) == [
            "Continue for 8 kilometres", "In 2 kilometres, take the exit towards Milano Certosa",
            "In 300 metres, take the exit towards Milano Certosa", "Take the exit towards Milano Certosa",
        ])
        let banner = InstructionWriter(language: "en").annotate(stepsRoute(steps)).legs[0].steps[1].bannerInstructions[0]
        #expect(banner.primary.text == "Milano Certosa")
        #expect(banner.secondary == nil)
    }
}

@Suite("InstructionWriter on whole routes")
struct InstructionWriterRouteTests {
    /// A drive through every maneuver type at town, rural and motorway speeds.
    static let everyManeuver: [RouteStep] = [
        maneuverStep(.depart, name: "Via Mazzini", distance: 300, duration: 30, bearingAfter: 10),
        maneuverStep(.turn, .left, name: "Via Dante", distance: 90, duration: 9),
        maneuverStep(.newName, .straight, name: "Via Manzoni", distance: 450, duration: 40),
        maneuverStep(.continue, .slightRight, name: "Via Manzoni", distance: 1_500, duration: 80),
        maneuverStep(.onRamp, .right, ref: "A4", destinations: "Torino", distance: 400, duration: 25),
        maneuverStep(.merge, .slightLeft, name: "Autostrada", ref: "A4;E64", distance: 6_000, duration: 200),
        maneuverStep(.fork, .slightRight, destinations: "Malpensa", distance: 2_500, duration: 90),
        maneuverStep(.offRamp, .right, destinations: "Rho", distance: 700, duration: 45),
        maneuverStep(.endOfRoad, .left, name: "Via Risorgimento", distance: 900, duration: 60),
        maneuverStep(.roundabout, .right, name: "Corso Europa", exit: 3, distance: 120, duration: 15),
        maneuverStep(.exitRoundabout, .right, name: "Corso Europa", distance: 1_200, duration: 70),
        maneuverStep(.rotary, .straight, exit: 1, distance: 60, duration: 8),
        maneuverStep(.roundaboutTurn, .left, name: "Via Roma", distance: 350, duration: 30),
        maneuverStep(.useLane, .straight, name: "Via Roma", distance: 200, duration: 20),
        maneuverStep(.notification, .straight, name: "Via Roma", distance: 30, duration: 3),
        maneuverStep(.turn, .uturn, name: "Via Roma", distance: 150, duration: 20),
        maneuverStep(.arrive, .right, name: "Via Roma", distance: 0, duration: 0),
    ]

    @Test("every step gets words, prompts farthest first within the step, no placeholder left",
          arguments: ["en", "it"], [UnitSystem.metric, .imperial])
    func invariants(language: String, units: UnitSystem) {
        let steps = InstructionWriter(language: language, units: units).annotate(stepsRoute(Self.everyManeuver)).legs[0].steps
        for (i, s) in steps.enumerated() {
            #expect(!s.maneuver.instruction.isEmpty)
            #expect(!s.maneuver.instruction.contains("{"))
            if i == steps.count - 1 { continue }
            let distances = s.voiceInstructions.map(\.distanceAlongGeometry)
            #expect(!distances.isEmpty)
            #expect(distances == distances.sorted(by: >))
            #expect(distances.allSatisfy { $0 > 0 && $0 <= s.distance })
            for v in s.voiceInstructions {
                #expect(!v.announcement.contains("{") && !v.announcement.isEmpty)
                #expect(v.ssmlAnnouncement.hasSuffix("</prosody></amazon:effect></speak>"))
            }
            #expect(s.bannerInstructions.count == 1)
            #expect(s.bannerInstructions[0].primary.type == steps[i + 1].maneuver.type)
            #expect(!s.bannerInstructions[0].primary.text.isEmpty)
        }
    }

    @Test("a two-leg route names the intermediate stop, the final leg the destination")
    func stops() {
        let leg1 = [maneuverStep(.depart, name: "Via Mazzini", distance: 300, duration: 30), maneuverStep(.arrive, name: "Via Dante", distance: 0, duration: 0)]
        let leg2 = [maneuverStep(.depart, name: "Via Dante", distance: 300, duration: 30), maneuverStep(.arrive, distance: 0, duration: 0)]
        var twoLegs = stepsRoute(leg1)
        twoLegs.legs.append(stepsRoute(leg2).legs[0])
        let english = InstructionWriter(language: "en").annotate(twoLegs)
        #expect(english.legs[0].steps[1].maneuver.instruction == "You have arrived at your 1st stop")
        #expect(english.legs[0].steps[0].voiceInstructions.last?.announcement == "You will arrive at your 1st stop")
        #expect(english.legs[1].steps[1].maneuver.instruction == "You have arrived at your destination")
        let italian = InstructionWriter(language: "it").annotate(twoLegs)
        #expect(italian.legs[0].steps[1].maneuver.instruction == "Sei arrivato alla prima tappa")
    }
}
