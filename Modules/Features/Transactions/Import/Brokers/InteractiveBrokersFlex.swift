import FixedPoint
import Ledger

/// Interactive Brokers' Flex Query CSVs (Performance & Reports › Flex Queries), the export most
/// IBKR users make: a header of the fields the user picked, then a row a record. Two queries are
/// read, each known by its header:
/// - **Trades** (`Buy/Sell,TradeDate,ISIN,Quantity,TradePrice,TradeMoney,CurrencyPrimary,
///   IBCommission,IBCommissionCurrency`, with `Symbol`, `AssetClass` and others if picked): a trade
///   is its trade money, its commission the trade's fee (paid on top of a buy, out of a sell); a
///   commission in another currency is a fee of the security in that currency. A currency
///   conversion (`AssetClass` `CASH`, or a row with neither ISIN nor symbol) is an exchange when
///   its symbol names the pair (`EUR.USD`), else it is named: the row doesn't say which currency
///   was sold.
/// - **Cash transactions** (`Type,SettleDate,ISIN,Description,Amount,CurrencyPrimary`): dividends
///   and payments in lieu, withholding tax (a fee of the security, as the statement's), deposits
///   and withdrawals, interest, fees.
///
/// The security is its `Symbol` when the query has one, else its ISIN, the same in both queries,
/// so a dividend lands on the shares its trades bought. Dates are `YYYYMMDD` (the query's
/// default), `YYYY-MM-DD` or `MM/DD/YYYY`, a time after `;`, `,` or a space left out.
public struct InteractiveBrokersFlex: BrokerPreset {
    public let name = "ibkr-flex"
    public let title = "Interactive Brokers Flex Query"

    public init() {}

    public func reads(header: [String]) -> Bool {
        let columns = BrokerColumns(header)
        guard columns.has("currencyprimary") else { return false }
        return Self.isTrades(columns) || Self.isCash(columns)
    }

    private static func isTrades(_ columns: BrokerColumns) -> Bool {
        columns.has("buy/sell") && columns.has("tradedate") && columns.has("quantity")
    }

    private static func isCash(_ columns: BrokerColumns) -> Bool {
        columns.has("type") && columns.has("amount") && (columns.has("settledate") || columns.has("date/time") || columns.has("reportdate"))
    }

    public func reader(header: [String]) -> BrokerFileReader {
        let columns = BrokerColumns(header)
        return Reader(columns: columns, trades: Self.isTrades(columns))
    }

    private final class Reader: BrokerFileReader {
        private let columns: BrokerColumns
        private let trades: Bool

        init(columns: BrokerColumns, trades: Bool) {
            self.columns = columns
            self.trades = trades
        }

        func read(_ record: [String], line: Int) -> [BrokerReading] {
            // A query run with its section codes repeats its header, and a blank line may close it.
            guard record.contains(where: { !$0.trimmedSpaces.isEmpty }), record != columns.header else { return [] }
            let cell = { (name: String) in self.columns.cell(name, in: record) }
            return [BrokerReading(line: line, trades ? trade(cell) : cash(cell))]
        }

        func finish() -> [BrokerReading] { [] }

        private typealias Cell = (String) -> String
        /// The Flex Query's default date format.
        private static let packedDate = try? ImportDateFormat("YYYYMMDD")

        /// The security as both queries name it: the symbol when the query has that column.
        private func security(_ cell: Cell) -> String {
            let symbol = cell("symbol")
            return symbol.isEmpty ? cell("isin") : symbol
        }

        private func date(_ cell: Cell, _ names: [String]) -> Result<String, BrokerRowProblem> {
            guard let column = names.first(where: { !cell($0).isEmpty }) else {
                return .failure(BrokerRowProblem("needs its \(names.map(\.capitalized).joined(separator: " or "))"))
            }
            let text = String(cell(column).prefix { $0 != ";" && $0 != "," && $0 != " " })
            let iso = Self.packedDate?.iso(text) ?? BrokerNumber.usDate(text) ?? text
            guard CalendarDay(iso: iso) != nil else {
                return .failure(BrokerRowProblem("\(column): '\(cell(column))' is not a date (YYYYMMDD, YYYY-MM-DD or MM/DD/YYYY)"))
            }
            return .success(iso)
        }

