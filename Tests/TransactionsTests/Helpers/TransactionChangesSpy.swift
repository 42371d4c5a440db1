import Transactions

/// The changed tally an edit or a delete asks for: records each request, answers with the stub.
final class TransactionChangesSpy: TransactionChangeTallying {
    typealias Request = TransactionReplacement

    private let stub: TallyAfterChange?
    private let current: TransactionsTally?
    var error: TransactionsStoreError?
    private(set) var requests: [Request] = []

    /// - Parameters:
    ///   - stub: nil says only the history can tell.
    ///   - current: the tally as it stands; nil says only the history can tell.
    init(_ stub: TallyAfterChange?, current: TransactionsTally? = nil) {
        self.stub = stub
        self.current = current
    }

    func tally(replacing changes: [TransactionReplacement]) throws(TransactionsStoreError) -> TallyAfterChange? {
        requests += changes
        if let error { throw error }
        return stub
    }

    func tallyWithoutReplay() throws(TransactionsStoreError) -> TransactionsTally? {
        if let error { throw error }
        return current
    }
}
