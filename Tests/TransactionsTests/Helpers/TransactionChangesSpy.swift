import Transactions

/// The changed tally an edit or a delete asks for: records each request, answers with the stub.
final class TransactionChangesSpy: TransactionChangeTallying {
    struct Request: Equatable {
        let id: String
        let replacement: Transaction?
    }

    private let stub: TallyAfterChange?
    var error: TransactionsStoreError?
    private(set) var requests: [Request] = []

    /// - Parameter stub: nil says only the history can tell.
    init(_ stub: TallyAfterChange?) {
        self.stub = stub
    }

    func tally(replacing id: String, with replacement: Transaction?) throws(TransactionsStoreError) -> TallyAfterChange? {
        requests.append(Request(id: id, replacement: replacement))
        if let error { throw error }
        return stub
    }
}
