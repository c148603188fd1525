import RouteModel

extension PhraseTable {
    /// Italian (the demo map is Milan).
    public static let italian = PhraseTable(
        language: "it",
        maneuvers: [
            "depart": [.plain: "Procedi verso {direction}", .onto: "Procedi verso {direction} su {way}"],
            "arrive": [.plain: "Sei arrivato a destinazione", .upcoming: "Arriverai a destinazione"],
            "arrive left": [.plain: "La destinazione è sulla sinistra", .upcoming: "La destinazione sarà sulla sinistra"],
            "arrive right": [.plain: "La destinazione è sulla destra", .upcoming: "La destinazione sarà sulla destra"],
            "turn": [.plain: "Gira {modifier}", .onto: "Gira {modifier} in {way}", .towards: "Gira {modifier} in direzione {destination}"],
            "turn straight": [.plain: "Prosegui dritto", .onto: "Prosegui dritto su {way}", .towards: "Prosegui dritto in direzione {destination}"],
            "turn uturn": [.plain: "Fai un'inversione a U", .onto: "Fai un'inversione a U in {way}",
                           .towards: "Fai un'inversione a U in direzione {destination}"],
            "new name": [.plain: "Continua", .onto: "Continua su {way}"],
            "continue": [.plain: "Continua {modifier}", .onto: "Continua {modifier} su {way}",
                         .towards: "Continua {modifier} in direzione {destination}"],
            "continue uturn": [.plain: "Fai un'inversione a U", .onto: "Fai un'inversione a U in {way}"],
            "merge": [.plain: "Immettiti {side}", .onto: "Immettiti {side} in {way}", .towards: "Immettiti {side} in direzione {destination}"],
            "merge straight": [.plain: "Immettiti", .onto: "Immettiti in {way}", .towards: "Immettiti in direzione {destination}"],
            "on ramp": [.plain: "Prendi la rampa", .onto: "Prendi la rampa per {way}", .towards: "Prendi la rampa in direzione {destination}"],
            "off ramp": [.plain: "Prendi l'uscita", .onto: "Prendi l'uscita per {way}", .towards: "Prendi l'uscita in direzione {destination}"],
            "fork": [.plain: "Al bivio tieniti {side}", .onto: "Al bivio tieniti {side} su {way}",
                     .towards: "Al bivio tieniti {side} in direzione {destination}"],
            "end of road": [.plain: "Alla fine della strada gira {side}", .onto: "Alla fine della strada gira {side} in {way}",
                            .towards: "Alla fine della strada gira {side} in direzione {destination}"],
            "roundabout": [.plain: "Entra nella rotonda", .exit: "Alla rotonda prendi la {exit} uscita",
                           .exitOnto: "Alla rotonda prendi la {exit} uscita in {way}"],
            "rotary": [.plain: "Entra nella rotonda", .exit: "Alla rotonda prendi la {exit} uscita",
                       .exitOnto: "Alla rotonda prendi la {exit} uscita in {way}"],
            "roundabout turn": [.plain: "Alla rotonda gira {side}", .onto: "Alla rotonda gira {side} in {way}"],
            "exit roundabout": [.plain: "Esci dalla rotonda", .onto: "Esci dalla rotonda in {way}"],
            "exit rotary": [.plain: "Esci dalla rotonda", .onto: "Esci dalla rotonda in {way}"],
            "notification": [.plain: "Continua", .onto: "Continua su {way}"],
            "use lane": [.plain: "Tieniti {side}", .onto: "Tieniti {side} su {way}"],
        ],
        modifiers: [
            .left: "a sinistra", .right: "a destra", .slightLeft: "leggermente a sinistra", .slightRight: "leggermente a destra",
            .sharpLeft: "decisamente a sinistra", .sharpRight: "decisamente a destra", .straight: "dritto", .uturn: "indietro",
        ],
        sides: ["left": "a sinistra", "right": "a destra", "straight": "dritto"],
        compassPoints: ["nord", "nord-est", "est", "sud-est", "sud", "sud-ovest", "ovest", "nord-ovest"],
        ordinals: ["prima", "seconda", "terza", "quarta", "quinta", "sesta", "settima", "ottava", "nona", "decima"],
        ordinalFallback: "{n}ª",
        ahead: "Tra {distance}, {instruction}",
        then: "{instruction}, poi {next}",
        continueFor: "Prosegui per {distance}",
        stop: [.plain: "Sei arrivato alla {n} tappa", .upcoming: "Arriverai alla {n} tappa"],
        distances: DistancePhrases(
            metres: "{n} metri", kilometre: "1 chilometro", kilometres: "{n} chilometri", feet: "{n} piedi",
            quarterMile: "un quarto di miglio", halfMile: "mezzo miglio", threeQuartersMile: "tre quarti di miglio",
            mile: "1 miglio", miles: "{n} miglia", decimalSeparator: ","))
}
