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
        let globals = try GlobalOptions.extract(from: &arguments)
        var context = context
        if globals.quiet { context.console = QuietConsole(context.console) }
        context.verbose = globals.verbose
        if globals.version { return context.console.write(Version.description) }
        let app = AppComposer(context: context, homeOverride: globals.home)
        let commands = features.flatMap { $0.commands(app) }
        guard let name = arguments.first else {
            context.console.writeError(overview(commands))
            throw CLIError.usage("no command given.")
        }
        if name == "--help" || name == "-h" || name == "help" {
            guard arguments.count > 1, name == "help" else { return context.console.write(overview(commands)) }
            return context.console.write(try command(named: arguments[1], in: commands).spec.help)
        }
        if name.hasPrefix("-") {
            throw CLIError.usage("unknown option '\(name.escapedForTerminal)'."
                + ArgumentParser.suggestion(for: name.drop { $0 == "-" }.description, among: GlobalOptions.names, prefix: "--") + " See 'invest --help'.")
        }
        let command = try command(named: name, in: commands)
        let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: command.spec)
        if parsed.has("help") { return context.console.write(command.spec.help) }
        let io = CommandIO(context: context)
        if command.pagesOutput, !globals.noPager, let pager = pager(context.environment) {
            context.console.page(through: pager, environment: context.environment)
        }
        try command.run(parsed, io: io)
    }

    /// `$PAGER`, else `less`; none when PAGER is empty or `cat`.
    private static func pager(_ environment: [String: String]) -> String? {
        let pager = (environment["PAGER"] ?? "less").trimmingCharacters(in: .whitespaces)
        return pager.isEmpty || pager == "cat" ? nil : pager
    }

    private static func command(named name: String, in commands: [Command]) throws -> Command {
        guard let command = commands.first(where: { $0.spec.name == name }) else {
            throw CLIError.usage("'\(name.escapedForTerminal)' is not an invest command." + ArgumentParser.suggestion(for: name, among: commands.map(\.spec.name))
                + " See 'invest --help'.")
        }
        return command
    }

    static func overview(_ commands: [Command]) -> String {
        let width = commands.map(\.spec.name.count).max() ?? 0
        let list = commands.map { "  " + $0.spec.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.spec.summary }
        return """
        invest: a personal investment tracker.

        Usage: invest [--home DIR] [-q|--quiet] [--verbose] [--no-pager] <command> [options]
               invest help <command> | invest --version

        Commands:
        \(list.joined(separator: "\n"))

        Run 'invest help <command>' or 'invest <command> -h' for a command's options.
        Global options, before or after the command: --home DIR (the data directory),
        -q/--quiet (no warnings or progress on stderr), --verbose (each network request on stderr),
        --no-pager (long output at a terminal goes through $PAGER, default less, unless given).
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
    /// Long output, sent through a pager on a terminal (unless `--no-pager`).
    var pagesOutput: Bool { get }
    func run(_ arguments: ParsedArguments, io: CommandIO) throws
}

extension Command {
    var pagesOutput: Bool { false }
}

/// What every command may touch besides its use cases.
struct CommandIO {
    let console: Console
    let usesColor: Bool
    let tableWidth: Int?
    let now: Date
    /// The user's calendar day, in their time zone.
    let today: CalendarDay
    /// Times are shown and typed in the user's time zone, and stored in UTC.
    let localTime: LocalTime

    init(context: InvestContext) {
        console = context.console
        usesColor = context.usesColor
        tableWidth = context.tableWidth
        now = context.now()
        today = context.today
        localTime = LocalTime(timeZone: context.timeZone)
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
