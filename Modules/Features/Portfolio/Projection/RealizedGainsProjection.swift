import FixedPoint
import Ledger
import Transactions

/// What `gains` needs of the whole history, folded so a checkpoint can keep it: the positions
/// under one cost-basis method, and what each sell realized. A read folds in the transactions
/// added since, so it costs the sells it lists, not the history. A history that names a
/// currency other than the base needs each trade's day's rate, so its gains are worked out from
/// the history itself (`namesAnotherCurrency`).
public struct RealizedGainsProjection: Equatable, Sendable {
    public let base: String
    private var positions: PortfolioCalculator.PositionsFold
    /// A replay's gains in its order, then each folded sell's: in the order added, which
    /// `gains(in:year:)` puts in a replay's.
    private var realized = PackedGains()
    public private(set) var namesAnotherCurrency = false

    public init(base: String, method: CostBasisMethod) {
        self.base = base
        positions = PortfolioCalculator.PositionsFold(method: method)
    }

    public init(base: String, method: CostBasisMethod, history: [Transaction]) {
        self.init(base: base, method: method)
        let history = history.inBase(base)
        var realized: PackedGains? = PackedGains()
        positions = PortfolioCalculator.PositionsFold(history: history, method: method, realized: &realized)
        self.realized = realized ?? PackedGains()
        namesAnotherCurrency = history.contains(where: \.namesAnotherCurrency)
    }

    public var method: CostBasisMethod { positions.method }

    /// The sells realized in `scope` (and `year`, if given), in date order, those of one day in
    /// the history's order: what `PortfolioCalculator.realizedGains` gives of the history. Each
    /// is decoded only when it is read.
    ///
    /// Sells of one ticker are folded in their order, so only sells of different tickers can
    /// have been folded out of date order, and a replay orders those by day, then by place in the
    /// history, which is the order they were added in.
    public func gains(in scope: AccountScope = .all, year: Int? = nil) -> RealizedGainList {
        let days = realized.days
        let within = year.map { year in
            (CalendarDay(year: year, month: 1, day: 1)?.daysSinceEpoch ?? .min)..<(CalendarDay(year: year + 1, month: 1, day: 1)?.daysSinceEpoch ?? .max)
        }
        var order = realized.indices.filter { index in
            (within?.contains(days[index]) ?? true) && (scope == .all || scope.includes(realized.account(at: index)))
        }
        if !zip(order, order.dropFirst()).allSatisfy({ days[$0] <= days[$1] }) {
            order.sort { (days[$0], $0) < (days[$1], $1) }
        }
        return RealizedGainList(realized, order: order)
    }

    /// False when the transaction can't be folded in its place: the history is replayed.
    public mutating func fold(_ transaction: Transaction) -> Bool {
        let transaction = transaction.inBase(base)
        let (folded, gain) = positions.foldRealizing(transaction)
        guard folded else { return false }
        if let gain { realized.append(gain) }
        if transaction.namesAnotherCurrency { namesAnotherCurrency = true }
        return true
    }

    /// The positions and the gains of the tickers `changes` name; nil, to replay, for a change
    /// naming another currency, whose gains are worked out from the history.
    public func reading(toRevise changes: [Revision<Transaction>]) -> RevisionReading? {
        guard let changes = PortfolioCalculator.PositionsFold.revisable(changes, base: base) else { return nil }
        return TransactionsTally.reading(tickers: Self.tickers(of: changes))
    }

    /// The tickers whose positions the changes change, and those of a sell written again, even
    /// with only a new note: it goes after the day's other sells of its ticker, and the lots
    /// each of them takes, and so its gain, follow that order.
    private static func tickers(of changes: [Revision<Transaction>]) -> Set<String> {
        PortfolioCalculator.PositionsFold.tickers(of: changes)
            .union(changes.flatMap { [$0.earlier, $0.later] }.compactMap { $0?.type == .sell ? $0?.ticker : nil })
    }

    /// Each sell of those tickers keeps its place among the others; a changed one is written
    /// last, so its gain goes last, as in a replay, which orders a day's sells as the ledger does.
    public mutating func revise(_ changes: [Revision<Transaction>], given records: [Transaction]) -> Bool {
        let changes = changes.inBase(base)
        var worked: [AccountGain]? = []
        let tickers = Self.tickers(of: changes)
        positions.revise(changes, tickers: tickers, given: records.inBase(base), realized: &worked)
        let moved = changes.compactMap { ($0.later ?? $0.earlier)?.id }
        guard let revised = realized.revising(tickers: tickers, moved: moved, with: worked ?? []) else { return false }
        realized = revised
        return true
    }
}

extension RealizedGainsProjection: TransactionsProjection {
    public var checkpointName: String { "gains-v4-\(method.rawValue)-\(base)" }

    public func replaying(_ history: [Transaction]) -> RealizedGainsProjection {
        RealizedGainsProjection(base: base, method: method, history: history)
    }

    public func write(to writer: inout CheckpointWriter) {
        writer.write(base)
        positions.write(to: &writer)
        writer.write(namesAnotherCurrency)
        realized.write(to: &writer)
    }

    public func decoded(from reader: inout CheckpointReader) throws(CheckpointReader.Damaged) -> RealizedGainsProjection? {
        guard try reader.readString() == base else { return nil }
        var decoded = self
        decoded.positions = try PortfolioCalculator.PositionsFold(reading: &reader)
        guard decoded.method == method else { return nil }
        decoded.namesAnotherCurrency = try reader.readBool()
        decoded.realized = try PackedGains(reading: &reader)
        return decoded
    }
}

/// Every sell's gain on the ledger: the Portfolio feature's port for `gains`.
public protocol RealizedGainsProjecting {
    func gains(method: CostBasisMethod) throws(TransactionsStoreError) -> RealizedGainsProjection
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
}
