/// A history read once a run and answered again after: a client that works out two figures
/// from it (the portfolio and the net worth) reads its store, a remote one perhaps, once.
public final class TransactionsRetrievedOnce: TransactionsRetrieving {
    private let decoratee: TransactionsRetrieving
    private var retrieved: (filter: TransactionFilter, order: TransactionOrder, transactions: [Transaction])?

    public init(decoratee: TransactionsRetrieving) {
        self.decoratee = decoratee
    }

    public func retrieve(_ filter: TransactionFilter, order: TransactionOrder) throws(RetrieveTransactionsError) -> [Transaction] {
        if let retrieved, retrieved.filter == filter, retrieved.order == order { return retrieved.transactions }
        let transactions = try decoratee.retrieve(filter, order: order)
        retrieved = (filter, order, transactions)
        return transactions
    }
}
