import FixedPoint
import Ledger
import Transactions

/// A sell's realized gain, with the account it was realized in.
public struct AccountGain: Equatable, Sendable {
    public let account: String?
    public let gain: RealizedGain
}

/// What `gains` needs of the whole history, folded so a checkpoint can keep it: the positions
/// under one cost-basis method, and what each sell realized. A read folds in the transactions
/// added since, so it costs the sells it lists, not the history. A history that names a
/// currency other than the base needs each trade's day's rate, so its gains are worked out from
/// the history itself (`namesAnotherCurrency`).
public struct RealizedGainsProjection: Equatable, Sendable {
    public let base: String
    private var positions: PortfolioCalculator.PositionsFold
    /// A replay's gains in its order, then each folded sell's: in the order added, which
    /// `gains(in:)` puts in a replay's.
    private var realized: [AccountGain] = []
    public private(set) var namesAnotherCurrency = false

    public init(base: String, method: CostBasisMethod) {
        self.base = base
        positions = PortfolioCalculator.PositionsFold(method: method)
    }

    public init(base: String, method: CostBasisMethod, history: [Transaction]) {
        self.init(base: base, method: method)
        let history = history.inBase(base)
        var realized: [AccountGain]? = []
        positions = PortfolioCalculator.PositionsFold(history: history, method: method, realized: &realized)
        self.realized = realized ?? []
        namesAnotherCurrency = history.contains { $0.currency != nil || $0.toCurrency != nil }
    }

    public var method: CostBasisMethod { positions.method }

    /// The sells realized in `scope`, in date order, those of one day in the history's order:
    /// what `PortfolioCalculator.realizedGains` gives of the history.
    ///
    /// Sells of one ticker are folded in their order, so only sells of different tickers can
    /// have been folded out of date order, and a replay orders those by day, then by place in the
    /// history, which is the order they were added in.
    public func gains(in scope: AccountScope = .all) -> [RealizedGain] {
        realized.indices.sorted { (realized[$0].gain.date, $0) < (realized[$1].gain.date, $1) }
            .filter { scope.includes(realized[$0].account) }.map { realized[$0].gain }
    }

    /// False when the transaction can't be folded in its place: the history is replayed.
    public mutating func fold(_ transaction: Transaction) -> Bool {
        let transaction = transaction.inBase(base)
        var added: [AccountGain]? = []
        guard positions.fold(transaction, realized: &added) else { return false }
        realized += added ?? []
        if transaction.currency != nil || transaction.toCurrency != nil { namesAnotherCurrency = true }
        return true
    }
}

extension RealizedGainsProjection: TransactionsProjection {
    public var checkpointName: String { "gains-v1-\(method.rawValue)-\(base)" }

    public func replaying(_ history: [Transaction]) -> RealizedGainsProjection {
        RealizedGainsProjection(base: base, method: method, history: history)
    }

    public func write(to writer: inout CheckpointWriter) {
        writer.write(base)
        positions.write(to: &writer)
        writer.write(namesAnotherCurrency)
        writer.write(realized.count)
        for sold in realized {
            let gain = sold.gain
            writer.write(sold.account)
            writer.write(gain.transactionID)
            writer.write(gain.date.daysSinceEpoch)
            writer.write(gain.ticker)
            for value in [gain.quantity, gain.proceeds, gain.cost] { writer.write(value.units) }
            writer.write(gain.lots.count)
            for lot in gain.lots {
                writer.write(lot.boughtOn.daysSinceEpoch)
                writer.write(lot.quantity.units)
                writer.write(lot.cost.units)
            }
        }
    }

    public func decoded(from reader: inout CheckpointReader) throws(CheckpointReader.Damaged) -> RealizedGainsProjection? {
        guard try reader.readString() == base else { return nil }
        var decoded = self
        decoded.positions = try PortfolioCalculator.PositionsFold(reading: &reader)
        guard decoded.method == method else { return nil }
        decoded.namesAnotherCurrency = try reader.readBool()
        decoded.realized = []
        for _ in 0..<(try reader.readCount()) {
            let account = try reader.readOptionalString(), id = try reader.readString()
            let date = CalendarDay(daysSinceEpoch: try reader.readInt32()), ticker = try reader.readString()
            let quantity = FixedDecimal(units: try reader.readInt128()), proceeds = FixedDecimal(units: try reader.readInt128())
            let cost = FixedDecimal(units: try reader.readInt128())
            var lots: [RealizedGain.ConsumedLot] = []
            for _ in 0..<(try reader.readCount()) {
                lots.append(RealizedGain.ConsumedLot(boughtOn: CalendarDay(daysSinceEpoch: try reader.readInt32()), quantity: FixedDecimal(units: try reader.readInt128()),
                                                     cost: FixedDecimal(units: try reader.readInt128())))
            }
            decoded.realized.append(AccountGain(account: account, gain: RealizedGain(transactionID: id, date: date, ticker: ticker, quantity: quantity,
                                                                                    proceeds: proceeds, cost: cost, lots: lots)))
        }
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

    public init(log: CheckpointableLedger, base: String) {
        self.log = log
        self.base = base
    }

    public func gains(method: CostBasisMethod) throws(TransactionsStoreError) -> RealizedGainsProjection {
        try CheckpointedProjectionReader(log: log, empty: RealizedGainsProjection(base: base, method: method)).current()
    }
}
