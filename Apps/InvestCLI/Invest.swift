import Foundation
import AppSupport
import Transactions

/// The `invest` command line: parses, dispatches, and maps every failure to a message and an exit code.
public enum Invest {
    public static func run(_ arguments: [String], context: InvestContext) -> Int32 {
        context.exitStatus(program: "invest") { try dispatch(arguments, context: context) }
    }

    private static func dispatch(_ arguments: [String], context: InvestContext) throws {
        var arguments = arguments
        let home = try extractHome(from: &arguments)
        let app = AppComposer(context: context, homeOverride: home)
        let commands = features.flatMap { $0.commands(app) }
        guard let name = arguments.first, !name.hasPrefix("-") || name == "--help" || name == "-h" else {
            if arguments.isEmpty { context.console.writeError(overview(commands)); throw CLIError.usage("no command given.") }
            throw CLIError.usage("unknown option '\(arguments[0])'. See 'invest --help'.")
        }
        if name == "--help" || name == "-h" || name == "help" {
            context.console.write(overview(commands))
            return
        }
        guard let command = commands.first(where: { $0.spec.name == name }) else {
            throw CLIError.usage("'\(name)' is not an invest command." + ArgumentParser.suggestion(for: name, among: commands.map(\.spec.name))
                + " See 'invest --help'.")
        }
        let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: command.spec)
        if parsed.has("help") {
            context.console.write(command.spec.help)
            return
        }
        try command.run(parsed, io: CommandIO(context: context))
    }

    /// `--home DIR` is global: accepted before or after the command name.
    private static func extractHome(from arguments: inout [String]) throws -> String? {
        var home: String?
        var index = 0
        while index < arguments.count {
            if arguments[index] == "--" { break }
            if arguments[index] == "--home" {
                guard index + 1 < arguments.count else { throw CLIError.usage("option '--home' needs a value: --home DIR.") }
                home = arguments[index + 1]
                arguments.removeSubrange(index...index + 1)
            } else if arguments[index].hasPrefix("--home=") {
                home = String(arguments[index].dropFirst("--home=".count))
                arguments.remove(at: index)
            } else {
                index += 1
            }
        }
        return home
    }

    static func overview(_ commands: [Command]) -> String {
        let width = commands.map(\.spec.name.count).max() ?? 0
        let list = commands.map { "  " + $0.spec.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.spec.summary }
        return """
        invest: a personal investment tracker.

        Usage: invest [--home DIR] <command> [options]

        Commands:
        \(list.joined(separator: "\n"))

        Run 'invest <command> --help' for a command's options.
        Data lives in --home DIR, else $INVEST_HOME, else $XDG_DATA_HOME/investments,
        else ~/.local/share/investments.
        Exit codes: 0 success, 1 failure, 2 usage or input error.

        """
    }
}

/// One command of the CLI. It is built with the use cases it runs (as factories, so nothing is
/// opened that a run does not use) and is given only the terminal and the clock besides.
protocol Command {
    var spec: CommandSpec { get }
    func run(_ arguments: ParsedArguments, io: CommandIO) throws
}

/// What every command may touch besides its use cases.
struct CommandIO {
    let console: Console
    let usesColor: Bool
    let tableWidth: Int?
    let now: Date
    /// The user's calendar day, in their time zone.
    let today: CalendarDay

    init(context: InvestContext) {
        console = context.console
        usesColor = context.usesColor
        tableWidth = context.tableWidth
        now = context.now()
        today = context.today
    }
}

extension CommandIO {
    /// The layout `--wide` and `--columns` ask for, fitted to the terminal.
    func tableStyle(_ arguments: ParsedArguments, for report: Report) throws -> TableStyle {
        var style = TableStyle(colors: usesColor, wide: arguments.has("wide"), width: tableWidth)
        if let list = arguments.value("columns") {
            let keys = list.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            for key in keys where !report.columnKeys.contains(key) {
                throw CLIError.usage("--columns: unknown column '\(key)'." + ArgumentParser.suggestion(for: key, among: report.columnKeys)
                    + " Columns: \(report.columnKeys.joined(separator: ","))")
            }
            style.columns = keys
        }
        return style
    }
}

extension CommandSpec.Option {
    /// For every command that prints a table.
    static let tableLayout: [CommandSpec.Option] = [
        .flag("wide", "Show every column, however wide"),
        .value("columns", "KEY,…", "Show these columns, in this order (keys as in the CSV header)"),
    ]
}
