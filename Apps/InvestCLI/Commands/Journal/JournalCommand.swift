import Foundation
import AppSupport
import FixedPoint
import OptionsJournal

/// `invest journal …`: seed 001's options trade journal, with the web app's calculations.
struct JournalCommand: Command {
    let load: () throws -> LoadJournalUseCase
    let importer: () throws -> ImportExecutionsUseCase
    let readStandardInput: (_ limit: Int) -> Data
    let timeZone: TimeZone

    let spec = CommandSpec(
        name: "journal", summary: "An options trade journal: thinkorswim statements, trades, daily stats and the dashboard",
        usage: """
        journal import FILE|- [--tz ZONE] [--dry-run]
               invest journal trades [--from D] [--to D] [--format table|json|csv]
               invest journal days [--format F]   |   day YYYY-MM-DD [--format F]
               invest journal stats [--from D] [--to D] [--format F]
               invest journal open [--format F]
        """,
        options: [.value("tz", "ZONE", "import: the time zone of the statement's times (default: TZ, the system's)"),
                  .flag("dry-run", "import: check the file and say what would be added, saving nothing"),
                  .value("from", "D", "trades, stats: from this trade date (YYYY-MM-DD)"),
                  .value("to", "D", "trades, stats: up to this trade date"),
                  .value("format", "table|json|csv", "Output format (default: table)")] + CommandSpec.Option.tableLayout,
        positionals: 1...2)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let action = arguments.positionals[0]
        let shapes = ["import": 2, "trades": 1, "days": 1, "day": 2, "stats": 1, "open": 1]
        guard let count = shapes[action] else {
            throw CLIError.usage("'\(action.escapedForTerminal)' is not a journal action." + ArgumentParser.suggestion(for: action, among: shapes.keys.sorted())
                + " See 'invest journal --help'.")
        }
        guard arguments.positionals.count == count else { throw CLIError.usage("usage: invest journal \(action)\(count == 2 ? (action == "day" ? " YYYY-MM-DD" : " FILE") : "").") }
        let format = try OutputFormat.parse(arguments.value("format"))
        do {
            switch action {
            case "import": try importStatement(arguments.positionals[1], zone: arguments.value("tz"), dryRun: arguments.has("dry-run"), io: io)
            case "trades": output(JournalPresentation.tradesReport(try trades(in: arguments)), format, arguments, io)
            case "days": output(JournalPresentation.daysReport(JournalStats.days(try load().load().trades)), format, arguments, io)
            case "day": try day(arguments.positionals[1], format: format, arguments: arguments, io: io)
            case "stats": try stats(arguments, format: format, io: io)
            default: output(JournalPresentation.openReport(try load().load().open), format, arguments, io)
            }
        } catch let error as JournalError {
            throw CLIError.runtime(JournalPresentation.message(error))
        }
    }

    private func trades(in arguments: ParsedArguments) throws -> [JournalTrade] {
        let from = try arguments.value("from").map { try Self.day($0, option: "--from") }, to = try arguments.value("to").map { try Self.day($0, option: "--to") }
        return try load().load().trades.filter { trade in from.map { trade.tradeDate >= $0 } ?? true && to.map { trade.tradeDate <= $0 } ?? true }
    }

    static func day(_ text: String, option: String) throws -> String {
        guard text.count == 10, ManualDay.isDay(text) else { throw CLIError.usage("\(option) '\(text.escapedForTerminal)' is not a date; use YYYY-MM-DD.") }
        return text
    }

    private func output(_ report: Report, _ format: OutputFormat, _ arguments: ParsedArguments, _ io: CommandIO) {
        let style = (try? io.tableStyle(arguments, for: report)) ?? TableStyle(colors: io.usesColor, width: io.tableWidth)
        if format == .table && report.rows.isEmpty { return io.console.write("Nothing yet. 'invest journal import STATEMENT.csv' reads a thinkorswim account statement.\n") }
        io.console.write(report.render(format, style: style))
    }

    private func day(_ text: String, format: OutputFormat, arguments: ParsedArguments, io: CommandIO) throws {
        let date = try Self.day(text, option: "DATE")
        let trades = try load().load().trades.filter { $0.tradeDate == date }.sorted { $0.firstExecTime < $1.firstExecTime }
        let report = JournalPresentation.dayReport(trades, localTime: io.localTime)
        let points = JournalStats.cumulative(trades)
        switch format {
        case .json:
            io.console.write(JSON.document([("date", .string(date)), ("trades", report.json),
                                            ("cumulativeProfitLoss", .array(points.map { .text($0.description) }))]).rendered())
        case .csv:
            io.console.write(report.render(.csv, colors: false))
        case .table:
            guard !trades.isEmpty else { return io.console.write("No trades on \(date).\n") }
            io.console.write(report.render(.table, style: (try? io.tableStyle(arguments, for: report)) ?? TableStyle(colors: io.usesColor, width: io.tableWidth)))
            io.console.write("\nCumulative P&L: " + JournalPresentation.cumulativeLine(points, colors: io.usesColor) + "\n")
        }
    }

    private func stats(_ arguments: ParsedArguments, format: OutputFormat, io: CommandIO) throws {
        let dashboard = JournalStats.dashboard(try trades(in: arguments))
        let report = JournalPresentation.dashboardReport(dashboard)
        switch format {
        case .json:
            io.console.write(JSON.document(zip(report.keys, report.row).map { ($0, $1.value) }
                + [("cumulativeByDay", .array(dashboard.cumulativeByDay.map { .object([("date", .string($0.date)), ("profitLoss", .text($0.profitLoss.description))]) }))]).rendered())
        case .csv:
            io.console.write(Report(columns: report.keys.map { .init(title: $0, key: $0, alignment: .left) }, rows: [report.row]).render(.csv, colors: false))
        case .table:
            let width = report.titles.map(\.count).max() ?? 0
            for (title, cell) in zip(report.titles, report.row) {
                io.console.write(title.padding(toLength: width + 2, withPad: " ", startingAt: 0) + cell.shown + "\n")
            }
            if !dashboard.cumulativeByDay.isEmpty {
                io.console.write("\nCumulative P&L by day: " + JournalPresentation.cumulativeLine([.zero] + dashboard.cumulativeByDay.map(\.profitLoss), colors: io.usesColor) + "\n")
            }
        }
    }

    private func importStatement(_ path: String, zone: String?, dryRun: Bool, io: CommandIO) throws {
        let name = path == "-" ? "standard input" : path
        guard let timeZone = zone.map({ TimeZone(identifier: $0) }) ?? self.timeZone else {
            throw CLIError.usage("--tz '\(zone!.escapedForTerminal)' is not a time zone; use a name such as America/New_York.")
        }
        let data = path == "-" ? readStandardInput(ImportCommand.maximumFileSize + 1) : try ImportCommand.read(path, name: name)
        guard data.count <= ImportCommand.maximumFileSize else { throw CLIError.usage("\(name) is larger than \(ImportCommand.maximumFileSize >> 20) MB; nothing was imported.") }
        let records: [CSV.Record]
        do {
            records = try CSV.parse(String(decoding: data, as: UTF8.self))
        } catch let error as CSV.ParseError {
            throw CLIError.usage("\(name):\(error.line): \(error.message); nothing was imported.")
        }
        let executions: [Execution]
        do throws(ThinkorswimStatement.Failure) {
            executions = try ThinkorswimStatement.executions(in: records.map { ($0.line, $0.fields) }, timeZone: timeZone, now: io.now)
        } catch {
            switch error {
            case .noTradeHistory:
                throw CLIError.usage("\(name) has no 'Account Trade History' section: export thinkorswim's Monitor › Account Statement as CSV. Nothing was imported.")
            case let .missingColumns(columns):
                throw CLIError.usage("\(name): the Account Trade History header lacks \(columns.joined(separator: ", ")). Nothing was imported.")
            case let .badRows(problems):
                throw ImportCommand.badRows(problems.map { ($0.line, $0.message) }, in: name)
            }
        }
        let outcome = try importer().importExecutions(executions, dryRun: dryRun)
        let skipped = outcome.alreadyThere == 0 ? "" : "; \(Plural.count(outcome.alreadyThere, "execution")) already in the journal \(outcome.alreadyThere == 1 ? "was" : "were") skipped"
        io.console.write(dryRun ? "Dry run: \(Plural.count(outcome.added, "execution")) from \(name) would be added\(skipped); nothing was saved.\n"
                                : "Added \(Plural.count(outcome.added, "execution")) from \(name)\(skipped).\n")
    }
}

/// A `YYYY-MM-DD` that is a real day.
enum ManualDay {
    static func isDay(_ text: String) -> Bool {
        let parts = text.split(separator: "-").map { Int($0) }
        guard parts.count == 3, let year = parts[0], let month = parts[1], let day = parts[2], (1...12).contains(month), (1...31).contains(day) else { return false }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) else { return false }
        return calendar.component(.day, from: date) == day
    }
}
