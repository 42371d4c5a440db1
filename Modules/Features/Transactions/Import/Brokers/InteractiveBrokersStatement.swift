import FixedPoint
import Ledger

/// Interactive Brokers' Activity Statement as CSV (Performance & Reports › Statements ›
/// Activity › Download CSV): many tables in one file, each row opening with its section's name
/// and `Header`, `Data`, `SubTotal` or `Total`, so a section's header names the columns of the
/// data rows after it (`Trades,Header,DataDiscriminator,Asset Category,Currency,Symbol,
/// Date/Time,Quantity,T. Price,C. Price,Proceeds,Comm/Fee,Basis,Realized P/L,MTM P/L,Code`).
/// Dates `YYYY-MM-DD` (`"2024-01-02, 10:30:00"` for a trade), amounts signed, each row in the
/// currency of its `Currency` column.
///
/// The sections read, and what their rows are here:
/// - **Trades**, its orders (`Order` or `Trade`; the `Execution` and `ClosedLot` rows beneath them
///   repeat them): a stock trade is its proceeds, its commission the trade's fee (paid on top of a
///   buy, out of a sell); a Forex order is an exchange (`USD.CAD` bought with Canadian
///   dollars, or sold for them). Other asset classes (options, futures) are named.
/// - **Dividends** (and Payment In Lieu of Dividends): dividends of the symbol that opens the
///   description (`AAPL(US0378331005) Cash Dividend …`).
/// - **Withholding Tax**: a fee of the same symbol, noted as the tax on its dividend of that day;
///   tax given back (IBKR corrects a rate by a refund and a new charge) is that dividend's income
///   again. A dividend reversed is a fee of its symbol, taking the income back.
/// - **Deposits & Withdrawals**: cash by its sign. **Fees** and **Interest**: fees and interest.
/// - **Corporate Actions**: a split (`Split 4 for 1`) with its ratio; any other action is named.
/// - **Transfers** in of shares: at their market value (that value put in and spent on them);
///   of cash, by its sign. Outgoing shares are named.
/// Totals, subtotals and every other section (the statement's summary, open positions, the
/// instruments' information) hold no transaction.
public struct InteractiveBrokersStatement: BrokerPreset {
    public let name = "ibkr"
    public let title = "Interactive Brokers activity statement"

    public init() {}

    public func reads(header: [String]) -> Bool {
        header.count >= 3 && header[1].trimmedSpaces == "Header" && ["Statement", "Account Information"].contains(header[0].trimmedSpaces)
    }

    public func reader(header: [String]) -> BrokerFileReader { Reader() }

    private final class Reader: BrokerFileReader {
        /// Each section's columns, from its latest header row.
        private var sections: [String: BrokerColumns] = [:]

        func read(_ record: [String], line: Int) -> [BrokerReading] {
            guard record.count >= 2 else { return [] }
            let section = record[0].trimmedSpaces, discriminator = record[1].trimmedSpaces
            let fields = Array(record.dropFirst(2))
            if discriminator == "Header" {
                sections[section] = BrokerColumns(fields)
                return []
            }
            guard discriminator == "Data", let columns = sections[section] else { return [] }
            let cell = { (name: String) in columns.cell(name, in: fields) }
            // A section's total, written as a data row with "Total" in its first column.
            if fields.first?.trimmedSpaces.hasPrefix("Total") == true { return [] }
            let result: Result<[TransactionDraft], BrokerRowProblem>?
            switch section {
            case "Trades": result = trade(cell)
            case "Dividends", "Payment In Lieu Of Dividends": result = income(.dividend, cell, section: section)
            case "Withholding Tax": result = withholding(cell)
            case "Deposits & Withdrawals": result = cash(cell, date: "settle date", section: section)
            case "Fees": result = income(.fee, cell, section: section)
            case "Interest": result = income(.interest, cell, section: section)
            case "Corporate Actions": result = corporateAction(cell)
            case "Transfers": result = transfer(cell)
            default: result = nil
            }
            return result.map { [BrokerReading(line: line, $0)] } ?? []
        }

        func finish() -> [BrokerReading] { [] }

        private typealias Cell = (String) -> String

        private func date(_ cell: Cell, _ column: String) -> Result<String, BrokerRowProblem> {
            BrokerNumber.isoDate(cell(column)).map { .success($0) }
                ?? .failure(BrokerRowProblem("\(column.capitalized): '\(cell(column))' is not YYYY-MM-DD"))
        }

        private func row(_ kind: BrokerRow.Kind, _ cell: Cell, date: String, symbol: String, quantity: FixedDecimal? = nil,
                         amount: FixedDecimal?, note: String) -> Result<[TransactionDraft], BrokerRowProblem> {
            BrokerRow(date: date, action: note, kind: kind, symbol: symbol, quantity: quantity, amount: amount,
                      note: "IBKR: \(note)", currency: cell("currency")).drafts
        }

