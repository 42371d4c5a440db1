import FixedPoint

/// The cash balance and how it came to be: every movement of cash, in the order `CashPolicy`
/// counts them, with the balance after each.
public struct CashStatement: Equatable, Sendable {
    public struct Line: Equatable, Sendable {
        public let transaction: Transaction
        public let balance: FixedDecimal
    }

    /// False until the first deposit: without one, the balance is a tally of trades, not cash.
    public let isTracked: Bool
    public let balance: FixedDecimal
    public let lines: [Line]

    public init(history: [Transaction]) {
        var balance = FixedDecimal.zero
        lines = CashPolicy.ordered(history.filter { $0.type.cashDirection != 0 }).map { transaction in
            balance += transaction.cashChange
            return Line(transaction: transaction, balance: balance)
        }
        self.balance = balance
        isTracked = CashPolicy.isTracked(in: history)
    }
}

public protocol CashStatementRetrieving {
    func statement() throws(RetrieveTransactionsError) -> CashStatement
}

public final class RetrieveCashStatementUseCase: CashStatementRetrieving {
    private let transactions: TransactionsRetrieving

    public init(transactions: TransactionsRetrieving) {
        self.transactions = transactions
    }

    public func statement() throws(RetrieveTransactionsError) -> CashStatement {
        CashStatement(history: try transactions.retrieve(.all, order: .unspecified))
    }
}
