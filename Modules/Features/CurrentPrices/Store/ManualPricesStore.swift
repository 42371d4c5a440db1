import Foundation
import Ledger

/// Where manual prices live: CurrentPrices' port for them.
public protocol ManualPricesStore {
    /// Every manual price, by ticker.
    func prices() throws(ManualPriceError) -> [String: ManualPrice]
    func save(_ price: ManualPrice) throws(ManualPriceError)
    func remove(ticker: String, at date: Date) throws(ManualPriceError)
}

/// Manual prices as `manual-price` entries on a ledger, one per ticker.
public struct LedgerManualPricesStore: ManualPricesStore {
    private let records: LedgerRecordStore<ManualPricesLedgerCodec, ManualPriceError>

    public init(ledger: LedgerStore) {
        records = LedgerRecordStore(ledger)
    }

    public func prices() throws(ManualPriceError) -> [String: ManualPrice] {
        Dictionary(try records.records().map { ($0.ticker, $0) }) { _, latest in latest }
    }

    public func save(_ price: ManualPrice) throws(ManualPriceError) {
        try records.save([price], at: price.setAt)
    }

    public func remove(ticker: String, at date: Date) throws(ManualPriceError) {
        try records.remove(ids: [ManualPricesLedgerCodec.id(for: ticker)], kind: ManualPricesLedgerCodec.kind, at: date)
    }
}
