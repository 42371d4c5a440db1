import Ledger

/// A projection of the transactions: it folds what `TransactionsLedgerCodec` reads.
public protocol TransactionsProjection: RecordFold where Record == Transaction {}

extension TransactionsProjection {
    public var kinds: [LedgerKind] { TransactionsLedgerCodec.kinds }

    public func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> Transaction? {
        try TransactionsLedgerCodec.record(from: entry)
    }

    /// `ReplayPlace`: the order every transactions projection replays a history in, the
    /// ledger's order aside.
    public func replayOrders(_ transaction: Transaction, before other: Transaction) -> Bool {
        transaction.replays(before: other)
    }

    public mutating func fold(contentsOf records: [Transaction]) -> Bool {
        ReplayOrder.indices(of: records).allSatisfy { fold(records[$0]) }
    }
}
