import Foundation
import TerminalKit
import ClientComposition
import FixedPoint
import Ledger
import Transactions

/// How transactions and use-case errors are shown to a person.
enum TransactionPresentation {
    static let shortIDLength = 8
    /// Where a transfer is made: the only command that names the account it goes to.
    static let transferCommand = "'invest transfer --to ACCOUNT'"
    /// For option help and shell completion: `buy|sell|deposit|…`.
    static let typeChoices = TransactionType.allCases.map(\.rawValue).joined(separator: "|")

    /// Short ids and rounded money in a table; full ids and exact values in JSON and CSV. The
    /// ratio column is there only when a split is, so files without splits keep the layout
    /// they always had; so is the account column, only when a transaction is in an account other
    /// than the default one, named by `accountName`.
    /// Currencies and an exchange's or a transfer's other side are columns too, only when one is
    /// there; an empty currency is the base currency.
    ///
    /// `forTable` false (JSON and CSV, which carry values only) leaves out what only a table
    /// shows: rounded money and prices, short ids. A million rows' worth of formatting was most
    /// of an export.
    static func report(_ transactions: [Transaction], accountName: (String?) -> String = { _ in "" }, forTable: Bool = true) -> Report {
        var columns = Columns()
        for transaction in transactions { columns.fit(transaction) }
        return report(transactions, columns: columns, accountName: accountName, forTable: forTable)
    }

    /// The optional columns a set of transactions needs: worked out over a whole history before
    /// an export writes its first row.
    struct Columns {
        var withFee = false
        var withRatio = false
        var withTransfer = false
        var withAccount = false
        var withCurrency = false

        mutating func fit(_ transaction: Transaction) {
            withFee = withFee || transaction.fee != nil
            withRatio = withRatio || transaction.type == .split
            withTransfer = withTransfer || transaction.type == .transfer
            withAccount = withAccount || withTransfer || transaction.account != nil
            withCurrency = withCurrency || transaction.currency != nil || transaction.type == .fx
        }

        /// What either set needs.
        mutating func fit(_ other: Columns) {
            withFee = withFee || other.withFee
            withRatio = withRatio || other.withRatio
            withTransfer = withTransfer || other.withTransfer
            withAccount = withAccount || other.withAccount
            withCurrency = withCurrency || other.withCurrency
        }
    }

    static func report(_ transactions: [Transaction], columns: Columns, accountName: (String?) -> String, forTable: Bool) -> Report {
        var report = Report(columns: reportColumns(columns))
        report.rows.reserveCapacity(transactions.count)
        for transaction in transactions {
            var cells: [Cell] = []
            appendCells(of: transaction, columns: columns, accountName: accountName, forTable: forTable, to: &cells)
            report.rows.append(cells)
        }
        return report
    }

    static func reportColumns(_ columns: Columns) -> [Report.Column] {
        [.init(title: "ID", key: "id", alignment: .left), .init(title: "DATE", key: "date", alignment: .left),
         .init(title: "TYPE", key: "type", alignment: .left), .init(title: "TICKER", key: "ticker", alignment: .left),
         .init(title: "QUANTITY", key: "quantity", alignment: .right), .init(title: "PRICE", key: "price", alignment: .right),
         .init(title: "SUM", key: "sum", alignment: .right)]
            + (columns.withFee ? [.init(title: "FEE", key: "fee", alignment: .right)] : [])
            + (columns.withRatio ? [.init(title: "RATIO", key: "ratio", alignment: .right)] : [])
            + (columns.withAccount ? [.init(title: "ACCOUNT", key: "account", alignment: .left)] : [])
            // A person reads each amount's currency beside it ("2000.00 USD"); files get columns.
            + (columns.withCurrency ? [.init(title: "CURRENCY", key: "currency", alignment: .left, visibility: .machineOnly),
                                       .init(title: "TO SUM", key: "to_sum", alignment: .right),
                                       .init(title: "TO CURRENCY", key: "to_currency", alignment: .left, visibility: .machineOnly)] : [])
            // A person reads a transfer's destination in its ACCOUNT cell ("default → ISA"); files get a column.
            + (columns.withTransfer ? [.init(title: "TO ACCOUNT", key: "to_account", alignment: .left, visibility: .machineOnly)] : [])
            + [.init(title: "NOTE", key: "note", alignment: .left)]
    }

