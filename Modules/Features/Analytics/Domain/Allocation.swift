import Foundation
import FixedPoint
import Ledger
import Transactions
import Portfolio
import TradingDesk
import CurrentPrices

/// The split by category, with Cash when cash is tracked.
public enum AssetCategory: String, Sendable, CaseIterable {
    case equity = "Equity", debt = "Debt", hybrid = "Hybrid", other = "Other", cash = "Cash"

    /// What a ticker is when the user hasn't said: the catalog's stocks are Equity; anything else is Other.
    public static func `default`(for ticker: String) -> AssetCategory {
        StockCatalog.names[ticker] != nil ? .equity : .other
    }

    /// The categories a user may give a ticker: Cash is the cash balance's alone.
    public static let assignable: [AssetCategory] = [.equity, .debt, .hybrid, .other]

    public init?(name: String) {
        guard let match = AssetCategory.assignable.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else { return nil }
        self = match
    }
}

public struct Allocation: Equatable, Sendable {
    public struct Slice: Equatable, Sendable {
        public let name: String
        public let category: AssetCategory
        public let value: FixedDecimal
        /// Percent of the total, rounded to 2 decimals.
        public let weight: FixedDecimal
    }

    /// Largest first, ties by name.
    public let byTicker: [Slice]
    public let byCategory: [Slice]
    public let total: FixedDecimal
    /// Held, but without a price: left out of every weight.
    public let unpriced: [String]
    /// By trading currency, cash with its own (the base's for the cash of a history in one
    /// currency); empty without the currencies.
    public private(set) var byCurrency: [Slice] = []

    /// With each held ticker's trading currency, and the cash of each currency, all valued in
    /// the base currency.
    public init(holdings: [Holding], cashByCurrency: [String: FixedDecimal], currencies: [String: String], categories: [String: AssetCategory]) {
        self.init(holdings: holdings, cash: cashByCurrency.isEmpty ? nil : cashByCurrency.values.reduce(.zero, +), categories: categories)
        var sums: [String: FixedDecimal] = [:]
        for holding in holdings { if let value = holding.value, let currency = currencies[holding.ticker] { sums[currency, default: .zero] += value } }
        for (currency, value) in cashByCurrency where value > .zero { sums[currency, default: .zero] += value }
        let total = self.total
        byCurrency = sums.map { Slice(name: $0.key, category: .cash, value: $0.value, weight: $0.value.scaled(by: 100, over: total)?.rounded(toFractionDigits: 2) ?? .zero) }
            .sorted { ($0.value, $1.name) > ($1.value, $0.name) }
    }

    public init(holdings: [Holding], cash: FixedDecimal?, categories: [String: AssetCategory]) {
        var slices = holdings.compactMap { holding -> (String, AssetCategory, FixedDecimal)? in
            holding.value.map { (holding.ticker, categories[holding.ticker] ?? .default(for: holding.ticker), $0) }
        }
        if let cash, cash > .zero { slices.append(("Cash", .cash, cash)) }
        let total = slices.reduce(FixedDecimal.zero) { $0 + $1.2 }
        func slice(_ name: String, _ category: AssetCategory, _ value: FixedDecimal) -> Slice {
            Slice(name: name, category: category, value: value, weight: value.scaled(by: 100, over: total)?.rounded(toFractionDigits: 2) ?? .zero)
        }
        func ordered(_ slices: [Slice]) -> [Slice] { slices.sorted { ($0.value, $1.name) > ($1.value, $0.name) } }
        byTicker = ordered(slices.map { slice($0.0, $0.1, $0.2) })
        var sums: [AssetCategory: FixedDecimal] = [:]
        for (_, category, value) in slices { sums[category, default: .zero] += value }
        byCategory = ordered(sums.map { slice($0.key.rawValue, $0.key, $0.value) })
        self.total = total
        unpriced = holdings.filter { $0.value == nil }.map(\.ticker)
    }
}

/// A user's category for a ticker, on the ledger: kind `category`, schema 1, one entry per
/// ticker, payload `category=Equity|Debt|Hybrid|Other  ticker=TICKER`; synced like any record.
public enum CategoriesLedgerCodec: LedgerCodec {
    public static let kind = LedgerKind("category", schema: 1)
    public static let kinds = [kind]

    public static func id(for ticker: String) -> String { "category-" + TickerSymbol.idComponent(ticker) }

    public static func entry(for record: (ticker: String, category: AssetCategory), updatedAt: Int64) -> LedgerEntry {
        LedgerEntry(id: id(for: record.ticker), kind: kind.name, schema: kind.schema, updatedAt: updatedAt,
                    payload: LedgerPayload([("category", record.category.rawValue), ("ticker", record.ticker)]))
    }

    public static func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> (ticker: String, category: AssetCategory)? {
        guard entry.kind == kind.name, !entry.isDeleted else { return nil }
        guard entry.schema <= kind.schema else { throw .newerSchema(id: entry.id, kind: entry.kind, schema: entry.schema, supported: kind.schema) }
        guard let ticker = entry.payload["ticker"], TransactionValidator.normalizedTicker(ticker) == ticker, id(for: ticker) == entry.id else {
            throw .invalidField(id: entry.id, kind: entry.kind, field: "ticker")
        }
        guard let category = entry.payload["category"].flatMap(AssetCategory.init(name:)) else {
            throw .invalidField(id: entry.id, kind: entry.kind, field: "category")
        }
        return (ticker, category)
    }
}

/// Closes and categories from another device are read as this one reads its own; one it can't
/// read is refused.
extension DecodingEntryValidator {
    public static var analytics: DecodingEntryValidator {
        DecodingEntryValidator(decoders(ClosesLedgerCodec.self) + decoders(CategoriesLedgerCodec.self))
    }
}
