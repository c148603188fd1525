import Geodesy
import RouteModel
import XMLScanning

extension InstructionWriter {
    /// The spoken prompts on step `i` for the maneuver that ends it (the start of step `i + 1`).
    func voiceInstructions(_ leg: LegContext, endingStep i: Int) -> [VoiceInstruction] {
        // The step's parts read in place (a copy of the step retained and released all its parts).
        let distance = leg.steps[i].distance
        let speed = Self.speed(distance: distance, duration: leg.steps[i].duration)
        var triggers = schedule.triggers(length: distance, speed: speed, isDeparture: leg.steps[i].maneuver.type == .depart)
        if i > 0, distance < schedule.distances(forSpeed: speed).chainDistance {
            // The previous prompt already said "…, then <this maneuver>": no reminder at the step start.
            triggers.removeAll { $0.kind == .ahead && $0.distanceAlongGeometry == distance }
        }
        let next = upcomingSentence(leg, maneuverStep: i + 1)
        return triggers.map { trigger in
            let text: String
            switch trigger.kind {
            case .departure:
                let depart = sentence(leg, i, upcoming: false)
                let chain = distance < schedule.distances(forSpeed: speed).chainDistance
                let following = sentence(leg, i + 1, upcoming: true).lowercasingFirst
                text = chain ? fill(phrases.then, ["instruction": depart, "next": following]) : depart
            case .continueFor:
                text = fill(phrases.continueFor, ["distance": spoken(trigger.distanceAlongGeometry, memo: leg.spoken)])
            case .ahead:
                text = fill(phrases.ahead, ["distance": spoken(trigger.distanceAlongGeometry, memo: leg.spoken), "instruction": next.lowercasingFirst])
            case .atManeuver:
                text = next
            }
            return VoiceInstruction(distanceAlongGeometry: trigger.distanceAlongGeometry, announcement: text, ssmlAnnouncement: Self.ssml(text))
        }
    }

    /// What is said ahead of the maneuver starting step `j`, chained with the one after it
    /// when the step between them is short ("Turn right onto X, then turn left onto Y").
    private func upcomingSentence(_ leg: LegContext, maneuverStep j: Int) -> String {
        let steps = leg.steps
        let first = sentence(leg, j, upcoming: true)
        guard j + 1 < steps.count, steps[j].maneuver.type != .arrive else { return first }
        let chainDistance = schedule.distances(forSpeed: Self.speed(distance: steps[j].distance, duration: steps[j].duration)).chainDistance
        guard steps[j].distance < chainDistance else { return first }
        return fill(phrases.then, ["instruction": first, "next": sentence(leg, j + 1, upcoming: true).lowercasingFirst])
    }

    /// The banner on step `i` for the maneuver that ends it, shown from the start of the step:
    /// primary = the road (or sign destinations, or the instruction), secondary = destinations
    /// under a road name, sub = the maneuver after it when that one follows closely.
    func banner(_ leg: LegContext, endingStep i: Int) -> BannerInstruction {
        // The steps' parts read in place (a copy of a step retained and released all its parts).
        let steps = leg.steps
        let way = Self.wayName(name: steps[i + 1].name, ref: steps[i + 1].ref)
        let destinations = steps[i + 1].destinations ?? ""
        let type = steps[i + 1].maneuver.type
        let primaryText = !way.isEmpty && type != .arrive
            ? way : !destinations.isEmpty && type != .arrive ? destinations : sentence(leg, i + 1, upcoming: true)
        var primary = bannerText(primaryText, type, steps[i + 1].maneuver.modifier)
        primary.degrees = Self.roundaboutDegrees(steps, at: i + 1)
        var secondary: BannerText?
        if !way.isEmpty, !destinations.isEmpty, type != .arrive {
            secondary = BannerText(text: destinations, components: [BannerComponent(text: destinations)])
        }
        var sub: BannerText?
        if i + 2 < steps.count, type != .arrive,
            steps[i + 1].distance < schedule.distances(forSpeed: Self.speed(distance: steps[i + 1].distance, duration: steps[i + 1].duration)).chainDistance
        {
            let afterWay = Self.wayName(name: steps[i + 2].name, ref: steps[i + 2].ref)
            let afterType = steps[i + 2].maneuver.type
            sub = bannerText(afterWay.isEmpty || afterType == .arrive ? sentence(leg, i + 2, upcoming: true) : afterWay, afterType, steps[i + 2].maneuver.modifier)
        }
        return BannerInstruction(distanceAlongGeometry: steps[i].distance, primary: primary, secondary: secondary, sub: sub)
    }