    /// One transaction's cells, in `reportColumns`' order, handed one at a time to a report's
    /// row or straight to a streamed list. A field the type doesn't use is an empty cell, and
    /// null in JSON.
    static func appendCells<Sink: CellSink>(of transaction: Transaction, columns: Columns, accountName: (String?) -> String, forTable: Bool,
                                            to sink: inout Sink) {
        let type = transaction.type
        let quantity = type.quantity == .unused || (type == .transfer && transaction.ticker.isEmpty) ? nil : transaction.quantity
        let sum = type.sum == .unused || (type == .transfer && !transaction.ticker.isEmpty) ? nil : transaction.sum
        sink.append(Cell(shown: forTable ? String(transaction.id.prefix(shortIDLength)) : "", value: .string(transaction.id)))
        sink.append(.text(transaction.date.iso))
        sink.append(.text(type.rawValue))
        sink.append(.text(transaction.ticker.isEmpty ? nil : transaction.ticker))
        if forTable {
            sink.append(.decimal(quantity))
            sink.append(.decimal(transaction.price, shown: transaction.price.map(price) ?? ""))
            sink.append(columns.withCurrency ? inCurrency(.money(sum), transaction.currency) : .money(sum))
            if columns.withFee { sink.append(columns.withCurrency ? inCurrency(.money(transaction.fee), transaction.currency) : .money(transaction.fee)) }
        } else {
            // Only JSON and CSV, which carry each decimal exactly.
            sink.append(.decimal(quantity))
            sink.append(.decimal(transaction.price))
            sink.append(.decimal(sum))
            if columns.withFee { sink.append(.decimal(transaction.fee)) }
        }
        if columns.withRatio { sink.append(.text(transaction.ratio?.description)) }
        if columns.withAccount {
            let from = accountName(transaction.account)
            sink.append(type == .transfer && forTable ? Cell(shown: "\(from) → \(accountName(transaction.toAccount))", value: .text(from)) : .text(from))
        }
        if columns.withCurrency {
            sink.append(.text(transaction.currency))
            sink.append(forTable ? inCurrency(.money(transaction.toSum), transaction.toCurrency) : .decimal(transaction.toSum))
            sink.append(.text(transaction.toCurrency))
        }
        if columns.withTransfer { sink.append(.text(type == .transfer ? accountName(transaction.toAccount) : nil)) }
        sink.append(.text(transaction.note))
    }

    /// An amount shown with its currency's code, unless it is in the base currency.
    private static func inCurrency(_ cell: Cell, _ currency: String?) -> Cell {
        guard let currency, !cell.shown.isEmpty else { return cell }
        return Cell(shown: cell.shown + " " + currency, value: cell.value, tone: cell.tone)
    }

    /// Two decimals, or up to four where a low price needs them.
    static func price(_ value: FixedDecimal) -> String {
        var four = value.formatted(fractionDigits: 4)
        guard let dot = four.utf8.lastIndex(of: UInt8(ascii: ".")) else { return four }
        // Digits only after the point: bytes are characters. A list of a million rows prices each.
        let fractionDigits = four.utf8.distance(from: dot, to: four.utf8.endIndex) - 1
        let zeros = four.utf8.reversed().prefix { $0 == UInt8(ascii: "0") }.count
        four.removeLast(min(zeros, max(0, fractionDigits - 2)))
        return four
    }

    /// What add, edit and delete print: a sentence for a person, the record for a script.
    /// A written transaction as a sentence, or as a list's row (its accounts named as a list
    /// names them: `accounts` is read only then).
    static func result(_ verb: String, _ transaction: Transaction, format: OutputFormat, accounts: () throws -> AccountsView) throws -> String {
        guard format != .table else { return "\(verb) \(summary(transaction))\n" }
        let view = try accounts()
        return report([transaction], accountName: view.name(of:)).renderResult(format, colors: false)
    }

    static func summary(_ transaction: Transaction) -> String {
        "\(transaction.id.prefix(shortIDLength))  \(transaction.date.iso)  \(what(transaction))"
            + (transaction.note.map { "  \"\($0.escapedForTerminal)\"" } ?? "")
    }

    /// "buy 2 AAPL for 300.00 (price 150)", "dividend AAPL 4.20", "split TSLA 3:1", "deposit 1000.00".
    static func what(_ transaction: Transaction) -> String {
        let type = transaction.type.rawValue, sum = transaction.sum.formatted(fractionDigits: 2)
        let ticker = transaction.ticker.isEmpty ? "" : " \(transaction.ticker)"
        switch transaction.type {
        case .buy, .sell:
            // A buy's fee is paid on top of its sum, a sell's out of it.
            let fee = transaction.fee.map { " \(transaction.type == .buy ? "+" : "−") fee \($0.formatted(fractionDigits: 2))" } ?? ""
            return "\(type) \(transaction.quantity)\(ticker) for \(sum)\(transaction.currency.map { " \($0)" } ?? "")\(fee) (price \(transaction.price.map(price) ?? ""))"
        case .split:
            return "\(type)\(ticker) \(transaction.ratio?.description ?? "")"
        case .deposit, .withdrawal, .interest, .dividend, .fee:
            return "\(type)\(ticker) \(sum)" + (transaction.currency.map { " \($0)" } ?? "")
        case .fx:
            return "fx \(sum) \(transaction.currency ?? "(base)") for \(transaction.toSum?.formatted(fractionDigits: 2) ?? "") \(transaction.toCurrency ?? "(base)")"
        case .transfer:
            return ticker.isEmpty ? "transfer \(sum)" + (transaction.currency.map { " \($0)" } ?? "") : "transfer \(transaction.quantity)\(ticker)"
        }
    }

