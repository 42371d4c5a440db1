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
        options: [Self.ticker, Self.type, Self.search, Self.from, Self.to, Self.limit, StandardOptions.format] + TableOptions.all,
        positionals: 0...0)
    static let ticker = CommandSpec.Value<String>("ticker", "T", "Only this ticker", completes: .ticker) { ticker in
        guard let normalized = TransactionValidator.normalizedTicker(ticker) else { throw CLIError.usage("--ticker '\(ticker)' is not a ticker symbol.") }
        return normalized
    }
    static let type = CommandSpec.Value<TransactionType>.choice("type", "Only this type: \(TransactionType.allCases.map(\.rawValue).joined(separator: ", "))",
                                                                lowercased: true)
    static let search = CommandSpec.Value<String>("search", "TEXT", "Only where the ticker, the note or the stock's name contains TEXT (any case)")
    static let from = CommandSpec.Value<TypedDay>.day("from", "Only on or after this date: YYYY-MM-DD, today, yesterday or -Nd")
    static let to = CommandSpec.Value<TypedDay>.day("to", "Only on or before this date")
    static let limit = CommandSpec.Value<Int>("limit", "N", "Only the newest N", short: "n", read: Limit.parse)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[StandardOptions.format] ?? .table
        let filter = try Self.filter(from: arguments, today: io.today)
        let limit = try arguments[Self.limit]
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
        var filter = TransactionFilter(from: try arguments[from]?.day(today: today), to: try arguments[to]?.day(today: today))
        filter.ticker = try arguments[ticker]
        filter.type = try arguments[type]
        if let search = try arguments[search] {
            filter.search = search
            filter.names = StockCatalog.names
        }
        return filter
    }
}
