import TerminalKit
import ClientComposition
import Transactions
import TradingDesk
import Ledger

struct ListCommand: Command {
    let pagesOutput = true
    let list: () throws -> NewestTransactionsListing
    /// Every matching transaction, streamed from the log: a list in a file format of a whole history.
    let rows: (TransactionFilter) throws -> TransactionRows
    let accounts: () throws -> AccountsView
    let spec = CommandSpec(
        name: "list", summary: "List transactions, newest first",
        usage: "list [--ticker T] [--type TYPE] [--search TEXT] [--from D] [--to D] [-n N] [--format table|json|csv] [--wide] [--columns KEY,…]",
        options: [.value("ticker", "T", "Only this ticker"),
                  .value("type", TransactionPresentation.typeChoices, "Only this type: \(TransactionType.allCases.map(\.rawValue).joined(separator: ", "))"),
                  .value("search", "TEXT", "Only where the ticker, the note or the stock's name contains TEXT (any case)"),
                  .value("from", "D", "Only on or after this date: YYYY-MM-DD, today, yesterday or -Nd"),
                  .value("to", "D", "Only on or before this date"),
                  .value("limit", "N", "Only the newest N", short: "n"),
                  .value("format", "table|json|csv", "Output format (default: table)")] + CommandSpec.Option.tableLayout,
        positionals: 0...0)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try OutputFormat.parse(arguments.value("format"))
        let filter = try Self.filter(from: arguments, today: io.today)
        let limit = try arguments.value("limit").map(Limit.parse)
        if let from = filter.from, let to = filter.to, from > to {
            io.console.writeNotice("invest: warning: --from \(from.iso) is after --to \(to.iso), so no date can match; did you swap them?\n")
        }
        let listed: [Transaction]?
        do {
            listed = ListNewestTransactionsUseCase.mayAnswer(filter, limit: limit) ? try list().newest(filter, limit: limit) : nil
        } catch {
            throw TransactionPresentation.error(error)
        }
        // A list only the whole history can tell is written as it is read.
        guard let transactions = listed else {
            if format != .table {
                _ = try rows(filter).write(format, limit: limit) { io.console.write($0) }
            } else if try rows(filter).writeTable(style: { try io.tableStyle(arguments, for: $0) }, limit: limit, to: { io.console.write($0) }) == 0 {
                io.console.write(Self.nothingListed(filter))
            }
            return
        }
        if format == .table && transactions.isEmpty {
            io.console.write(Self.nothingListed(filter))
            return
        }
        let report = TransactionPresentation.report(transactions, accountName: try accounts().name(of:), forTable: format == .table)
        io.console.write(report.render(format, style: try io.tableStyle(arguments, for: report)))
    }

    private static func nothingListed(_ filter: TransactionFilter) -> String {
        filter == .all ? "No transactions yet. Add one with 'invest add' or 'invest import FILE.csv'.\n" : "No transactions match.\n"
    }

    private static func filter(from arguments: ParsedArguments, today: CalendarDay) throws -> TransactionFilter {
        func date(_ name: String) throws -> CalendarDay? {
            guard let text = arguments.value(name) else { return nil }
            guard let day = CalendarDay(iso: RelativeDate.resolve(text, today: today)) else {
                throw CLIError.usage("--\(name) '\(text.escapedForTerminal)' is not a date: use YYYY-MM-DD, today, yesterday or -Nd (N days ago).")
            }
            return day
        }
        var filter = TransactionFilter(from: try date("from"), to: try date("to"))
        if let ticker = arguments.value("ticker") {
            guard let normalized = TransactionValidator.normalizedTicker(ticker) else { throw CLIError.usage("--ticker '\(ticker)' is not a ticker symbol.") }
            filter.ticker = normalized
        }
        if let type = arguments.value("type") {
            guard let parsed = TransactionType(rawValue: type.lowercased()) else {
                let names = TransactionType.allCases.map(\.rawValue)
                throw CLIError.usage("--type must be one of \(names.joined(separator: ", ")), not '\(type.escapedForTerminal)'."
                    + ArgumentParser.suggestion(for: type.lowercased(), among: names))
            }
            filter.type = parsed
        }
        if let search = arguments.value("search") {
            filter.search = search
            filter.names = StockCatalog.names
        }
        return filter
    }
}
