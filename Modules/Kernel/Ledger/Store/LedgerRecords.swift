/// A feature's error for its ledger work: the store failed, or an entry of its kinds can't be read.
/// A feature's error enum conforms with its two cases.
public protocol LedgerFeatureError: Error {
    static func store(_ error: StoreError) -> Self
    static func unreadable(_ error: LedgerDecodingError) -> Self
}

extension LedgerStore {
    /// Every live record of `codec`'s kinds, in the order the store keeps them.
    public func records<Codec: LedgerCodec, Failure: LedgerFeatureError>(_ codec: Codec.Type, failing: Failure.Type) throws(Failure) -> [Codec.Record] {
        let entries = try writing(Failure.self) { () throws(StoreError) in try self.entries(ofKinds: Codec.kinds) }
        var records: [Codec.Record] = []
        records.reserveCapacity(entries.count)
        for entry in entries {
            do throws(LedgerDecodingError) {
                if let record = try Codec.record(from: entry) { records.append(record) }
            } catch {
                throw .unreadable(error)
            }
        }
        return records
    }

    /// Runs a feature's check and its writes with other writers kept out.
    public func exclusively<T, Failure: LedgerFeatureError>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        try withExclusiveAccess(body, lockFailure: Failure.store)
    }

    /// Runs store work, reporting its failure as the feature's.
    public func writing<T, Failure: LedgerFeatureError>(_ failure: Failure.Type, _ body: () throws(StoreError) -> T) throws(Failure) -> T {
        do throws(StoreError) {
            return try body()
        } catch {
            throw .store(error)
        }
    }
}
