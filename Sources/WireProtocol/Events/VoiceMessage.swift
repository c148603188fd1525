/// VOICE: a spoken prompt, emitted once when the user passes its trigger point.
public struct VoiceMessage: WireMessage {
    public static let messageClass = "VOICE"

    /// Index of the step the prompt belongs to.
    public var stepIndex: Int
    /// Metres before the step's end at which the prompt triggers (Mapbox `distanceAlongGeometry`).
    public var distanceAlongStep: Double
    /// Plain text to speak or show.
    public var announcement: String
    /// The same prompt as SSML.
    public var ssml: String?
    /// The language the prompt is written in: the route's `options.language`, a BCP 47 primary
    /// tag such as `en` or `it` (what a speaker picks its voice by); absent when unknown.
    public var language: String?

    /// A VOICE event.
    public init(stepIndex: Int, distanceAlongStep: Double, announcement: String, ssml: String? = nil, language: String? = nil) {
        self.stepIndex = stepIndex
        self.distanceAlongStep = distanceAlongStep
        self.announcement = announcement
        self.ssml = ssml
        self.language = language
    }

    enum CodingKeys: String, CodingKey {
        case stepIndex = "step_index", distanceAlongStep = "distance_along_step", announcement, ssml, language
    }
}

extension VoiceMessage {
    public func writeMembers(to object: inout WireObjectWriter) {
        object.member("announcement", announcement)
        object.member("distance_along_step", distanceAlongStep)
        object.member("language", language)
        object.member("ssml", ssml)
        object.member("step_index", stepIndex)
    }
}
