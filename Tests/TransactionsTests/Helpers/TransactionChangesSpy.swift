import Transactions

/// The changed tally an edit or a delete asks for: records each request, answers with the stub.
final class TransactionChangesSpy: TransactionChangeTallying {
    typealias Request = TransactionReplacement

    private let stub: TallyAfterChange?
    private let tracked: Set<String?>?
    var error: TransactionsStoreError?
    private(set) var requests: [Request] = []

    /// - Parameters:
    ///   - stub: nil says only the history can tell.
    ///   - tracked: the accounts whose cash is tracked; nil says only the history can tell.
    init(_ stub: TallyAfterChange?, tracked: Set<String?>? = nil) {
        self.stub = stub
        self.tracked = tracked
    }

    func tally(replacing changes: [TransactionReplacement]) throws(TransactionsStoreError) -> TallyAfterChange? {
        requests += changes
        if let error { throw error }
        return stub
    }

    func trackedCashAccounts() throws(TransactionsStoreError) -> Set<String?>? {
        if let error { throw error }
        return tracked
    }
}
