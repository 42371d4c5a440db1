import Ledger

/// A projection of the transactions: it folds what `TransactionsLedgerCodec` reads.
public protocol TransactionsProjection: RecordFold where Record == Transaction {}

extension TransactionsProjection {
    public var kinds: [LedgerKind] { TransactionsLedgerCodec.kinds }

    public func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> Transaction? {
        try TransactionsLedgerCodec.record(from: entry)
    }

    /// By day, then the holdings rule's rank: the order every transactions projection replays a
    /// history in, the ledger's order aside.
    public func replayOrders(_ transaction: Transaction, before other: Transaction) -> Bool {
        (transaction.date, transaction.holdingsRank) < (other.date, other.holdingsRank)
    }

    public mutating func fold(contentsOf records: [Transaction]) -> Bool {
        let order = records.indices.sorted { (records[$0].date, records[$0].holdingsRank, $0) < (records[$1].date, records[$1].holdingsRank, $1) }
        return order.allSatisfy { fold(records[$0]) }
    }
}
