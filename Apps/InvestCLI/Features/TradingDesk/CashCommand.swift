import TerminalKit
import ClientComposition
import FixedPoint
import Transactions

/// `invest cash [--statement]`: the balance, or every movement with a running balance.
struct CashCommand: Command {
    let statement: () throws -> CashStatementRetrieving
    let balances: () throws -> CashBalancesRetrieving
    /// The base currency's code, which a transaction without a currency is in.
    let baseCurrency: () throws -> String
    let spec = CommandSpec(
        name: "cash", summary: "Show the cash balance in each currency: deposits − withdrawals − buys + sells + dividends + interest − fees ± exchanges and transfers",
        options: [Self.statement, StandardOptions.format] + TableOptions.all,
        positionals: 0...0)
    static let statement = CommandSpec.Flag("statement", "List every movement of cash with the balance after it")

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[StandardOptions.format] ?? .table
        let base = try baseCurrency()
        let code = { (currency: String?) in currency ?? base }
        let isTracked: Bool
        if arguments[Self.statement] {
            let cash: CashStatement
            do {
                cash = try statement().statement()
            } catch {
                throw TransactionPresentation.error(error)
            }
            isTracked = cash.isTracked
            var report = Report(columns: [
                .init(title: "DATE", key: "date", alignment: .left), .init(title: "TYPE", key: "type", alignment: .left),
                .init(title: "TICKER", key: "ticker", alignment: .left), .init(title: "AMOUNT", key: "amount", alignment: .right),
                .init(title: "CURRENCY", key: "currency", alignment: .left),
                .init(title: "BALANCE", key: "balance", alignment: .right), .init(title: "NOTE", key: "note", alignment: .left),
                .init(title: "ID", key: "id", alignment: .left, visibility: .machineOnly)])
            report.rows = cash.lines.map { line in
                let transaction = line.transaction
                return [.text(transaction.date.iso), .text(transaction.type.rawValue), .text(transaction.ticker.isEmpty ? nil : transaction.ticker),
                        .profit(line.amount, shown: Formatted.signedMoney(line.amount)), .text(code(line.currency)), .money(line.balance),
                        .text(transaction.note), .text(transaction.id)]
            }
            if format == .table, report.rows.isEmpty { return io.console.write("No movements of cash yet. Add a deposit with 'invest add --type deposit --sum S'.\n") }
            io.console.write(report.render(format, style: try io.tableStyle(arguments, for: report)))
        } else {
            let cash: CashBalances
            do {
                cash = try balances().balances()
            } catch {
                throw TransactionPresentation.error(error)
            }
            isTracked = cash.isTracked
            let currencies = cash.currencies.isEmpty ? [nil] : cash.currencies
            let balance = { (currency: String?) in cash.balances[currency] ?? .zero }
            switch format {
            case .table:
                let shown = currencies.map { "\(balance($0).formatted(fractionDigits: 2))" + (currencies.count > 1 || $0 != nil ? " \(code($0))" : "") }
                io.console.write("Cash: \(shown.joined(separator: "; "))\n")
            case .json:
                io.console.write(JSONValue.object([("balance", .text(cash.balance.description)), ("currency", .string(base)), ("tracked", .bool(cash.isTracked)),
                                                   ("movements", .count(cash.movements.values.reduce(0, +))),
                                                   ("balances", .array(currencies.map { currency in
                                                       .object([("currency", .string(code(currency))), ("balance", .text(balance(currency).description))])
                                                   }))]).rendered())
            case .csv:
                var report = Report(columns: [.init(title: "CURRENCY", key: "currency", alignment: .left), .init(title: "BALANCE", key: "balance", alignment: .right),
                                              .init(title: "TRACKED", key: "tracked", alignment: .left), .init(title: "MOVEMENTS", key: "movements", alignment: .right)])
                report.rows = currencies.map { currency in
                    [.text(code(currency)), .money(balance(currency)), Cell(shown: String(cash.isTracked), value: .bool(cash.isTracked)),
                     .count(cash.movements[currency] ?? 0)]
                }
                io.console.write(report.render(.csv, colors: false))
            }
        }
        if !isTracked, format == .table {
            io.console.writeNotice("invest: note: no deposit yet, so cash isn't tracked: this is what trades added up to, and no trade is refused for cash. "
                + "Record money you put in with 'invest add --type deposit --sum S'.\n")
        }
    }
}
