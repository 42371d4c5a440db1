import Foundation
import TerminalKit
import ClientComposition
import Transactions
import Ledger

/// The `invest` command line: parses, dispatches, and maps every failure to a message and an exit code.
public enum Invest {
    public static func run(_ arguments: [String], context: InvestContext) -> Int32 {
        run(arguments, context: context, features: features)
    }

    /// With the features the client is made of: a test adds one of its own this way.
    static func run(_ arguments: [String], context: InvestContext, features: [FeatureRegistration]) -> Int32 {
        context.exitStatus(program: "invest") { try dispatch(arguments, context: context, features: features) }
    }

    private static func dispatch(_ arguments: [String], context: InvestContext, features: [FeatureRegistration]) throws {
        var arguments = arguments
        let globals = try GlobalOptions.extract(from: &arguments)
        var context = context
        context.console = TerminalSafeConsole(context.console)
        if globals.quiet { context.console = QuietConsole(context.console) }
        context.verbose = globals.verbose
        if let maxWait = globals.maxWait {
            guard let seconds = Int(maxWait), (0...3600).contains(seconds) else {
                throw CLIError.usage("--max-wait '\(maxWait.escapedForTerminal)' is not a number of seconds from 0 to 3600.")
            }
            // The environment comes before the config files, so the option wins over the setting.
            context.environment["INVEST_QUOTES_MAX_WAIT"] = String(seconds)
        }
        if globals.version { return context.console.write(Version.description) }
        let app = AppComposer(context: context, homeOverride: globals.home, features: features, accountName: globals.account)
        defer { app.finishRun() }
        let resolver = app.commandTree()
        let width = HelpText.width(terminal: context.tableWidth)
        guard let name = arguments.first else {
            context.console.writeError(overview(app, width: width))
            throw CLIError.usage("no command given.")
        }
        if name == "--help" || name == "-h" || name == "help" {
            guard arguments.count > 1, name == "help" else { return context.console.write(overview(app, width: width)) }
            let path = resolver.modernized(Array(arguments.dropFirst())).arguments
            guard let node = resolver.node(at: path) else {
                _ = try resolver.resolve(path)
                throw CLIError.usage("'invest help' takes a command's words: invest help savings add.")
            }
            return context.console.write(help(node, width: width))
        }
        if name.hasPrefix("-") {
            throw CLIError.usage("unknown option '\(name.escapedForTerminal)'."
                + ArgumentParser.suggestion(for: name.drop { $0 == "-" }.description, among: GlobalOptions.names, prefix: "--") + " See 'invest --help'.")
        }
        let (modern, hint) = resolver.modernized(arguments)
        if let hint { context.console.writeNotice(hint) }
        let command: Command, commandArguments: [String]
        switch try resolver.resolve(modern) {
        case let .groupHelp(group): return context.console.write(group.help(width: width))
        case let .command(found, arguments): (command, commandArguments) = (found, globals.leadingFormat.map { ["--format", $0] + arguments } ?? arguments)
        }
        let parsed = try ArgumentParser.parse(commandArguments, for: command.spec)
        if parsed.wantsHelp { return context.console.write(command.spec.help(width: width)) }
        let io = CommandIO(context: context)
        if command.pagesOutput, !globals.noPager, let pager = pager(context.environment) {
            context.console.page(through: pager, environment: context.environment)
        }
        try command.run(parsed, io: io)
    }

    private static func help(_ node: CommandNode, width: Int) -> String {
        (node as? CommandGroup)?.help(width: width) ?? node.spec.help(width: width)
    }

    /// `$PAGER`, else `less`; none when PAGER is empty or `cat`.
    private static func pager(_ environment: [String: String]) -> String? {
        let pager = (environment["PAGER"] ?? "less").trimmingCharacters(in: .whitespaces)
        return pager.isEmpty || pager == "cat" ? nil : pager
    }

    /// `invest --help`: the commands grouped by feature, as gh groups its own.
    static func overview(_ app: AppComposer, width: Int) -> String {
        let groups = app.features.map { feature in
            let commands = feature.commands(app).map(\.spec).filter { !$0.isHidden }
            return feature.title + ":\n" + HelpText.definitions(commands.map { ($0.word, $0.summary) }, width: width)
        }
        return """
        invest: a personal investment tracker.

        \(HelpText.wrap("Usage: invest [--home DIR] [-q|--quiet] [--verbose] [--no-pager] <command> [options]", width: width, hangingIndent: 13))
               invest help <command> | invest --version

        \(groups.joined(separator: "\n"))
        Global options, before or after the command:
        \(HelpText.definitions(GlobalOptions.help, width: width))
        \(HelpText.wrap("Run 'invest help <command>' or 'invest <command> -h' for a command's options. Data lives in --home DIR, else $INVEST_HOME, else $XDG_DATA_HOME/investments, else ~/.local/share/investments.", width: width))
        \(HelpText.wrap("Exit codes: 0 success, 1 failure, 2 usage or input error, 3 an alert fired ('invest alert check').", width: width))

        """
    }
}

/// What every command may touch besides its use cases.
struct CommandIO {
    let console: Console
    let usesColor: Bool
    let tableWidth: Int?
    let now: Date
    /// The user's zone is looked up only by a command that shows or reads a local day or time.
    private let context: InvestContext

    init(context: InvestContext) {
        console = context.console
        usesColor = context.usesColor
        tableWidth = context.tableWidth
        now = context.now()
        self.context = context
    }

    /// The user's calendar day, in their time zone.
    var today: CalendarDay { context.day(containing: now) }

    /// Times are shown and typed in the user's time zone, and stored in UTC.
    var localTime: LocalTime { LocalTime(timeZone: context.timeZone) }
}

extension CommandIO {
    /// The layout `--wide` and `--columns` ask for, fitted to the terminal.
    func tableStyle(_ arguments: ParsedArguments, for report: Report) throws -> TableStyle {
        var style = TableStyle(colors: usesColor, wide: arguments[TableOptions.wide], width: tableWidth)
        if let keys = try arguments[TableOptions.columns] {
            for key in keys where !report.columnKeys.contains(key) {
                throw CLIError.usage("--columns: unknown column '\(key)'." + ArgumentParser.suggestion(for: key, among: report.columnKeys)
                    + " Columns: \(report.columnKeys.joined(separator: ","))")
            }
            style.columns = keys
        }
        return style
    }
}

/// `--wide` and `--columns`, for every command that prints a table.
enum TableOptions {
    static let wide = CommandSpec.Flag("wide", "Show every column, however wide")
    static let columns = CommandSpec.Value<[String]>("columns", "KEY,…", "Show these columns, in this order (keys as in the CSV header)") { list in
        list.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }
    static let all: [any OptionDeclaring] = [wide, columns]
}
