import Ledger

extension TransactionsTally: TransactionsProjection {
    public func replaying(_ history: [Transaction]) -> TransactionsTally {
        TransactionsTally(base: base, history: history)
    }
}
