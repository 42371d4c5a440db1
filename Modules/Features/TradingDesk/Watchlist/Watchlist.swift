import Foundation
import FixedPoint
import Ledger
import Transactions

/// A stock followed without being owned, maybe with a price the user waits for.
public struct Watch: Equatable, Sendable {
    public let ticker: String
    public let target: FixedDecimal?
    public let note: String?
    public let addedAt: Date

    public init(ticker: String, target: FixedDecimal?, note: String?, addedAt: Date) {
        self.ticker = ticker
        self.target = target
        self.note = note
        self.addedAt = addedAt
    }
}

/// The watchlist on the ledger: kind `watch`, schema 1, one entry per ticker, with the payload
/// `added=EPOCH-MS  note=TEXT (optional)  target=DECIMAL (optional)  ticker=TICKER`. The id is derived from the
/// ticker, so watching a stock on two devices is one watch, and adding it again updates it.
public enum WatchlistLedgerCodec: LedgerCodec {
    public static let kind = LedgerKind("watch", schema: 1)
    public static let kinds = [kind]

    /// `watch-` and the ticker, `.` written `_`: tickers never hold `_`, so no two collide.
    public static func id(for ticker: String) -> String {
        "watch-" + TickerSymbol.idComponent(ticker)
    }

    public static func entry(for watch: Watch, updatedAt: Int64) -> LedgerEntry {
        var fields: [(name: String, value: String)] = [("ticker", watch.ticker), ("added", String(watch.addedAt.millisecondsSince1970))]
        if let target = watch.target { fields.append(("target", target.description)) }
        if let note = watch.note { fields.append(("note", note)) }
        return LedgerEntry(id: id(for: watch.ticker), kind: kind.name, schema: kind.schema, updatedAt: updatedAt, payload: LedgerPayload(fields))
    }

    public static func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> Watch? {
        guard entry.kind == kind.name, !entry.isDeleted else { return nil }
        guard entry.schema <= kind.schema else { throw .newerSchema(id: entry.id, kind: entry.kind, schema: entry.schema, supported: kind.schema) }
        let payload = entry.payload
        func invalid(_ field: String) -> LedgerDecodingError { .invalidField(id: entry.id, kind: entry.kind, field: field) }
        guard let ticker = payload["ticker"], TransactionValidator.normalizedTicker(ticker) == ticker, id(for: ticker) == entry.id else { throw invalid("ticker") }
        let target = try payload["target"].map { text throws(LedgerDecodingError) in
            guard let value = FixedDecimal(text), value > .zero, value <= TransactionValidator.maximumValue else { throw invalid("target") }
            return value
        }
        let added = try payload["added"].map { text throws(LedgerDecodingError) in
            guard let time = LedgerClock.time(text) else { throw invalid("added") }
            return time
        } ?? entry.updatedAt
        return Watch(ticker: ticker, target: target, note: payload["note"], addedAt: Date(millisecondsSince1970: added))
    }
}

public enum WatchlistError: LedgerFeatureError, Equatable {
    case invalidTicker(String)
    case invalidTarget(String)
    case notWatched(String)
    case store(StoreError)
    case unreadable(LedgerDecodingError)
}

public protocol WatchlistManaging {
    @discardableResult
    func add(ticker: String, target: String?, note: String?) throws(WatchlistError) -> Watch
    func remove(ticker: String) throws(WatchlistError)
    /// In the order the stocks were added: stable from run to run.
    func all() throws(WatchlistError) -> [Watch]
}

public final class ManageWatchlistUseCase: WatchlistManaging {
    private let store: WatchlistStore
    private let now: () -> Date

    public init(store: WatchlistStore, now: @escaping () -> Date) {
        self.store = store
        self.now = now
    }

    public func add(ticker text: String, target: String?, note: String?) throws(WatchlistError) -> Watch {
        guard let ticker = TransactionValidator.normalizedTicker(text) else { throw .invalidTicker(text) }
        let price = try target.flatMap { text throws(WatchlistError) -> FixedDecimal? in
            guard !text.isEmpty else { return nil }
            guard let value = FixedDecimal(text), value > .zero, value <= TransactionValidator.maximumValue else { throw .invalidTarget(text) }
            return value
        }
        // Updating a watch keeps its place in the list, and what wasn't given this time (an
        // empty value clears it).
        let existing = try all().first { $0.ticker == ticker }
        let watch = Watch(ticker: ticker, target: target == nil ? existing?.target : price,
                          note: note == nil ? existing?.note : note.flatMap { $0.isEmpty ? nil : $0 }, addedAt: existing?.addedAt ?? now())
        try store.save(watch, at: now())
        return watch
    }

    public func remove(ticker text: String) throws(WatchlistError) {
        let ticker = TransactionValidator.normalizedTicker(text) ?? text
        guard try all().contains(where: { $0.ticker == ticker }) else { throw .notWatched(ticker) }
        try store.remove(ticker: ticker, at: now())
    }

    public func all() throws(WatchlistError) -> [Watch] {
        try store.watches().sorted { ($0.addedAt, $0.ticker) < ($1.addedAt, $1.ticker) }
    }

}