        private func trade(_ cell: Cell) -> Result<[TransactionDraft], BrokerRowProblem> {
            date(cell, ["tradedate", "date/time"]).flatMap { date in
                let side = cell("buy/sell").uppercased(), security = security(cell), currency = cell("currencyprimary")
                guard side == "BUY" || side == "SELL" else {
                    // "BUY (Ca.)": a trade cancelled, with the trade it cancels beside it.
                    return .failure(BrokerRowProblem("Buy/Sell '\(side)': not a trade this import maps (a cancellation is left out with the trade it cancels)"))
                }
                guard let quantity = BrokerNumber.parse(cell("quantity")), !quantity.isZero else {
                    return .failure(BrokerRowProblem("\(side) \(security): needs its Quantity"))
                }
                let money = BrokerNumber.parse(cell("trademoney")) ?? BrokerNumber.parse(cell("tradeprice")).flatMap { quantity.multiplied(by: $0) }
                guard let money else { return .failure(BrokerRowProblem("\(side) \(security): needs its TradeMoney, or TradePrice")) }
                let category = cell("assetclass").uppercased()
                if category == "CASH" || (category.isEmpty && security.isEmpty) {
                    // The side says which way, whatever the quantity's sign.
                    let signed = side == "SELL" ? FixedDecimal.zero - BrokerNumber.magnitude(quantity) : BrokerNumber.magnitude(quantity)
                    guard let exchange = TransactionDraft.brokerPairExchange(date: date, symbol: cell("symbol"), quantity: signed, money: money,
                                                                             currency: currency, note: "IBKR: Forex \(cell("symbol"))") else {
                        return .failure(BrokerRowProblem("\(side) \(BrokerNumber.magnitude(quantity)) for \(BrokerNumber.magnitude(money)) \(currency): a currency "
                            + "conversion whose row doesn't name the currency \(side == "SELL" ? "sold" : "bought") (add Symbol to the Flex Query, or record it "
                            + "with 'invest add --type fx')"))
                    }
                    return .success([exchange])
                }
                guard category.isEmpty || category == "STK" || category == "ETF" || category == "FUND" else {
                    return .failure(BrokerRowProblem("\(side) \(security): \(category) is not mapped; this ledger holds shares"))
                }
                let isBuy = side == "BUY"
                let commission = BrokerNumber.magnitude(BrokerNumber.parse(cell("ibcommission")) ?? .zero)
                let commissionCurrency = cell("ibcommissioncurrency").isEmpty ? currency : cell("ibcommissioncurrency")
                let inCost = commissionCurrency == currency ? commission : .zero
                let note = "IBKR: \(isBuy ? "Buy" : "Sell") \(BrokerNumber.magnitude(quantity)) \(security)"
                var drafts = [TransactionDraft.brokerTrade(buying: isBuy, date: date, ticker: security, quantity: quantity, sum: money, fee: inCost,
                                                           currency: currency.isEmpty ? nil : currency, note: note)]
                if inCost.isZero, !commission.isZero {
                    drafts.append(.broker(.fee, date: date, ticker: security, sum: commission, currency: commissionCurrency, note: note + ", its commission"))
                }
                return .success(drafts)
            }
        }

        private func cash(_ cell: Cell) -> Result<[TransactionDraft], BrokerRowProblem> {
            date(cell, ["settledate", "date/time", "reportdate"]).flatMap { date in
                let type = cell("type"), security = security(cell), currency = cell("currencyprimary")
                let note = "IBKR: \(type) — \(cell("description"))"
                guard let amount = BrokerNumber.parse(cell("amount")), !amount.isZero else {
                    return .failure(BrokerRowProblem("\(type): needs its Amount"))
                }
                let kind: BrokerRow.Kind?
                switch type.lowercased() {
                case "dividends", "payment in lieu of dividends", "withholding tax", "871(m) withholding":
                    // A dividend reversed takes the income back, a fee of the same security, as tax
                    // withheld does; tax given back is the dividend's income again.
                    kind = amount.isNegative ? .fee : .dividend
                case "deposits/withdrawals", "deposits & withdrawals", "deposits and withdrawals":
                    kind = .cash
                case "broker interest received", "broker interest paid", "bond interest received", "bond interest paid", "credit interest", "debit interest":
                    kind = .interest
                case "other fees", "broker fees", "advisor fees", "commission adjustments":
                    kind = .fee
                default:
                    kind = nil
                }
                let isSecurity = kind == .dividend || (kind == .fee && !security.isEmpty)
                return BrokerRow(date: date, action: type, kind: kind, symbol: isSecurity ? security : "", quantity: nil, amount: amount, note: note,
                                 currency: currency).drafts
            }
        }
    }
}
