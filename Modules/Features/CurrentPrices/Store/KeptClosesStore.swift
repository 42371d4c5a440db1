import Ledger

public enum KeptClosesError: LedgerFeatureError, Equatable {
    case store(StoreError)
    case unreadable(LedgerDecodingError)
}

/// The closes kept on a ledger, read for valuing only: what a client that records no closes (the
/// remote-only one) needs to value a holding as the full client does.
public struct LedgerKeptCloses {
    private let records: LedgerRecordStore<ClosesLedgerCodec, KeptClosesError>

    public init(ledger: LedgerStore) {
        records = LedgerRecordStore(ledger)
    }

    public func history() throws(KeptClosesError) -> PriceHistory { PriceHistory(try records.records()) }
}
