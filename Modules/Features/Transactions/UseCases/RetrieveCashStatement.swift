import FixedPoint

/// The cash balances and how they came to be: every movement of cash, in the order `CashPolicy`
/// counts them, with the balance of its currency after each.
public struct CashStatement: Equatable, Sendable {
    public struct Line: Equatable, Sendable {
        public let transaction: Transaction
        /// Signed: in is positive.
        public let amount: FixedDecimal
        /// Nil for the base currency.
        public let currency: String?
        /// Of this currency, across the accounts counted.
        public let balance: FixedDecimal
    }

    /// False until the first deposit: without one, the balance is a tally of trades, not cash.
    public let isTracked: Bool
    /// Each currency's balance (nil: the base currency's), across the accounts counted.
    public let balances: [String?: FixedDecimal]
    public let lines: [Line]

    public init(history: [Transaction], scope: AccountScope = .all) {
        var balances: [String?: FixedDecimal] = [:]
        let counted = CashPolicy.countedAccounts(in: scope, tracked: CashPolicy.trackedAccounts(in: history))
        lines = CashPolicy.ordered(history, in: scope).filter { counted($0.pot.account) }.map { movement in
            let balance = (balances[movement.pot.currency] ?? .zero) + movement.amount
            balances[movement.pot.currency] = balance
            return Line(transaction: movement.transaction, amount: movement.amount, currency: movement.pot.currency, balance: balance)
        }
        self.balances = balances
        isTracked = CashPolicy.trackedAccounts(in: history).contains { scope.includes($0) }
    }

    /// The base currency's balance.
    public var balance: FixedDecimal { balances[nil] ?? .zero }

    /// The currencies held, the base one first as nil, then by code.
    public var currencies: [String?] {
        balances.keys.sorted { ($0 ?? "") < ($1 ?? "") }
    }
}

/// Each currency's cash balance without the movements that made it: what `cash` shows.
public struct CashBalances: Equatable, Sendable {
    /// False until the first deposit: without one, the balance is a tally of trades, not cash.
    public let isTracked: Bool
    /// Each currency's balance (nil: the base currency's), across the accounts counted.
    public let balances: [String?: FixedDecimal]
    /// How many movements of cash made each currency's balance.
    public let movements: [String?: Int]

    public init(isTracked: Bool, balances: [String?: FixedDecimal], movements: [String?: Int]) {
        self.isTracked = isTracked
        self.balances = balances
        self.movements = movements
    }

    /// The base currency's balance.
    public var balance: FixedDecimal { balances[nil] ?? .zero }

    /// The currencies held, the base one first as nil, then by code.
    public var currencies: [String?] {
        balances.keys.sorted { ($0 ?? "") < ($1 ?? "") }
    }
}

public protocol CashBalancesRetrieving {
    func balances() throws(RetrieveTransactionsError) -> CashBalances
}

/// The balances from the history's tally, which a checkpoint keeps: what the statement's last
/// balances would be, without reading the history.
public final class RetrieveCashBalancesUseCase: CashBalancesRetrieving {
    private let tally: TransactionsTallying
    private let scope: AccountScope

    public init(tally: TransactionsTallying, scope: AccountScope = .all) {
        self.tally = tally
        self.scope = scope
    }

    public func balances() throws(RetrieveTransactionsError) -> CashBalances {
        do throws(TransactionsStoreError) {
            return try tally.tally().cashBalances(in: scope)
        } catch {
            throw .retrieval(error)
        }
    }
}

public protocol CashStatementRetrieving {
    func statement() throws(RetrieveTransactionsError) -> CashStatement
}

public final class RetrieveCashStatementUseCase: CashStatementRetrieving {
    private let transactions: TransactionsRetrieving
    private let scope: AccountScope

    public init(transactions: TransactionsRetrieving, scope: AccountScope = .all) {
        self.transactions = transactions
        self.scope = scope
    }

    public func statement() throws(RetrieveTransactionsError) -> CashStatement {
        CashStatement(history: try transactions.retrieve(.all, order: .unspecified), scope: scope)
    }
}
