import FixedPoint
import Ledger
import Currencies
import Transactions

/// What a portfolio needs of the whole history, folded so a checkpoint can keep it: the
/// positions under one cost-basis method (each trade in its own currency), the cash totals, the
/// accounts named, and what a history naming a currency other than the base needs to be put
/// in the base: each ticker's unit, and the first day each currency is named.
public struct PortfolioProjection: Equatable, Sendable {
    public let base: String
    public private(set) var positions: PortfolioCalculator.PositionsFold
    public private(set) var cash: CashTotals
    /// Every account a transaction names (a transfer's two).
    public var accounts: Set<String?> { Set(namings.keys) }
    /// How many times transactions name each account: a change takes its own back out.
    private var namings: [String?: Int] = [:]
    /// How many transactions name a currency other than the base.
    private var currencyNamings = 0
    public var namesAnotherCurrency: Bool { currencyNamings > 0 }
    public private(set) var tickerUnits = TickerUnits()
    /// How many transactions name each currency other than the base on each day (days since the
    /// epoch), so a change can take its own back out.
    private var currencyDays: [String: [Int32: Int]] = [:]

    public init(base: String, method: CostBasisMethod) {
        self.base = base
        positions = PortfolioCalculator.PositionsFold(method: method)
        cash = CashTotals(base: base)
    }

    public init(base: String, method: CostBasisMethod, history: [Transaction]) {
        self.init(base: base, method: method)
        let history = history.inBase(base)
        positions = PortfolioCalculator.PositionsFold(history: history, method: method)
        cash = CashTotals(base: base, history: history)
        for transaction in history { note(transaction) }
    }

    /// False when the transaction can't be folded in its place: the history is replayed.
    public mutating func fold(_ transaction: Transaction) -> Bool {
        let transaction = transaction.inBase(base)
        guard positions.fold(transaction) else { return false }
        cash.fold(transaction)
        note(transaction)
        return true
    }

    /// The first day each currency other than the base is named: a conversion's rates start there.
    public var currencyFirstDays: [String: CalendarDay] {
        currencyDays.compactMapValues { days in days.keys.min().map { CalendarDay(daysSinceEpoch: $0) } }
    }

    private mutating func note(_ transaction: Transaction) {
        forAccount(namedBy: transaction) { namings.countOneMore($0) }
        guard transaction.namesAnotherCurrency else { return }
        currencyNamings += 1
        tickerUnits.note(transaction)
        for currency in transaction.currenciesNamed {
            currencyDays[currency, default: [:]].countOneMore(transaction.date.daysSinceEpoch)
        }
    }

    /// Takes back out what `note` counted; a ticker's unit is worked out again from its transactions.
    private mutating func unnote(_ transaction: Transaction) {
        forAccount(namedBy: transaction) { namings.countOneFewer($0) }
        guard transaction.namesAnotherCurrency else { return }
        currencyNamings -= 1
        for currency in transaction.currenciesNamed {
            currencyDays[currency]?.countOneFewer(transaction.date.daysSinceEpoch)
            if currencyDays[currency]?.isEmpty == true { currencyDays[currency] = nil }
        }
    }

    private func forAccount(namedBy transaction: Transaction, _ body: (String?) -> Void) {
        body(transaction.account)
        if !transaction.isPlain, transaction.type == .transfer { body(transaction.toAccount) }
    }

    /// The positions, the cash and the accounts named with `changes` put in place, from the
    /// transactions of the tickers whose positions they change. Each trade is in its own currency
    /// here, so one naming another is revised as any other.
    public func reading(toRevise changes: [Revision<Transaction>]) -> RevisionReading? {
        guard let changes = PortfolioCalculator.PositionsFold.revisable(changes, base: base, namingOtherCurrencies: true) else { return nil }
        return TransactionsTally.reading(tickers: PortfolioCalculator.PositionsFold.tickers(of: changes))
    }

    public mutating func revise(_ changes: [Revision<Transaction>], given records: [Transaction]) -> Bool {
        let changes = changes.inBase(base), records = records.inBase(base)
        var unwanted: [AccountGain]?
        let tickers = PortfolioCalculator.PositionsFold.tickers(of: changes)
        positions.revise(changes, tickers: tickers, given: records, realized: &unwanted)
        guard cash.revise(changes) else { return false }
        for change in changes {
            if let earlier = change.earlier { unnote(earlier) }
            if let later = change.later { note(later) }
        }
        tickerUnits.renote(tickers, from: records)
        return true
    }
}

extension [Revision<Transaction>] {
    func inBase(_ base: String) -> [Revision<Transaction>] {
        map { Revision(earlier: $0.earlier?.inBase(base), later: $0.later?.inBase(base)) }
    }

    var namesAnotherCurrency: Bool {
        contains { $0.earlier?.namesAnotherCurrency == true || $0.later?.namesAnotherCurrency == true }
    }
}

extension PortfolioProjection: TransactionsProjection {
    public var checkpointName: String { "portfolio-v9-\(positions.method.rawValue)-\(base)" }

    public func replaying(_ history: [Transaction]) -> PortfolioProjection {
        PortfolioProjection(base: base, method: positions.method, history: history)
    }

    public func write(to writer: inout CheckpointWriter) {
        writer.write(base)
        positions.write(to: &writer)
        cash.write(to: &writer)
        writer.write(counts: namings)
        writer.write(currencyNamings)
        tickerUnits.write(to: &writer)
        writer.write(currencyDays.count)
        for (currency, days) in currencyDays {
            writer.write(currency)
            writer.write(days.count)
            for (day, count) in days {
                writer.write(day)
                writer.write(count)
            }
        }
    }

    public func decoded(from reader: inout CheckpointReader) throws(CheckpointReader.Damaged) -> PortfolioProjection? {
        guard try reader.readString() == base else { return nil }
        var decoded = self
        decoded.positions = try PortfolioCalculator.PositionsFold(reading: &reader)
        guard decoded.positions.method == positions.method, let cash = try cash.decoded(from: &reader) else { return nil }
        decoded.cash = cash
        decoded.namings = try reader.readCounts()
        decoded.currencyNamings = try reader.readNonNegative()
        decoded.tickerUnits = try TickerUnits(reading: &reader)
        for _ in 0..<(try reader.readCount()) {
            let currency = try reader.readString()
            var days: [Int32: Int] = [:]
            for _ in 0..<(try reader.readCount()) {
                let day = try reader.readInt32(), count = try reader.readNonNegative()
                guard count > 0 else { throw CheckpointReader.Damaged() }
                days[day] = count
            }
            decoded.currencyDays[currency] = days
        }
        return decoded
    }
}

/// The portfolio's projection of every transaction on the ledger: the Portfolio feature's port.
public protocol PortfolioProjecting {
    func projection(method: CostBasisMethod) throws(TransactionsStoreError) -> PortfolioProjection
    /// The positions in the base of a history naming other currencies, at `rates`.
    func projectionInBase(method: CostBasisMethod, base: CurrencyCode, rates: ExchangeRates) throws(TransactionsStoreError) -> PortfolioInBaseProjection
}

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
