import Foundation
import Ledger

/// Where the watchlist lives: the desk's port for it.
public protocol WatchlistStore {
    /// In the ledger's order.
    func watches() throws(WatchlistError) -> [Watch]
    func save(_ watch: Watch, at date: Date) throws(WatchlistError)
    func remove(ticker: String, at date: Date) throws(WatchlistError)
}

/// The watchlist as `watch` entries on a ledger, one per ticker.
public struct LedgerWatchlistStore: WatchlistStore {
    private let records: LedgerRecordStore<WatchlistLedgerCodec, WatchlistError>

    public init(ledger: LedgerStore) {
        records = LedgerRecordStore(ledger)
    }

    public func watches() throws(WatchlistError) -> [Watch] { try records.records() }

    public func save(_ watch: Watch, at date: Date) throws(WatchlistError) { try records.save([watch], at: date) }

    public func remove(ticker: String, at date: Date) throws(WatchlistError) {
        try records.remove(ids: [WatchlistLedgerCodec.id(for: ticker)], kind: WatchlistLedgerCodec.kind, at: date)
    }
}
