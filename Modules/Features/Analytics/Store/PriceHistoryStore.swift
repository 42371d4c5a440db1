import Foundation
import Ledger
import CurrentPrices

/// Where kept closes live: Analytics' port for the price history.
public protocol PriceHistoryStore {
    func closes() throws(PriceHistoryError) -> [DailyClose]
    /// `atomically`: all or none after a crash (an import); otherwise one append a crash may cut
    /// short (closes a quote brought, which the next quote brings again).
    func save(_ closes: [DailyClose], at date: Date, atomically: Bool) throws(PriceHistoryError)
}

/// Closes as `close` entries on a ledger, one per ticker and day.
public struct LedgerPriceHistoryStore: PriceHistoryStore {
    private let records: LedgerRecordStore<ClosesLedgerCodec, PriceHistoryError>

    public init(ledger: LedgerStore) {
        records = LedgerRecordStore(ledger)
    }

    public func closes() throws(PriceHistoryError) -> [DailyClose] { try records.records() }

    public func save(_ closes: [DailyClose], at date: Date, atomically: Bool) throws(PriceHistoryError) {
        try records.save(closes, at: date, atomically: atomically)
    }
}
