import Ledger
import Currencies
import Transactions
import Portfolio

/// The projection kept in a checkpoint of the ledger's log, one per cost-basis method, read
/// once per method for the run: a command that shows a portfolio and a net worth loads it once.
public final class CheckpointedPortfolioProjection: PortfolioProjecting {
    private let log: CheckpointableLedger
    private let base: String
    private let companions: ReplayCompanions<Transaction>?
    private var read: [CostBasisMethod: PortfolioProjection] = [:]

    /// - Parameter companions: the other projections of the transactions a replay for this one rebuilds.
    public init(log: CheckpointableLedger, base: String, companions: ReplayCompanions<Transaction>? = nil) {
        self.log = log
        self.base = base
        self.companions = companions
    }

    public func projection(method: CostBasisMethod) throws(TransactionsStoreError) -> PortfolioProjection {
        if let projection = read[method] { return projection }
        let projection = try CheckpointedProjectionReader(log: log, empty: PortfolioProjection(base: base, method: method), companions: companions).current()
        read[method] = projection
        return projection
    }

    public func projectionInBase(method: CostBasisMethod, base: CurrencyCode, rates: ExchangeRates) throws(TransactionsStoreError) -> PortfolioInBaseProjection {
        try CheckpointedProjectionReader(log: log, empty: PortfolioInBaseProjection(base: base, method: method, rates: rates)).current()
    }
}

/// The gains kept in a checkpoint of the ledger's log, one per cost-basis method.
public struct CheckpointedRealizedGains: RealizedGainsProjecting {
    private let log: CheckpointableLedger
    private let base: String
    private let companions: ReplayCompanions<Transaction>?

    /// - Parameter companions: the other projections of the transactions a replay for this one rebuilds.
    public init(log: CheckpointableLedger, base: String, companions: ReplayCompanions<Transaction>? = nil) {
        self.log = log
        self.base = base
        self.companions = companions
    }

    public func gains(method: CostBasisMethod) throws(TransactionsStoreError) -> RealizedGainsProjection {
        try CheckpointedProjectionReader(log: log, empty: RealizedGainsProjection(base: base, method: method), companions: companions).current()
    }

    public func gainsInBase(method: CostBasisMethod, base: CurrencyCode, rates: ExchangeRates) throws(TransactionsStoreError) -> PortfolioInBaseProjection {
        try CheckpointedProjectionReader(log: log, empty: PortfolioInBaseProjection(base: base, method: method, rates: rates, keepingGains: true)).current()
    }
}
