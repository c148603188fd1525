import RouteModel

extension PhraseTable {
    /// English (British spelling of units: "metres").
    public static let english = PhraseTable(
        language: "en",
        maneuvers: [
            "depart": [.plain: "Head {direction}", .onto: "Head {direction} on {way}"],
            "arrive": [.plain: "You have arrived at your destination", .upcoming: "You will arrive at your destination"],
            "arrive left": [.plain: "Your destination is on the left", .upcoming: "Your destination will be on the left"],
            "arrive right": [.plain: "Your destination is on the right", .upcoming: "Your destination will be on the right"],
            "turn": [.plain: "Turn {modifier}", .onto: "Turn {modifier} onto {way}", .towards: "Turn {modifier} towards {destination}"],
            "turn straight": [.plain: "Go straight", .onto: "Go straight onto {way}", .towards: "Go straight towards {destination}"],
            "turn uturn": [.plain: "Make a U-turn", .onto: "Make a U-turn onto {way}", .towards: "Make a U-turn towards {destination}"],
            "new name": [.plain: "Continue", .onto: "Continue onto {way}"],
            "continue": [.plain: "Continue {modifier}", .onto: "Continue {modifier} onto {way}", .towards: "Continue {modifier} towards {destination}"],
            "continue uturn": [.plain: "Make a U-turn", .onto: "Make a U-turn onto {way}"],
            "merge": [.plain: "Merge {side}", .onto: "Merge {side} onto {way}", .towards: "Merge {side} towards {destination}"],
            "merge straight": [.plain: "Merge", .onto: "Merge onto {way}", .towards: "Merge towards {destination}"],
            "on ramp": [.plain: "Take the ramp", .onto: "Take the ramp onto {way}", .towards: "Take the ramp towards {destination}"],
            "off ramp": [.plain: "Take the exit", .onto: "Take the exit onto {way}", .towards: "Take the exit towards {destination}"],
            "fork": [.plain: "Keep {side} at the fork", .onto: "Keep {side} at the fork onto {way}",
                     .towards: "Keep {side} at the fork towards {destination}"],
            "end of road": [.plain: "At the end of the road, turn {side}", .onto: "At the end of the road, turn {side} onto {way}",
                            .towards: "At the end of the road, turn {side} towards {destination}"],
            "roundabout": [.plain: "Enter the roundabout", .exit: "Enter the roundabout and take the {exit} exit",
                           .exitOnto: "Enter the roundabout and take the {exit} exit onto {way}"],
            "rotary": [.plain: "Enter the roundabout", .exit: "Enter the roundabout and take the {exit} exit",
                       .exitOnto: "Enter the roundabout and take the {exit} exit onto {way}",
                       .rotaryExit: "Enter {rotary} and take the {exit} exit", .rotaryExitOnto: "Enter {rotary} and take the {exit} exit onto {way}"],
            "roundabout turn": [.plain: "At the roundabout, turn {side}", .onto: "At the roundabout, turn {side} onto {way}"],
            "exit roundabout": [.plain: "Exit the roundabout", .onto: "Exit the roundabout onto {way}"],
            "exit rotary": [.plain: "Exit the roundabout", .onto: "Exit the roundabout onto {way}"],
            "notification": [.plain: "Continue", .onto: "Continue onto {way}"],
            "use lane": [.plain: "Keep {side}", .onto: "Keep {side} on {way}"],
        ],
        modifiers: [
            .left: "left", .right: "right", .slightLeft: "slightly left", .slightRight: "slightly right",
            .sharpLeft: "sharp left", .sharpRight: "sharp right", .straight: "straight", .uturn: "around",
        ],
        sides: ["left": "left", "right": "right", "straight": "straight"],
        compassPoints: ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"],
        ordinals: ["1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th"],
        ordinalFallback: "{n}th",
        ahead: "In {distance}, {instruction}",
        then: "{instruction}, then {next}",
        continueFor: "Continue for {distance}",
        stop: [.plain: "You have arrived at your {n} stop", .upcoming: "You will arrive at your {n} stop"],
        distances: DistancePhrases(
            metres: "{n} metres", kilometre: "1 kilometre", kilometres: "{n} kilometres", feet: "{n} feet",
            quarterMile: "a quarter mile", halfMile: "half a mile", threeQuartersMile: "three quarters of a mile",
            mile: "1 mile", miles: "{n} miles", decimalSeparator: "."))
}