        private func trade(_ cell: Cell) -> Result<[TransactionDraft], BrokerRowProblem>? {
            let discriminator = cell("datadiscriminator")
            guard discriminator.isEmpty || discriminator == "Order" || discriminator == "Trade" else { return nil }
            return date(cell, "date/time").flatMap { date in
                let symbol = cell("symbol"), category = cell("asset category")
                guard let quantity = BrokerNumber.parse(cell("quantity")), let proceeds = BrokerNumber.parse(cell("proceeds")), !quantity.isZero else {
                    return .failure(BrokerRowProblem("Trades: \(symbol) needs its Quantity and Proceeds"))
                }
                let commission = BrokerNumber.magnitude(BrokerNumber.parse(cell("comm/fee")) ?? .zero)
                switch category {
                case "Stocks":
                    let isBuy = !quantity.isNegative
                    return .success([TransactionDraft.brokerTrade(buying: isBuy, date: date, ticker: symbol, quantity: quantity, sum: proceeds, fee: commission,
                                                                  currency: cell("currency"), note: "IBKR: \(isBuy ? "Buy" : "Sell") \(BrokerNumber.magnitude(quantity)) \(symbol)")])
                case "Forex":
                    guard let exchange = TransactionDraft.brokerPairExchange(date: date, symbol: symbol, quantity: quantity, money: proceeds,
                                                                             currency: cell("currency"), note: "IBKR: Forex \(symbol)") else {
                        return .failure(BrokerRowProblem("Trades: Forex '\(symbol)' is not BASE.QUOTE in its currency"))
                    }
                    return .success([exchange])
                default:
                    return .failure(BrokerRowProblem("Trades: \(category) (\(symbol)) are not mapped; this ledger holds shares"))
                }
            }
        }

        /// `AAPL(US0378331005) Cash Dividend …`: the symbol before the ISIN.
        private func symbol(in description: String) -> String {
            String(description.prefix { $0 != "(" && $0 != " " })
        }

        private func income(_ kind: BrokerRow.Kind, _ cell: Cell, section: String) -> Result<[TransactionDraft], BrokerRowProblem> {
            date(cell, "date").flatMap { date in
                let description = cell("description")
                let symbol = kind == .interest ? "" : (kind == .fee && !description.contains("(") ? "" : symbol(in: description))
                let amount = BrokerNumber.parse(cell("amount"))
                // A dividend reversed (IBKR posts it again, corrected) takes the income back: a fee of the same symbol.
                if kind == .dividend, let amount, amount.isNegative {
                    return row(.fee, cell, date: date, symbol: symbol, amount: amount, note: "reversal of \(section) — \(description)")
                }
                return row(kind, cell, date: date, symbol: symbol, amount: amount, note: "\(section) — \(description)")
            }
        }

        private func withholding(_ cell: Cell) -> Result<[TransactionDraft], BrokerRowProblem> {
            date(cell, "date").flatMap { date in
                let symbol = symbol(in: cell("description"))
                guard let amount = BrokerNumber.parse(cell("amount")), !amount.isZero else {
                    return .failure(BrokerRowProblem("Withholding Tax: needs its Amount"))
                }
                // Tax given back (a correction posts the refund, then the right tax) is the dividend's income again.
                if !amount.isNegative {
                    return row(.dividend, cell, date: date, symbol: symbol, amount: amount, note: "refund of withholding tax on the \(symbol) dividend of \(date)")
                }
                return row(.fee, cell, date: date, symbol: symbol, amount: amount, note: "withholding tax on the \(symbol) dividend of \(date)")
            }
        }

        private func cash(_ cell: Cell, date column: String, section: String) -> Result<[TransactionDraft], BrokerRowProblem> {
            date(cell, column).flatMap { date in
                row(.cash, cell, date: date, symbol: "", amount: BrokerNumber.parse(cell("amount")), note: "\(section) — \(cell("description"))")
            }
        }

        private func corporateAction(_ cell: Cell) -> Result<[TransactionDraft], BrokerRowProblem> {
            let dateColumn = cell("date/time").isEmpty ? "report date" : "date/time"
            return date(cell, dateColumn).flatMap { date in
                let description = cell("description")
                // "AAPL(US0378331005) Split 4 for 1 (AAPL, APPLE INC, US0378331005)"
                let words = description.split(separator: " ").map(String.init)
                if let at = words.firstIndex(where: { $0.lowercased() == "split" }), at + 3 < words.count, words[at + 2].lowercased() == "for",
                   let after = Int(words[at + 1]), let before = Int(words[at + 3]) {
                    return row(.split(ratio: "\(after):\(before)"), cell, date: date, symbol: symbol(in: description), amount: nil, note: "Corporate Actions — \(description)")
                }
                return row(.corporateAction, cell, date: date, symbol: symbol(in: description), amount: nil, note: "Corporate Actions — \(description)")
            }
        }

        private func transfer(_ cell: Cell) -> Result<[TransactionDraft], BrokerRowProblem> {
            date(cell, "date").flatMap { date in
                let symbol = cell("symbol"), note = "Transfers — \(cell("direction")) \(cell("xfer company"))"
                if cell("asset category") == "Stocks" {
                    guard cell("direction") == "In" else { return row(.corporateAction, cell, date: date, symbol: symbol, amount: nil, note: note) }
                    return row(.sharesIn, cell, date: date, symbol: symbol, quantity: BrokerNumber.parse(cell("qty")),
                               amount: BrokerNumber.parse(cell("market value")), note: note)
                }
                return row(.cash, cell, date: date, symbol: "", amount: BrokerNumber.parse(cell("cash amount")), note: note)
            }
        }
    }
}
