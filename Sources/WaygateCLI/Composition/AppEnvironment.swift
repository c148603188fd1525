import Foundation
import SystemIO
import Timekeeping

/// The composition root: the one place where concrete implementations (the wall clock, the
/// process environment) are chosen. Commands take everything they need from here.
public struct AppEnvironment: Sendable {
    /// Where "now" comes from.
    public var timeSource: any TimeSource
    /// Environment variables (for socket path defaults).
    public var variables: [String: String]
    /// The effective user id.
    public var uid: UInt32

    /// An environment from its parts (tests use a manual clock).
    public init(timeSource: any TimeSource, variables: [String: String], uid: UInt32) {
        self.timeSource = timeSource
        self.variables = variables
        self.uid = uid
    }

    /// The real process environment and the wall clock.
    public static func live() -> AppEnvironment {
        AppEnvironment(timeSource: SystemTimeSource(), variables: ProcessInfo.processInfo.environment, uid: getuid())
    }
}
