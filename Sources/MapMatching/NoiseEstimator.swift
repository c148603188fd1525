import Geodesy

/// Estimates the GPS error of a trace whose fixes carry no accuracy (plain GPX, many loggers) from
/// the trace itself: the distances from the fixes to the roads they were matched to.
///
/// With independent Gaussian error of standard deviation σ on each axis, the distance from a fix to
/// the straight road it was driven on is the absolute value of one axis's error, whose median is
/// 0.6745 σ. The estimate is the median of the last `window` residuals divided by that factor, so a
/// few fixes matched far off (a wrong road, a junction) barely move it; it follows the trace online
/// as new residuals come, and stays within `bounds`. Until `minimumSamples` residuals are in there
/// is no estimate and the caller keeps its default.
public struct NoiseEstimator: Sendable, Hashable {
    /// How many of the latest residuals the median is taken over.
    public let window: Int
    /// Residuals needed before an estimate is given.
    public let minimumSamples: Int
    /// The estimate is clamped to this range, metres.
    public let bounds: ClosedRange<Meters>
    private var residuals: [Meters] = []
    private var next = 0

    /// The range estimates are kept in unless told otherwise, metres.
    public static let defaultBounds: ClosedRange<Meters> = 4...50

    /// The median of |N(0, 1)|: the factor between a median residual and σ.
    static let medianAbsoluteNormal = 0.674_489_75

    /// An estimator over the last `window` residuals, giving an estimate from `minimumSamples` on, within `bounds`.
    public init(window: Int = 60, minimumSamples: Int = 10, bounds: ClosedRange<Meters> = defaultBounds) {
        self.window = max(1, window)
        self.minimumSamples = max(1, min(minimumSamples, self.window))
        self.bounds = bounds
        residuals.reserveCapacity(self.window)
    }

    /// Adds the distance from one fix to its matched road, metres (negative or non-finite values are ignored).
    public mutating func add(_ residual: Meters) {
        guard residual.isFinite, residual >= 0 else { return }
        if residuals.count < window {
            residuals.append(residual)
        } else {
            residuals[next] = residual
            next = (next + 1) % window
        }
    }

    /// How many residuals the estimate is over now (at most `window`).
    public var count: Int { residuals.count }

    /// The estimated σ, metres, within `bounds`; nil until `minimumSamples` residuals were added.
    public var sigma: Meters? {
        residuals.count >= minimumSamples ? Self.sigma(ofResiduals: residuals, within: bounds) : nil
    }

    /// σ from a batch of residuals (their median over 0.6745), clamped to `bounds`; nil when empty.
    /// A residual known only to exceed some distance (a fix with no road within the search radius)
    /// may be given as that distance: the median only asks on which side of it a residual lies.
    public static func sigma(ofResiduals residuals: [Meters], within bounds: ClosedRange<Meters>) -> Meters? {
        guard !residuals.isEmpty else { return nil }
        let sorted = residuals.sorted()
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        return min(bounds.upperBound, max(bounds.lowerBound, median / medianAbsoluteNormal))
    }

    /// Forgets every residual.
    public mutating func reset() {
        residuals.removeAll(keepingCapacity: true)
        next = 0
    }
}
