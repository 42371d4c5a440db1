import Foundation
import Ledger
import Transactions

public enum CategoriesError: LedgerFeatureError, Equatable {
    case invalidTicker(String)
    case invalidCategory(String)
    case notSet(String)
    case store(StoreError)
    case unreadable(LedgerDecodingError)
}

public protocol CategoriesManaging {
    func set(ticker: String, category: String) throws(CategoriesError) -> AssetCategory
    func unset(ticker: String) throws(CategoriesError)
    /// The user's overrides, by ticker.
    func all() throws(CategoriesError) -> [String: AssetCategory]
}

public final class ManageCategoriesUseCase: CategoriesManaging {
    private let ledger: LedgerStore
    private let now: () -> Date

    public init(ledger: LedgerStore, now: @escaping () -> Date) {
        self.ledger = ledger
        self.now = now
    }

    public func set(ticker text: String, category name: String) throws(CategoriesError) -> AssetCategory {
        guard let ticker = TransactionValidator.normalizedTicker(text) else { throw .invalidTicker(text) }
        guard let category = AssetCategory(name: name) else { throw .invalidCategory(name) }
        try ledger.writing(CategoriesError.self) { () throws(StoreError) in
            try ledger.append(CategoriesLedgerCodec.entry(for: (ticker, category), updatedAt: now().millisecondsSince1970))
        }
        return category
    }

    public func unset(ticker text: String) throws(CategoriesError) {
        let ticker = TransactionValidator.normalizedTicker(text) ?? text
        guard try all()[ticker] != nil else { throw .notSet(ticker) }
        try ledger.writing(CategoriesError.self) { () throws(StoreError) in
            try ledger.append(.tombstone(id: CategoriesLedgerCodec.id(for: ticker), kind: CategoriesLedgerCodec.kind.name, at: now().millisecondsSince1970))
        }
    }

    public func all() throws(CategoriesError) -> [String: AssetCategory] {
        let records = try ledger.records(CategoriesLedgerCodec.self, failing: CategoriesError.self)
        return Dictionary(records.map { ($0.ticker, $0.category) }) { _, latest in latest }
    }

}
