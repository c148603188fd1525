public import Positioning

/// One report a `FixAssembler` emits, in the order gpsd would send them.
public enum AssembledReport: Sendable, Hashable {
    /// A position report (gpsd TPV).
    case fix(Fix)
    /// A satellite view (gpsd SKY).
    case sky(SkyView)
    /// Noise statistics (gpsd GST).
    case noise(NoiseReport)
}
