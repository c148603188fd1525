import Geodesy

/// A usage mistake on the command line: exit status 2 and a one-line message naming it.
public struct UsageError: Error, CustomStringConvertible {
    /// The message, e.g. `--from: expected LAT,LON, got "abc"`.
    public let description: String

    /// A usage error with `message`.
    public init(_ message: String) { description = message }
}

/// The command line of one subcommand, parsed against its `CommandSpec`.
public struct ParsedArguments: Sendable {
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    /// Positional arguments in order.
    public private(set) var positionals: [String] = []
    /// Whether `--help` was given.
    public private(set) var wantsHelp = false

    /// Parses `arguments` (after the subcommand name). `--opt=value` and `--opt value` both work;
    /// `-` is a positional (standard input); `--` ends the options.
    public init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if onlyPositionals || !arg.hasPrefix("--") {
                positionals.append(arg)
                continue
            }
            if arg == "--" {
                onlyPositionals = true
                continue
            }
            if arg == "--help" {
                wantsHelp = true
                continue
            }
            var name = arg
            var inline: String?
            if let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                throw UsageError("unknown option \(name) for 'waygate \(spec.name)' (see 'waygate \(spec.name) --help')")
            }
            if option.valueName == nil {
                guard inline == nil else { throw UsageError("\(name) takes no value") }
                flags.insert(name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard i < arguments.count else { throw UsageError("\(name) needs a value \(option.valueName ?? "")") }
                value = arguments[i]
                i += 1
            }
            if !option.repeatable, values[name] != nil { throw UsageError("\(name) given twice") }
            values[name, default: []].append(value)
        }
        if !wantsHelp, !spec.positionals.contains(positionals.count) {
            if positionals.count > spec.positionals.upperBound {
                throw UsageError("unexpected argument \"\(positionals[spec.positionals.upperBound])\" for 'waygate \(spec.name)'")
            }
            throw UsageError("'waygate \(spec.name)' needs \(spec.usage)")
        }
    }

    /// The value of `name`, if given.
    public func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option, in order.
    public func allValues(_ name: String) -> [String] { values[name] ?? [] }

    /// Whether the flag `name` was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of `name` as a number, or `defaultValue`; a usage error if it is not a number in `range`.
    public func double(_ name: String, default defaultValue: Double? = nil, in range: ClosedRange<Double> = -.infinity...(.infinity)) throws(UsageError) -> Double? {
        guard let text = value(name) else { return defaultValue }
        guard let v = Self.decimal(text), v.isFinite, range.contains(v) else {
            throw UsageError("\(name): expected a number in \(range.lowerBound)…\(range.upperBound), got \"\(text)\"")
        }
        return v
    }

    /// The value of `name` as an integer, or `defaultValue`.
    public func int(_ name: String, default defaultValue: Int? = nil) throws(UsageError) -> Int? {
        guard let text = value(name) else { return defaultValue }
        guard let v = Int(text) else { throw UsageError("\(name): expected an integer, got \"\(text)\"") }
        return v
    }

    /// The value of `name` as `LAT,LON`.
    public func coordinate(_ name: String) throws(UsageError) -> Coordinate? {
        guard let text = value(name) else { return nil }
        return try Self.coordinate(text, option: name)
    }

    /// Parses `LAT,LON` for `option`.
    public static func coordinate(_ text: String, option: String) throws(UsageError) -> Coordinate {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let lat = decimal(parts[0].trimmingSpaces), let lon = decimal(parts[1].trimmingSpaces) else {
            throw UsageError("\(option): expected LAT,LON, got \"\(text)\"")
        }
        let c = Coordinate(latitude: lat, longitude: lon)
        guard c.isValid else { throw UsageError("\(option): \(text) is not a valid latitude,longitude") }
        return c
    }

    /// A decimal number such as `45.46`, `-9` or `1e3`; nil for anything else, including the
    /// hexadecimal (`0x2D`), `nan` and `inf` forms that `Double(_:)` also reads.
    static func decimal(_ text: some StringProtocol) -> Double? {
        guard text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || "+-.eE".utf8.contains($0) }) else {
            return nil
        }
        return Double(String(text))
    }

    /// The value of `name`, which must be one of `choices`.
    public func choice(_ name: String, _ choices: [String], default defaultValue: String) throws(UsageError) -> String {
        guard let v = value(name) else { return defaultValue }
        guard choices.contains(v) else { throw UsageError("\(name): expected one of \(choices.joined(separator: ", ")), got \"\(v)\"") }
        return v
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}
