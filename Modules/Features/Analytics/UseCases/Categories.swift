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
    private let store: CategoriesStore
    private let now: () -> Date

    public init(store: CategoriesStore, now: @escaping () -> Date) {
        self.store = store
        self.now = now
    }

    public func set(ticker text: String, category name: String) throws(CategoriesError) -> AssetCategory {
        guard let ticker = TransactionValidator.normalizedTicker(text) else { throw .invalidTicker(text) }
        guard let category = AssetCategory(name: name) else { throw .invalidCategory(name) }
        try store.save(category, for: ticker, at: now())
        return category
    }

    public func unset(ticker text: String) throws(CategoriesError) {
        let ticker = TransactionValidator.normalizedTicker(text) ?? text
        guard try all()[ticker] != nil else { throw .notSet(ticker) }
        try store.remove(ticker: ticker, at: now())
    }

    public func all() throws(CategoriesError) -> [String: AssetCategory] {
        try store.categories()
    }

}
