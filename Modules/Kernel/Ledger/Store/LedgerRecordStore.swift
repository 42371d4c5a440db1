import Foundation

/// A feature's records of one codec, on a ledger: what each feature's store adapter is made of,
/// so the adapters stay a few lines each and the use cases see only their feature's port.
public struct LedgerRecordStore<Codec: LedgerCodec, Failure: LedgerFeatureError> {
    private let ledger: LedgerStore

    public init(_ ledger: LedgerStore) {
        self.ledger = ledger
    }

    /// Every live record of the codec's kinds, in the ledger's order.
    public func records() throws(Failure) -> [Codec.Record] {
        try ledger.records(Codec.self, failing: Failure.self)
    }

    /// One record in one append; several as one unit (after a crash, all or none), or, when
    /// `atomically` is false, in one append that a crash may cut short.
    public func save(_ records: [Codec.Record], at date: Date, atomically: Bool = true) throws(Failure) {
        let stamp = date.millisecondsSince1970
        try write(records.map { Codec.entry(for: $0, updatedAt: stamp) }, atomically: atomically)
    }

    /// Leaves a tombstone, which syncs, for each id.
    public func remove(ids: [String], kind: LedgerKind, at date: Date) throws(Failure) {
        let stamp = date.millisecondsSince1970
        try write(ids.map { LedgerEntry.tombstone(id: $0, kind: kind.name, at: stamp) }, atomically: true)
    }

    private func write(_ entries: [LedgerEntry], atomically: Bool) throws(Failure) {
        guard !entries.isEmpty else { return }
        try ledger.writing(Failure.self) { () throws(StoreError) in
            if entries.count == 1 {
                try ledger.append(entries[0])
            } else if atomically {
                try ledger.apply(entries)
            } else {
                try ledger.append(contentsOf: entries)
            }
        }
    }

    /// A check and its writes with other writers kept out.
    public func exclusively<T>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        try ledger.exclusively(body)
    }
}
