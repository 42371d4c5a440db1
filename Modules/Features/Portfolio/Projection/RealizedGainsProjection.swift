import FixedPoint
import Ledger
import Currencies
import Transactions

/// What `gains` needs of the whole history, folded so a checkpoint can keep it: the positions
/// under one cost-basis method, and what each sell realized. A read folds in the transactions
/// added since, so it costs the sells it lists, not the history. A history that names a
/// currency other than the base needs each trade's day's rate: its gains in the base are kept by
/// `PortfolioInBaseProjection`, at the rates from `currencyFirstDays` on.
public struct RealizedGainsProjection: Equatable, Sendable {
    public let base: String
    @_spi(Projections) public private(set) var positions: PortfolioCalculator.PositionsFold
    /// A replay's gains in its order, then each folded sell's: in the order added, which
    /// `gains(in:year:)` puts in a replay's.
    @_spi(Projections) public private(set) var realized = PackedGains()
    /// The first day each currency other than the base is named.
    public private(set) var currencyFirstDays: [String: CalendarDay] = [:]

    public init(base: String, method: CostBasisMethod) {
        self.base = base
        positions = PortfolioCalculator.PositionsFold(method: method)
    }

    /// The fold's state as the projection engine keeps it.
    @_spi(Projections) public init(base: String, positions: PortfolioCalculator.PositionsFold, currencyFirstDays: [String: CalendarDay], realized: PackedGains) {
        (self.base, self.positions, self.currencyFirstDays, self.realized) = (base, positions, currencyFirstDays, realized)
    }


    public init(base: String, method: CostBasisMethod, history: [Transaction]) {
        self.init(base: base, method: method)
        let history = history.inBase(base)
        var realized: PackedGains? = PackedGains()
        positions = PortfolioCalculator.PositionsFold(history: history, method: method, realized: &realized)
        self.realized = realized ?? PackedGains()
        for transaction in history { note(transaction) }
    }

    public var method: CostBasisMethod { positions.method }

    public var namesAnotherCurrency: Bool { !currencyFirstDays.isEmpty }

    private mutating func note(_ transaction: Transaction) {
        guard !transaction.isPlain, PortfolioCalculator.PositionsFold.convertsInTheBase(transaction) else { return }
        for currency in transaction.currenciesNamed where currencyFirstDays[currency].map({ transaction.date < $0 }) ?? true {
            currencyFirstDays[currency] = transaction.date
        }
    }

    /// The sells realized in `scope` (and `year`, if given), in date order, those of one day in
    /// the history's order: what `PortfolioCalculator.realizedGains` gives of the history. Each
    /// is decoded only when it is read.
    public func gains(in scope: AccountScope = .all, year: Int? = nil) -> RealizedGainList {
        realized.list(in: scope, year: year)
    }

    /// False when the transaction can't be folded in its place: the history is replayed.
    public mutating func fold(_ transaction: Transaction) -> Bool {
        let transaction = transaction.inBase(base)
        let (folded, gain) = positions.foldRealizing(transaction)
        guard folded else { return false }
        if let gain { realized.append(gain) }
        note(transaction)
        return true
    }

    /// The positions and the gains of the tickers `changes` name; nil, to replay, for a change
    /// naming another currency, which the first days might have to be worked out again for.
    public func reading(toRevise changes: [Revision<Transaction>]) -> RevisionReading? {
        guard let changes = PortfolioCalculator.PositionsFold.revisable(changes, base: base) else { return nil }
        return TransactionsTally.reading(tickers: PortfolioCalculator.PositionsFold.tickers(of: changes))
    }

    /// Each sell of those tickers keeps its place among the others; a changed one's gain is added
    /// last, and the list puts it in its place in a replay's order.
    public mutating func revise(_ changes: [Revision<Transaction>], given records: [Transaction]) -> Bool {
        let changes = changes.inBase(base)
        var worked: [AccountGain]? = []
        let tickers = PortfolioCalculator.PositionsFold.tickers(of: changes)
        positions.revise(changes, tickers: tickers, given: records.inBase(base), realized: &worked)
        let moved = changes.compactMap { ($0.later ?? $0.earlier)?.id }
        guard let revised = realized.revising(tickers: tickers, moved: moved, with: worked ?? []) else { return false }
        realized = revised
        return true
    }
}

extension RealizedGainsProjection: TransactionsProjection {
    public func replaying(_ history: [Transaction]) -> RealizedGainsProjection {
        RealizedGainsProjection(base: base, method: method, history: history)
    }
}

/// Every sell's gain on the ledger: the Portfolio feature's port for `gains`.
public protocol RealizedGainsProjecting {
    func gains(method: CostBasisMethod) throws(TransactionsStoreError) -> RealizedGainsProjection
    /// The gains in the base of a history naming other currencies, at `rates`.
    func gainsInBase(method: CostBasisMethod, base: CurrencyCode, rates: ExchangeRates) throws(TransactionsStoreError) -> PortfolioInBaseProjection
}
