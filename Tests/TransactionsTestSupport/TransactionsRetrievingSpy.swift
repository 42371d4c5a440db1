import Transactions

/// Records what was asked and answers with `stored`, or throws `error`.
public final class TransactionsRetrievingSpy: TransactionsRetrieving {
    public struct Request: Equatable {
        public let filter: TransactionFilter
        public let order: TransactionOrder

        public init(filter: TransactionFilter, order: TransactionOrder) {
            self.filter = filter
            self.order = order
        }
    }
    public private(set) var requests: [Request] = []
    public var stored: [Transaction] = []
    public var error: RetrieveTransactionsError?

    public init() {}

    public func retrieve(_ filter: TransactionFilter, order: TransactionOrder) throws(RetrieveTransactionsError) -> [Transaction] {
        requests.append(Request(filter: filter, order: order))
        if let error { throw error }
        return stored
    }
}
