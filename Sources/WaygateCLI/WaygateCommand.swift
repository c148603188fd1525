import Foundation

/// A runtime failure of a command: exit status 1 and a one-line message naming the bad input.
public struct RuntimeError: Error, CustomStringConvertible {
    /// The message.
    public let description: String

    /// A runtime error with `message`.
    public init(_ message: String) { description = message }
}

/// A `waygate` subcommand: declared by its spec, built from parsed arguments, then run.
protocol Subcommand: Sendable {
    /// The declaration (name, help, options).
    static var spec: CommandSpec { get }
    /// Validates the arguments; throws a usage error naming the bad one.
    init(_ arguments: ParsedArguments) throws(UsageError)
    /// Does the work; throws to exit with status 1.
    func run(in environment: AppEnvironment) async throws
}

/// The root of the `waygate` command line: dispatches to subcommands with exit codes
/// 0 (success), 1 (runtime failure) and 2 (bad usage).
public enum WaygateCommand {
    /// The version printed by `--version` and sent in HELLO.
    public static let version = "0.1.0"

    static let subcommands: [any Subcommand.Type] = [
        ServeCommand.self, DecodeCommand.self, MatchCommand.self, WatchCommand.self, DevicesCommand.self, RouteCommand.self,
        SimulateCommand.self, FleetCommand.self, RenderCommand.self, MapCommand.self,
    ]

    /// Runs the command named by the process arguments and exits with its status.
    public static func main() async {
        let status = await run(Array(CommandLine.arguments.dropFirst()), environment: AppEnvironment.live())
        exit(status)
    }

    /// Runs `arguments` and returns the exit status.
    public static func run(_ arguments: [String], environment: AppEnvironment) async -> Int32 {
        guard let name = arguments.first, name != "--help", name != "help" || arguments.count == 1 else {
            if arguments.count == 2, arguments[0] == "help", let command = subcommands.first(where: { $0.spec.name == arguments[1] }) {
                print(command.spec.help, terminator: "")
                return 0
            }
            print(rootHelp, terminator: "")
            return arguments.isEmpty ? 2 : 0
        }
        if name == "--version" {
            print("waygate \(version)")
            return 0
        }
        guard let command = subcommands.first(where: { $0.spec.name == name }) else {
            Console.error("unknown command \"\(name)\" (see 'waygate --help')")
            return 2
        }
        do {
            let parsed = try ParsedArguments(Array(arguments.dropFirst()), spec: command.spec)
            if parsed.wantsHelp {
                print(command.spec.help, terminator: "")
                return 0
            }
            let instance = try command.init(parsed)
            try await instance.run(in: environment)
            return 0
        } catch let error as UsageError {
            Console.error(error.description)
            return 2
        } catch {
            Console.error(String(describing: error))
            return 1
        }
    }

    static var rootHelp: String {
        var lines = ["waygate \(version) — a GPS gateway for Linux navigation", "", "Usage: waygate COMMAND [OPTIONS]", "", "Commands:"]
        let width = (subcommands.map { $0.spec.name.count }.max() ?? 0) + 2
        for c in subcommands { lines.append("  " + c.spec.name.padding(toLength: width, withPad: " ", startingAt: 0) + c.spec.abstract) }
        lines += ["", "Run 'waygate COMMAND --help' for a command's options."]
        return lines.joined(separator: "\n") + "\n"
    }
}
