import AppSupport
import Transactions

struct ListCommand: Command {
    let retrieve: () throws -> TransactionsRetrieving
    let spec = CommandSpec(
        name: "list", summary: "List transactions, newest first",
        usage: "list [--ticker T] [--type buy|sell] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--format table|json|csv]",
        options: [.value("ticker", "T", "Only this ticker"), .value("type", "buy|sell", "Only buys or only sells"),
                  .value("from", "YYYY-MM-DD", "Only on or after this date"), .value("to", "YYYY-MM-DD", "Only on or before this date"),
                  .value("format", "table|json|csv", "Output format (default: table)")],
        positionals: 0...0)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try OutputFormat.parse(arguments.value("format"))
        let filter = try Self.filter(from: arguments)
        let transactions: [Transaction]
        do {
            transactions = try retrieve().retrieve(filter)
        } catch {
            throw TransactionPresentation.error(error)
        }
        if format == .table && transactions.isEmpty {
            io.console.write(filter == .all ? "No transactions yet. Add one with 'invest add' or 'invest import FILE.csv'.\n" : "No transactions match.\n")
            return
        }
        io.console.write(TransactionPresentation.report(transactions).render(format, colors: io.usesColor))
    }

    private static func filter(from arguments: ParsedArguments) throws -> TransactionFilter {
        func date(_ name: String) throws -> CalendarDay? {
            guard let text = arguments.value(name) else { return nil }
            guard let day = CalendarDay(iso: text) else { throw CLIError.usage("--\(name) '\(text)' is not a date in the form YYYY-MM-DD.") }
            return day
        }
        var filter = TransactionFilter(from: try date("from"), to: try date("to"))
        if let ticker = arguments.value("ticker") {
            guard let normalized = TransactionValidator.normalizedTicker(ticker) else { throw CLIError.usage("--ticker '\(ticker)' is not a ticker symbol.") }
            filter.ticker = normalized
        }
        if let type = arguments.value("type") {
            guard let parsed = TransactionType(rawValue: type.lowercased()) else { throw CLIError.usage("--type must be buy or sell, not '\(type)'.") }
            filter.type = parsed
        }
        return filter
    }
}
