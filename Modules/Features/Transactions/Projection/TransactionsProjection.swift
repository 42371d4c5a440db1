import Ledger

/// A checkpointed projection of the transactions: it folds what `TransactionsLedgerCodec` reads.
public protocol TransactionsProjection: CheckpointableProjection where Record == Transaction {}

extension TransactionsProjection {
    public var kinds: [LedgerKind] { TransactionsLedgerCodec.kinds }

    public func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> Transaction? {
        try TransactionsLedgerCodec.record(from: entry)
    }
}