    static func error(_ error: Error) -> CLIError {
        switch error {
        case let error as SaveTransactionError:
            switch error {
            case let .invalid(validation): return invalidFields(validation.errors)
            case let .wouldOversell(violation): return .usage("the transaction was not saved: \(violation).")
            case let .wouldOverdraw(violation):
                return .usage("the transaction was not saved: \(violation). Add a deposit on or before \(violation.date.iso) first.")
            case let .notFound(id): return .usage("no transaction has id \(id). Run 'invest list' to see ids.")
            case let .saving(failure): return .runtime("could not save the transaction: \(failure.userMessage)")
            }
        case let error as DeleteTransactionError:
            switch error {
            case let .notFound(id): return .usage("no transaction has id \(id). Run 'invest list' to see ids.")
            case let .wouldOversell(violation): return .usage("the transaction was not deleted: without it, \(violation).")
            case let .wouldOverdraw(violation): return .usage("the transaction was not deleted: without it, \(violation).")
            case let .removal(failure): return .runtime("could not delete the transaction: \(failure.userMessage)")
            }
        case let RetrieveTransactionsError.retrieval(failure):
            return .runtime("could not read your transactions: \(failure.userMessage)")
        case let error as ImportTransactionsError:
            switch error {
            case let .invalidRows(rows): return .usage("nothing was imported; fix these rows:\n" + indented(rows.map(\.description)))
            case let .storage(failure): return .runtime("nothing was imported: \(failure.userMessage)")
            }
        case let error as CLIError:
            return error
        default:
            return .runtime(String(describing: error))
        }
    }

    static func invalidFields(_ errors: [FieldError]) -> CLIError {
        .usage("the transaction was not saved; fix these fields:\n" + indented(errors.map(\.description.escapedForTerminal)))
    }

    static func indented(_ lines: [String]) -> String {
        lines.map { "  " + $0 }.joined(separator: "\n")
    }

    /// Like git: a unique prefix of an id is enough.
    /// The transaction whose id is `prefix`, or the one whose id starts with it (in any case),
    /// read without the rest of the history: a whole id, as `--format json` gives it, is found
    /// among the last lines written; the start of one needs every id looked at.
    static func resolveID(_ prefix: String, from retrieving: TransactionsRetrieving) throws -> Transaction {
        let lowered = prefix.lowercased()
        do {
            if prefix.utf8.count >= LedgerIdentifier.randomLength, let whole = try retrieving.retrieve(TransactionFilter(id: prefix), order: .unspecified).first {
                return whole
            }
            let transactions = try retrieving.retrieve(TransactionFilter(idPrefix: prefix), order: .unspecified)
                + (lowered == prefix ? [] : try retrieving.retrieve(TransactionFilter(idPrefix: lowered), order: .unspecified))
            return try resolveID(prefix, in: transactions)
        } catch let error as RetrieveTransactionsError {
            throw TransactionPresentation.error(error)
        }
    }

    private static func resolveID(_ prefix: String, in transactions: [Transaction]) throws -> Transaction {
        if let exact = transactions.first(where: { $0.id == prefix }) { return exact }
        let candidates = transactions.filter { $0.id.hasPrefix(prefix.lowercased()) }
        switch candidates.count {
        case 1: return candidates[0]
        case 0: throw CLIError.usage("no transaction id starts with '\(prefix)'. Run 'invest list' to see ids.")
        default:
            throw CLIError.usage("'\(prefix)' matches \(candidates.count) transactions; give more characters of the id:\n"
                + indented(candidates.sorted(by: Transaction.newestFirst).map { "\($0.id)  \($0.date.iso) \($0.type.rawValue) \($0.ticker)" }))
        }
    }
}

extension TransactionPresentation {
    /// Every stored transaction, with failures already mapped for the console.
    static func all(from retrieving: TransactionsRetrieving, order: TransactionOrder = .newestFirst) throws -> [Transaction] {
        do {
            return try retrieving.retrieve(.all, order: order)
        } catch {
            throw TransactionPresentation.error(error)
        }
    }
}
