import FixedPoint
import Ledger

/// Trading 212's history export (History › Export › CSV): `Action,Time,ISIN,Ticker,Name,No. of
/// shares,Price / share,Currency (Price / share),Exchange rate,…,Total,Currency (Total),
/// Withholding tax,Currency (Withholding tax),…`; the columns present vary with what the
/// export covers, so they are found by name. Times are `YYYY-MM-DD HH:MM:SS`, amounts plain.
///
/// The account holds one currency (`Currency (Total)`), and a share trades in its own
/// (`Currency (Price / share)`): a buy of a dollar share from a euro account is, to this
/// ledger, an exchange of the euros paid for the dollars the shares cost (shares × price) and a
/// buy in dollars, so the security's currency is on record and no dollar cash is left behind;
/// a sell, the other way. A dividend is its gross in the share's currency (shares × the amount
/// per share), the tax withheld a fee of the same security on the same day (noted as the
/// dividend's), and the rest exchanged into what the account received. Pence (GBX) are pounds
/// divided by 100. Deposits, withdrawals and interest on cash move the account's currency, as do
/// the card's debits (withdrawals), cashback (a deposit) and its cost (a fee); a currency
/// conversion between a multi-currency account's pots is an exchange.
/// A split is the two rows Trading 212 writes for it, "Stock split close" with the shares held
/// before and "Stock split open" with those after: their ratio is the split's. Older exports
/// name the account's currency in the column's name (`Total (EUR)`) instead of a column of its
/// own. Other actions (a stock distribution, a spin-off, a currency conversion) are named, to be
/// added by hand.
public struct Trading212History: BrokerRowPreset {
    public let name = "trading212"
    public let title = "Trading 212 history"

    public init() {}

    public func reads(header: [String]) -> Bool {
        let layout = layout(of: header)
        return ["action", "time", "ticker", "no. of shares", "price / share"].allSatisfy(layout.columns.has) && layout.total != nil
    }

    /// Its columns by name, and where the total is with its currency: a `Currency (Total)`
    /// column, or older exports' `Total (EUR)`.
    public struct Layout {
        let columns: BrokerColumns
        let total: (column: String, currency: String?)?
    }

    public func layout(of header: [String]) -> Layout {
        let columns = BrokerColumns(header)
        if columns.has("total"), columns.has("currency (total)") { return Layout(columns: columns, total: ("total", nil)) }
        let named = header.lazy.map { $0.trimmedSpaces }.first { $0.lowercased().hasPrefix("total (") && $0.hasSuffix(")") }
        return Layout(columns: columns, total: named.map { ($0.lowercased(), String($0.dropFirst("total (".count).dropLast())) })
    }

    public func reader(header: [String]) -> BrokerFileReader { SplitPairingReader(preset: self, layout: layout(of: header)) }

    /// Every row by `drafts`, but a split's two rows, which make one split between them.
    private final class SplitPairingReader: BrokerFileReader {
        private let preset: Trading212History
        private let layout: Layout
        private var halves: [String: (line: Int, date: String, ticker: String, before: FixedDecimal?, after: FixedDecimal?)] = [:]

        init(preset: Trading212History, layout: Layout) {
            self.preset = preset
            self.layout = layout
        }

        func read(_ record: [String], line: Int) -> [BrokerReading] {
            let cell = { (name: String) in self.layout.columns.cell(name, in: record) }
            let action = cell("action").lowercased()
            guard action == "stock split open" || action == "stock split close" else {
                return [BrokerReading(line: line, preset.drafts(from: record, layout: layout))]
            }
            guard let date = BrokerNumber.isoDate(cell("time")), !cell("ticker").isEmpty,
                  let shares = BrokerNumber.parse(cell("no. of shares")).map(BrokerNumber.magnitude), !shares.isZero else {
                return [BrokerReading(line: line, .failure(BrokerRowProblem("\(cell("action")): needs its Time, Ticker and No. of shares")))]
            }
            let key = "\(date) \(cell("ticker"))"
            var half = halves[key] ?? (line, date, cell("ticker"), nil, nil)
            if action == "stock split close" { half.before = shares } else { half.after = shares }
            guard let before = half.before, let after = half.after else {
                halves[key] = half
                return []
            }
            halves[key] = nil
            guard let ratio = BrokerNumber.splitRatio(after: after, before: before) else {
                return [BrokerReading(line: line, .failure(BrokerRowProblem("\(cell("action")): \(after) shares for \(before) is no split ratio this ledger keeps")))]
            }
            return [BrokerReading(line: line, .success([TransactionDraft(date: date, type: TransactionType.split.rawValue, ticker: half.ticker, ratio: ratio,
                                                                         note: "Trading 212: Stock split, \(before) shares to \(after)")]))]
        }

        func finish() -> [BrokerReading] {
            halves.values.sorted { $0.line < $1.line }.map {
                BrokerReading(line: $0.line, .failure(BrokerRowProblem("a split's other row (Stock split open or close of \($0.ticker) that day) is not in the file")))
            }
        }
    }

