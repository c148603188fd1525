import Foundation

/// The declaration of a subcommand: its name, what it does, and its options. Help text and
/// parsing both come from this, so they cannot drift apart (argument-parser style).
public struct CommandSpec: Sendable {
    /// The subcommand name, e.g. `decode`.
    public var name: String
    /// One line saying what it does.
    public var abstract: String
    /// The usage line after `waygate NAME`, e.g. `[--format gpsd|json] FILE|-`.
    public var usage: String
    /// Longer explanation shown under the usage.
    public var discussion: String
    /// The options it accepts.
    public var options: [OptionSpec]
    /// How many positional arguments it takes, at least and at most.
    public var positionals: ClosedRange<Int>

    /// A command declaration.
    public init(name: String, abstract: String, usage: String, discussion: String = "", options: [OptionSpec] = [],
                positionals: ClosedRange<Int> = 0...0) {
        self.name = name
        self.abstract = abstract
        self.usage = usage
        self.discussion = discussion
        self.options = options
        self.positionals = positionals
    }

    /// The `--help` text.
    public var help: String {
        var lines = ["waygate \(name) — \(abstract)", "", "Usage: waygate \(name) \(usage)"]
        if !discussion.isEmpty { lines += ["", discussion] }
        let all = options + [OptionSpec("--help", help: "Show this help and exit.")]
        lines += ["", "Options:"]
        let labels = all.map { o in o.valueName.map { "\(o.name) \($0)" } ?? o.name }
        let width = (labels.map(\.count).max() ?? 0) + 2
        for (label, o) in zip(labels, all) {
            var text = o.help
            if let d = o.defaultValue { text += " (default: \(d))" }
            if o.repeatable { text += " Repeatable." }
            lines.append("  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + text)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// One `--option` of a subcommand.
public struct OptionSpec: Sendable {
    /// The spelling, e.g. `--map`.
    public var name: String
    /// The value's placeholder (e.g. `MAP`); nil for a flag that takes no value.
    public var valueName: String?
    /// One line of help.
    public var help: String
    /// The default shown in help, if any.
    public var defaultValue: String?
    /// Whether it may be given more than once.
    public var repeatable: Bool

    /// An option declaration.
    public init(_ name: String, value: String? = nil, help: String, default defaultValue: String? = nil, repeatable: Bool = false) {
        self.name = name
        self.valueName = value
        self.help = help
        self.defaultValue = defaultValue
        self.repeatable = repeatable
    }
}
