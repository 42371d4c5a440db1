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
    @_spi(Projections) public private(set) var namings: [String?: Int] = [:]
    /// How many transactions name a currency other than the base.
    @_spi(Projections) public private(set) var currencyNamings = 0
    public var namesAnotherCurrency: Bool { currencyNamings > 0 }
    public private(set) var tickerUnits = TickerUnits()
    /// How many transactions name each currency other than the base on each day (days since the
    /// epoch), so a change can take its own back out.
    @_spi(Projections) public private(set) var currencyDays: [String: DayCounts] = [:]

    public init(base: String, method: CostBasisMethod) {
        self.base = base
        positions = PortfolioCalculator.PositionsFold(method: method)
        cash = CashTotals(base: base)
    }

    /// The fold's state as the projection engine keeps it.
    @_spi(Projections) public init(base: String, positions: PortfolioCalculator.PositionsFold, cash: CashTotals, namings: [String?: Int], currencyNamings: Int,
                                   tickerUnits: TickerUnits, currencyDays: [String: DayCounts]) {
        (self.base, self.positions, self.cash, self.namings, self.currencyNamings) = (base, positions, cash, namings, currencyNamings)
        (self.tickerUnits, self.currencyDays) = (tickerUnits, currencyDays)
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

    /// The first day each currency other than the base is named by what the positions read: a
    /// conversion's rates start there. Cash alone (a deposit in yen) needs only today's rate, and
    /// only while its pot holds something.
    public var currencyFirstDays: [String: CalendarDay] {
        currencyDays.compactMapValues { days in days.first.map { CalendarDay(daysSinceEpoch: $0) } }
    }

    private mutating func note(_ transaction: Transaction) {
        forAccount(namedBy: transaction) { namings.countOneMore($0) }
        guard PortfolioCalculator.PositionsFold.convertsInTheBase(transaction) else { return }
        currencyNamings += 1
        tickerUnits.note(transaction)
        for currency in transaction.currenciesNamed {
            currencyDays[currency, default: DayCounts()].countOneMore(transaction.date.daysSinceEpoch)
        }
    }

    /// Takes back out what `note` counted; a ticker's unit is worked out again from its transactions.
    private mutating func unnote(_ transaction: Transaction) {
        forAccount(namedBy: transaction) { namings.countOneFewer($0) }
        guard PortfolioCalculator.PositionsFold.convertsInTheBase(transaction) else { return }
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
    public func replaying(_ history: [Transaction]) -> PortfolioProjection {
        PortfolioProjection(base: base, method: positions.method, history: history)
    }
}

/// How many transactions fall on each day (days since the epoch), in day order: the first is
/// at hand, and a checkpoint's thousands of days are read as they were written, not hashed.
/// New days come mostly last.
@_spi(Projections) public struct DayCounts: Equatable, Sendable {
    public var days: [(day: Int32, count: Int)] = []

    public init() {}

    var first: Int32? { days.first?.day }
    var isEmpty: Bool { days.isEmpty }

    mutating func countOneMore(_ day: Int32) {
        let index = place(of: day)
        if index < days.count, days[index].day == day { days[index].count += 1 } else { days.insert((day, 1), at: index) }
    }

    mutating func countOneFewer(_ day: Int32) {
        let index = place(of: day)
        guard index < days.count, days[index].day == day else { return }
        days[index].count -= 1
        if days[index].count == 0 { days.remove(at: index) }
    }

    /// Where `day` is, or would go.
    private func place(of day: Int32) -> Int {
        if let last = days.last, last.day < day { return days.count }
        var low = 0, high = days.count
        while low < high {
            let middle = (low + high) / 2
            if days[middle].day < day { low = middle + 1 } else { high = middle }
        }
        return low
    }

    public static func == (lhs: DayCounts, rhs: DayCounts) -> Bool {

        lhs.days.elementsEqual(rhs.days) { $0.day == $1.day && $0.count == $1.count }
    }
}

/// The portfolio's projection of every transaction on the ledger: the Portfolio feature's port.
public protocol PortfolioProjecting {
    func projection(method: CostBasisMethod) throws(TransactionsStoreError) -> PortfolioProjection
    /// The positions in the base of a history naming other currencies, at `rates`.
    func projectionInBase(method: CostBasisMethod, base: CurrencyCode, rates: ExchangeRates) throws(TransactionsStoreError) -> PortfolioInBaseProjection
}
