import Foundation
import Ledger

/// Where the user's category overrides live: Analytics' port for them.
public protocol CategoriesStore {
    /// The overrides, by ticker.
    func categories() throws(CategoriesError) -> [String: AssetCategory]
    func save(_ category: AssetCategory, for ticker: String, at date: Date) throws(CategoriesError)
    func remove(ticker: String, at date: Date) throws(CategoriesError)
}

/// Overrides as `category` entries on a ledger, one per ticker.
public struct LedgerCategoriesStore: CategoriesStore {
    private let records: LedgerRecordStore<CategoriesLedgerCodec, CategoriesError>

    public init(ledger: LedgerStore) {
        records = LedgerRecordStore(ledger)
    }

    public func categories() throws(CategoriesError) -> [String: AssetCategory] {
        Dictionary(try records.records().map { ($0.ticker, $0.category) }) { _, latest in latest }
    }

    public func save(_ category: AssetCategory, for ticker: String, at date: Date) throws(CategoriesError) {
        try records.save([(ticker, category)], at: date)
    }

    public func remove(ticker: String, at date: Date) throws(CategoriesError) {
        try records.remove(ids: [CategoriesLedgerCodec.id(for: ticker)], kind: CategoriesLedgerCodec.kind, at: date)
    }
}