    /// Mapbox's banner `degrees` for a ring maneuver at `steps[k]`: the angle travelled around
    /// the ring from entering it to leaving it (180 straight across; 90 a right exit and 270 a
    /// left one when driving on the right, mirrored on the left). Measured from the direction
    /// before the ring to the direction after it; nil unless the step enters or leaves a ring
    /// whose other end is the next or previous step.
    static func roundaboutDegrees(_ steps: [RouteStep], at k: Int) -> Double? {
        // Asked for every banner: the types told apart by a switch, no set made per call.
        func entersRing(_ type: ManeuverType) -> Bool { type == .roundabout || type == .rotary }
        func leavesRing(_ type: ManeuverType) -> Bool { type == .exitRoundabout || type == .exitRotary }
        let type = steps[k].maneuver.type
        let pair: (RouteStep, RouteStep)
        if entersRing(type), k + 1 < steps.count, leavesRing(steps[k + 1].maneuver.type) {
            pair = (steps[k], steps[k + 1])
        } else if leavesRing(type), k > 0, entersRing(steps[k - 1].maneuver.type) {
            pair = (steps[k - 1], steps[k])
        } else {
            return nil
        }
        let angle = Bearing.turn(from: pair.0.maneuver.bearingBefore, to: pair.1.maneuver.bearingAfter)
        let travelled = (pair.0.drivingSide == "left" ? 180 + angle : 180 - angle).rounded()
        return travelled <= 0 ? travelled + 360 : travelled
    }

    private func bannerText(_ text: String, _ type: ManeuverType, _ modifier: ManeuverModifier?) -> BannerText {
        BannerText(text: text, type: type, modifier: modifier, components: [BannerComponent(text: text)])
    }

    /// A distance in metres as spoken in this writer's units and language, each rounded distance
    /// phrased once per leg (`memo`): prompts say the same few distances again and again.
    func spoken(_ meters: Double, memo: SpokenMemo) -> String {
        let distance = SpokenDistance(meters, units: units)
        if let known = memo.phrases[distance] { return known }
        let phrase = distance.phrase(phrases.distances)
        memo.phrases[distance] = phrase
        return phrase
    }

    /// The phrases of the distances a leg's prompts have said so far (a class: shared by the
    /// copies of a leg's context the prompts are written with).
    final class SpokenMemo {
        var phrases: [SpokenDistance: String] = [:]
    }

    /// The prompt as SSML for Amazon Polly–style engines (what Mapbox sends).
    static func ssml(_ text: String) -> String {
        // The three parts' bytes copied into one string made at its size (appending them checked
        // and grew the string part by part).
        var parts = (ssmlOpening, XMLText.escaped(text), ssmlClosing)
        let count = parts.0.utf8.count + parts.1.utf8.count + parts.2.utf8.count
        return String(unsafeUninitializedCapacity: count) { buffer in
            var end = 0
            func copy(_ part: inout String) {
                part.withUTF8 { bytes in
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[end..<(end + bytes.count)]).initialize(from: bytes)
                    end += bytes.count
                }
            }
            copy(&parts.0)
            copy(&parts.1)
            copy(&parts.2)
            return end
        }
    }

    /// What an SSML prompt opens and closes with.
    static let ssmlOpening = "<speak><amazon:effect name=\"drc\"><prosody rate=\"1.08\">", ssmlClosing = "</prosody></amazon:effect></speak>"
}
