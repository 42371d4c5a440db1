import Ledger

/// A checkpointed projection of the transactions: it folds what `TransactionsLedgerCodec` reads.
public protocol TransactionsProjection: CheckpointableProjection where Record == Transaction {}

extension TransactionsProjection {
    public var kinds: [LedgerKind] { TransactionsLedgerCodec.kinds }

    public func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> Transaction? {
        try TransactionsLedgerCodec.record(from: entry)
    }

    /// In the order every transactions projection replays a history: by day, then the holdings
    /// rule's rank, then the ledger's order.
    public mutating func fold(contentsOf records: [Transaction]) -> Bool {
        let order = records.indices.sorted { (records[$0].date, records[$0].holdingsRank, $0) < (records[$1].date, records[$1].holdingsRank, $1) }
        return order.allSatisfy { fold(records[$0]) }
    }
}
