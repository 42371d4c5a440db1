import Foundation
import Ledger
import Transactions

public enum CategoriesError: Error, Equatable {
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
        try storing { () throws(StoreError) in
            try ledger.append(CategoriesLedgerCodec.entry(for: (ticker, category), updatedAt: now().millisecondsSince1970))
        }
        return category
    }

    public func unset(ticker text: String) throws(CategoriesError) {
        let ticker = TransactionValidator.normalizedTicker(text) ?? text
        guard try all()[ticker] != nil else { throw .notSet(ticker) }
        try storing { () throws(StoreError) in
            try ledger.append(.tombstone(id: CategoriesLedgerCodec.id(for: ticker), kind: CategoriesLedgerCodec.kind.name, at: now().millisecondsSince1970))
        }
    }

    public func all() throws(CategoriesError) -> [String: AssetCategory] {
        let entries = try storing { () throws(StoreError) in try ledger.retrieveEntries() }
        var categories: [String: AssetCategory] = [:]
        for entry in entries where entry.kind == CategoriesLedgerCodec.kind.name {
            do throws(LedgerDecodingError) {
                if let record = try CategoriesLedgerCodec.record(from: entry) { categories[record.ticker] = record.category }
            } catch {
                throw .unreadable(error)
            }
        }
        return categories
    }

    private func storing<T>(_ body: () throws(StoreError) -> T) throws(CategoriesError) -> T {
        do throws(StoreError) {
            return try body()
        } catch {
            throw .store(error)
        }
    }
}
