import Transactions

/// The changed tally an edit or a delete asks for: records each request, answers with the stub.
final class TransactionChangesSpy: TransactionChangeTallying {
    typealias Request = TransactionReplacement

    private let stub: TallyAfterChange?
    var error: TransactionsStoreError?
    private(set) var requests: [Request] = []

    /// - Parameter stub: nil says only the history can tell.
    init(_ stub: TallyAfterChange?) {
        self.stub = stub
    }

    func tally(replacing changes: [TransactionReplacement]) throws(TransactionsStoreError) -> TallyAfterChange? {
        requests += changes
        if let error { throw error }
        return stub
    }
}
