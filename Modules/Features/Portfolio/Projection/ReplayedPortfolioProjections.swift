import Currencies
import Transactions

/// The portfolio's projections replayed from the whole history at each read, through the same
/// folds a checkpoint keeps: the answer every projection engine must equal, and what a client
/// with no log to keep checkpoints of reads.
public struct ReplayedPortfolioProjections: PortfolioProjecting, RealizedGainsProjecting {
    private let transactions: TransactionsRetrieving
    private let base: String

    /// - Parameter base: the base currency's code; an amount in it is the base's own.
    public init(transactions: TransactionsRetrieving, base: String) {
        self.transactions = transactions
        self.base = base
    }

    public func projection(method: CostBasisMethod) throws(TransactionsStoreError) -> PortfolioProjection {
        PortfolioProjection(base: base, method: method, history: try history())
    }

    public func projectionInBase(method: CostBasisMethod, base: CurrencyCode, rates: ExchangeRates) throws(TransactionsStoreError) -> PortfolioInBaseProjection {
        PortfolioInBaseProjection(base: base, method: method, rates: rates).replaying(try history())
    }

    public func gains(method: CostBasisMethod) throws(TransactionsStoreError) -> RealizedGainsProjection {
        RealizedGainsProjection(base: base, method: method, history: try history())
    }

    public func gainsInBase(method: CostBasisMethod, base: CurrencyCode, rates: ExchangeRates) throws(TransactionsStoreError) -> PortfolioInBaseProjection {
        PortfolioInBaseProjection(base: base, method: method, rates: rates, keepingGains: true).replaying(try history())
    }

    private func history() throws(TransactionsStoreError) -> [Transaction] {
        do { return try transactions.retrieve(.all, order: .unspecified) } catch { throw error.storeError }
    }
}
