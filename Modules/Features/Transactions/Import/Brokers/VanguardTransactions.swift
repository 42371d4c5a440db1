import FixedPoint
import Ledger

/// Vanguard's brokerage download (Download center › a spreadsheet, `OfxDownload.csv`): two
/// tables one after the other. First the holdings, `Account Number,Investment Name,Symbol,
/// Shares,Share Price,Total Value,`; then, after blank lines, the transactions, `Account Number,
/// Trade Date,Settlement Date,Transaction Type,Transaction Description,Investment Name,Symbol,
/// Shares,Share Price,Principal Amount,Commissions and Fees,Net Amount,Accrued Interest,Account
/// Type,` (older files say `Commission Fees`). Dates `MM/DD/YYYY` or `YYYY-MM-DD`, amounts in
/// dollars, signed (`-1055.12` paid, `1070.89` received; a sell's Shares negative).
///
/// The holdings are a snapshot, not history, so they are skipped. Of the transactions: a Buy or a
/// Reinvestment buys at the net amount paid, a Sell sells at its net amount, their commissions
/// and fees kept as the trade's fee;
/// Dividend and Capital gain (LT/ST) distributions are dividends; Interest is interest; Fee a
/// fee; Funds Received, Withdrawal, Contribution and Distribution move cash by their sign; a
/// Transfer (incoming) of shares brings them at their value (shares × price, that value put
/// in). The settlement fund (VMFXX) is this ledger's cash: its sweeps and reinvestments are
/// left out, its dividends are interest. A Stock split gives the shares it added: its ratio
/// comes from the shares the file held before it (`SplitsFromHoldings`). A Transfer (outgoing)
/// of shares and anything else are named, to be added by hand.
public struct VanguardTransactions: BrokerPreset {
    public let name = "vanguard"
    public let title = "Vanguard transactions"

    private static let holdings = ["account number", "investment name", "symbol", "shares", "share price", "total value"]
    private static let settlementFund = "VMFXX"

    public init() {}

    public func reads(header: [String]) -> Bool {
        Self.names(header) == Self.holdings || Self.transactionsColumns(header) != nil
    }

    public func reader(header: [String]) -> BrokerFileReader {
        SplitsFromHoldings(Reader(columns: Self.transactionsColumns(header)))
    }

    private final class Reader: BrokerFileReader {
        /// The transactions table's columns, once its header is read.
        private var columns: BrokerColumns?

        init(columns: BrokerColumns?) { self.columns = columns }

        func read(_ record: [String], line: Int) -> [BrokerReading] {
            if record.allSatisfy({ $0.trimmedSpaces.isEmpty }) { return [] }
            if let header = VanguardTransactions.transactionsColumns(record) {
                columns = header
                return []
            }
            guard let columns else { return [] } // a holding: a snapshot, not history
            let cell = { (name: String) in columns.cell(name, in: record) }
            let dateText = cell("trade date")
            guard let date = BrokerNumber.usDate(dateText) ?? BrokerNumber.isoDate(dateText) else {
                return [BrokerReading(line: line, .failure(BrokerRowProblem("Trade Date: '\(dateText)' is not MM/DD/YYYY or YYYY-MM-DD")))]
            }
            let type = cell("transaction type"), symbol = cell("symbol"), name = cell("investment name")
            let shares = BrokerNumber.parse(cell("shares")), price = BrokerNumber.parse(cell("share price"))
            var amount = BrokerNumber.parse(cell("net amount"))
            let kind = Self.kind(of: type, symbol: symbol)
            if case .sharesIn = kind { amount = shares.flatMap { shares in price.flatMap { BrokerNumber.magnitude(shares).multiplied(by: $0) } } }
            let fee = BrokerNumber.parse(cell("commissions and fees").isEmpty ? cell("commission fees") : cell("commissions and fees"))
            let row = BrokerRow(date: date, action: type, kind: kind, symbol: symbol, quantity: shares, amount: amount, fee: fee,
                                note: "Vanguard: \(type)" + (name.isEmpty ? "" : " — \(name)"), currency: "USD")
            return [BrokerReading(line: line, row.drafts)]
        }

        func finish() -> [BrokerReading] { [] }

        private static func kind(of type: String, symbol: String) -> BrokerRow.Kind? {
            let type = type.lowercased()
            if symbol.uppercased() == VanguardTransactions.settlementFund {
                return type.hasPrefix("dividend") ? .interest : .ignored
            }
            switch type {
            case "buy", "reinvestment", "buy (exchange)": return .buy
            case "sell", "sell (exchange)": return .sell
            case "dividend", "capital gain (lt)", "capital gain (st)", "capital gain": return .dividend
            case "interest": return .interest
            case "fee": return .fee
            case "funds received", "withdrawal", "contribution", "distribution", "rollover (incoming)": return .cash
            case "sweep in", "sweep out": return .ignored
            case "transfer (incoming)": return .sharesIn
            case "stock split": return .splitAdding
            case "transfer (outgoing)", "conversion (incoming)", "conversion (outgoing)", "corp action (exchange)": return .corporateAction
            default: return nil
            }
        }
    }

    /// Lower-cased, without the empty cell a trailing comma leaves.
    private static func names(_ header: [String]) -> [String] {
        var names = header.map { $0.trimmedSpaces.lowercased() }
        while names.last?.isEmpty == true { names.removeLast() }
        return names
    }

    /// The transactions table's columns, when `record` is its header. Only a record that opens
    /// with `Account Number` is looked at further: every row is asked.
    private static func transactionsColumns(_ record: [String]) -> BrokerColumns? {
        guard record.first?.trimmedSpaces.lowercased() == "account number" else { return nil }
        let columns = BrokerColumns(record)
        return ["trade date", "transaction type", "symbol", "shares", "net amount"].allSatisfy(columns.has) ? columns : nil
    }
}
