import Foundation
import Ledger

/// Where the rows imports skipped are remembered: the Transactions feature's port for them.
public protocol SkippedRowsStore {
    /// Every row remembered, by fingerprint.
    func skippedRows() throws(SkippedRowsError) -> [String: SkippedRow]
    func save(_ rows: [SkippedRow], at date: Date) throws(SkippedRowsError)
}

public enum SkippedRowsError: LedgerFeatureError, Equatable, Sendable {
    case store(StoreError)
    case unreadable(LedgerDecodingError)
}

/// Skipped rows as `skipped-row` entries on a ledger.
public struct LedgerSkippedRowsStore: SkippedRowsStore {
    private let records: LedgerRecordStore<SkippedRowsLedgerCodec, SkippedRowsError>

    public init(ledger: LedgerStore) {
        records = LedgerRecordStore(ledger)
    }

    public func skippedRows() throws(SkippedRowsError) -> [String: SkippedRow] {
        Dictionary(try records.records().map { ($0.fingerprint, $0) }) { _, latest in latest }
    }

    public func save(_ rows: [SkippedRow], at date: Date) throws(SkippedRowsError) {
        try records.save(rows, at: date)
    }
}