    public func drafts(from record: [String], layout: Layout) -> Result<[TransactionDraft], BrokerRowProblem> {
        if record.allSatisfy({ $0.trimmedSpaces.isEmpty }) { return .success([]) }
        let columns = layout.columns
        guard record.count == columns.header.count else { return .failure(BrokerRowProblem("expected \(columns.header.count) fields, found \(record.count)")) }
        let cell = { (name: String) in columns.cell(name, in: record) }
        let action = cell("action")
        guard let date = BrokerNumber.isoDate(cell("time")) else { return .failure(BrokerRowProblem("Time: '\(cell("time"))' is not YYYY-MM-DD HH:MM:SS")) }
        let ticker = cell("ticker"), note = "Trading 212: \(action)" + (cell("name").isEmpty ? "" : " — \(cell("name"))")
        let accountCurrency = layout.total.map { $0.currency ?? cell("currency (total)") } ?? ""
        guard let total = layout.total.flatMap({ BrokerNumber.parse(cell($0.column)) }).map(BrokerNumber.magnitude), !accountCurrency.isEmpty else {
            return .failure(BrokerRowProblem("\(action): needs its Total and Currency (Total)"))
        }
        func draft(_ type: TransactionType, ticker: String? = nil, quantity: FixedDecimal? = nil, sum: FixedDecimal, currency: String) -> TransactionDraft {
            .broker(type, date: date, ticker: ticker, quantity: quantity, sum: sum, currency: currency, note: note)
        }
        func exchange(_ sum: FixedDecimal, _ from: String, for received: FixedDecimal, _ to: String) -> TransactionDraft {
            .brokerExchange(date: date, paid: sum, in: from, received: received, in: to, note: note)
        }
        let lower = action.lowercased()
        switch lower {
        case "deposit", "spending cashback": return .success([draft(.deposit, sum: total, currency: accountCurrency)])
        case "withdrawal", "card debit": return .success([draft(.withdrawal, sum: total, currency: accountCurrency)])
        case "new card cost": return .success([draft(.fee, sum: total, currency: accountCurrency)])
        case "interest on cash", "lending interest": return .success([draft(.interest, sum: total, currency: accountCurrency)])
        case "currency conversion":
            // A multi-currency account's exchange, in the columns newer exports add for it.
            guard let from = BrokerNumber.parse(cell("currency conversion from amount")).map(BrokerNumber.magnitude),
                  let to = BrokerNumber.parse(cell("currency conversion to amount")).map(BrokerNumber.magnitude),
                  !cell("currency (currency conversion from amount)").isEmpty, !cell("currency (currency conversion to amount)").isEmpty else {
                return .failure(BrokerRowProblem("\(action): needs the Currency conversion from and to amounts, with their currencies"))
            }
            return .success([exchange(from, cell("currency (currency conversion from amount)").uppercased(), for: to, cell("currency (currency conversion to amount)").uppercased())])
        default: break
        }
        let isBuy = lower.hasSuffix(" buy"), isSell = lower.hasSuffix(" sell"), isDividend = lower.hasPrefix("dividend")
        guard isBuy || isSell || isDividend else {
            return .failure(BrokerRowProblem("\(action): not an action this import maps; leave the row out and add it by hand"))
        }
        guard !ticker.isEmpty, let shares = BrokerNumber.parse(cell("no. of shares")).map(BrokerNumber.magnitude), !shares.isZero,
              let perShare = BrokerNumber.parse(cell("price / share")).map(BrokerNumber.magnitude) else {
            return .failure(BrokerRowProblem("\(action): needs its Ticker, No. of shares and Price / share"))
        }
        let (tradeCurrency, perMajor) = Self.currency(cell("currency (price / share)").isEmpty ? accountCurrency : cell("currency (price / share)"))
        guard let gross = shares.multiplied(by: perShare)?.divided(by: FixedDecimal(integerLiteral: perMajor)) else {
            return .failure(BrokerRowProblem("\(action): No. of shares × Price / share is past this ledger's range"))
        }
        let sameCurrency = tradeCurrency == accountCurrency
        if isDividend {
            let taxCurrency = cell("currency (withholding tax)").isEmpty ? tradeCurrency : Self.currency(cell("currency (withholding tax)")).code
            let tax = BrokerNumber.parse(cell("withholding tax")).map(BrokerNumber.magnitude) ?? .zero
            if sameCurrency { return .success([draft(.dividend, ticker: ticker, sum: total, currency: accountCurrency)]) }
            guard taxCurrency == tradeCurrency, tax < gross else { return .failure(BrokerRowProblem("\(action): its withholding tax is not in \(tradeCurrency) or exceeds the dividend")) }
            var withheld = draft(.fee, ticker: ticker, sum: tax, currency: tradeCurrency)
            withheld.note = "Trading 212: withholding tax on the \(ticker) dividend of \(date)"
            return .success([draft(.dividend, ticker: ticker, sum: gross, currency: tradeCurrency)] + (tax.isZero ? [] : [withheld])
                            + [exchange(gross - tax, tradeCurrency, for: total, accountCurrency)])
        }
        if sameCurrency {
            return .success([draft(isBuy ? .buy : .sell, ticker: ticker, quantity: shares, sum: total, currency: accountCurrency)])
        }
        return .success(TransactionDraft.brokerTrade(buying: isBuy, date: date, ticker: ticker, quantity: shares, sum: gross, in: tradeCurrency,
                                     settled: total, in: accountCurrency, note: note))
    }

    /// A price's currency, and how many of its unit make one: `GBX` is a hundredth of a pound.
    private static func currency(_ unit: String) -> (code: String, perMajor: Int) {
        ["GBX": "GBP", "GBp": "GBP"][unit].map { ($0, 100) } ?? (unit.uppercased(), 1)
    }
}
