import FixedPoint
import Ledger
import Currencies
import Transactions

/// The positions of a history that names currencies other than the base, each trade put in the
/// base at its day's rate: what `PortfolioProjection` can't keep, as it folds each trade in its
/// own currency. Its context is the base and the rates kept when it is read.
///
/// A trade is folded in the base once no rate published later can change its conversion (a rate
/// is kept on or after its day); until then, with every later trade of its ticker, it waits in
/// `pending` and is converted afresh at each read. Per currency, a hash of the rates kept up to
/// the last day converted for good (`settled`) is checked on every read: a rate kept or changed
/// among those days (a sync's, say) makes the checkpoint foreign, and the history is replayed.
///
/// Kept with gains, it also holds what `gains` lists in the base: each sell's gain, and the part
/// of it the currency made (the sell's cost in its own currency at the sale's rate, less its cost
/// at the buys'). A sell that realizes a gain then waits behind any sell pending, so the gains
/// are added in the order a replay adds them.
public struct PortfolioInBaseProjection {
    public let base: CurrencyCode
    public let method: CostBasisMethod
    private let rates: ExchangeRates
    @_spi(Projections) public var converted: PortfolioCalculator.PositionsFold
    /// In the order folded, in their own currencies: trades not converted for good.
    @_spi(Projections) public var pending: [Transaction] = []
    /// Each ticker with a trade pending: its last place, as `PositionsFold` orders a ticker's trades.
    private var pendingPlaces: [String: ReplayPlace] = [:]
    @_spi(Projections) public var settled: [CurrencyCode: Settled] = [:]
    /// Nil unless kept with gains, so the portfolio's checkpoint holds its positions alone.
    @_spi(Projections) public var gains: GainsInBase?

    @_spi(Projections) public struct Settled: Equatable {
        public var through: CalendarDay
        public var ratesHash: UInt64

        public init(through: CalendarDay, ratesHash: UInt64) {
            self.through = through
            self.ratesHash = ratesHash
        }
    }

    @_spi(Projections) public struct GainsInBase {
        /// The positions in each trade's own currency: where a sell's cost in it comes from.
        public var own: PortfolioCalculator.PositionsFold
        /// The gains of the sells converted for good, in the order a replay adds them.
        public var realized = PackedGains()
        /// Each pending sell's cost in its own currency, by id.
        public var pendingOwnCosts: [String: FixedDecimal] = [:]

        public init(own: PortfolioCalculator.PositionsFold) {
            self.own = own
        }
    }

    /// - Parameter keepingGains: whether it keeps the sells' gains too.
    public init(base: CurrencyCode, method: CostBasisMethod, rates: ExchangeRates, keepingGains: Bool = false) {
        self.base = base
        self.method = method
        self.rates = rates
        converted = PortfolioCalculator.PositionsFold(method: method)
        if keepingGains { gains = GainsInBase(own: PortfolioCalculator.PositionsFold(method: method)) }
    }

    /// The positions in the base, each trade pending converted at the rate kept for its day; the
    /// first that has none (or overflows) is named.
    public var positions: PortfolioCalculator.Positions {
        get throws(CurrencyConversionError) {
            guard !pending.isEmpty else { return converted.positions }
            return try foldingPending { _, _ in }.positions
        }
    }

    /// The sells realized in `scope` (and `year`, if given), in the base, as
    /// `RealizedGainsProjection.gains(in:year:)` lists them, each pending one at the rate kept
    /// for its day; the first that has none is named. Empty unless kept with gains.
    public func realizedGains(in scope: AccountScope = .all, year: Int? = nil) throws(CurrencyConversionError) -> RealizedGainList {
        guard var gains else { return RealizedGainList([]) }
        _ = try foldingPending { gain, sell in
            gains.realized.append(withCurrencyGain(gain, of: sell, ownCost: gains.pendingOwnCosts[sell.id]))
        }
        return gains.realized.list(in: scope, year: year)
    }

    /// The positions converted for good with the trades pending folded in, each at the rate kept
    /// for its day, and `realized` told each sell's gain. Each fold takes a pending trade: a
    /// ticker's trades wait in its order once one of them waits.
    private func foldingPending(_ realized: (AccountGain, Transaction) -> Void) throws(CurrencyConversionError) -> PortfolioCalculator.PositionsFold {
        var now = converted
        for transaction in pending {
            let (_, gain) = now.foldRealizing(try transaction.converted(into: base, at: rates))
            if let gain { realized(gain, transaction) }
        }
        return now
    }


    /// `gain`, in the base, with the part the currency made of it: nil for a sell in the base.
    private func withCurrencyGain(_ gain: AccountGain, of sell: Transaction, ownCost: FixedDecimal?) -> AccountGain {
        guard let ownCost, let currency = sell.currency.flatMap(CurrencyCode.init), let rate = rates.rate(from: currency, to: base, on: sell.date),
              let atSale = ownCost.multiplied(by: rate.rate) else { return gain }
        return AccountGain(account: gain.account, gain: gain.gain, currencyGain: atSale - gain.gain.cost)
    }

    /// Folds `transaction` in the base, when it converts for good; `ownCost` is a sell's cost in
    /// its own currency.
    private mutating func settle(_ transaction: Transaction, ownCost: FixedDecimal?) -> Bool {
        guard transaction.convertsForGood(into: base, at: rates), let inBase = try? transaction.converted(into: base, at: rates) else { return false }
        let (folded, gain) = converted.foldRealizing(inBase)
        guard folded else { return false }
        if let gain, gains != nil { gains!.realized.append(withCurrencyGain(gain, of: transaction, ownCost: ownCost)) }
        noteSettled(transaction)
        return true
    }

    /// Whether a sell with `ownCost` must wait for the sells pending before it.
    private func waitsBehindASell(ownCost: FixedDecimal?) -> Bool {
        ownCost != nil && gains?.pendingOwnCosts.isEmpty == false
    }

    /// The rates `transaction`'s conversion for good used, among those each read checks.
    private mutating func noteSettled(_ transaction: Transaction) {
        guard !transaction.isPlain else { return }
        for code in transaction.currenciesNamed {
            guard let currency = CurrencyCode(code), currency != base else { continue }
            if let known = settled[currency], known.through >= transaction.date { continue }
            settled[currency] = Settled(through: transaction.date, ratesHash: hashOfRates(of: currency, through: transaction.date))
        }
    }

    private mutating func notePendingPlaces() {
        pendingPlaces = [:]
        for transaction in pending where !transaction.ticker.isEmpty { pendingPlaces[transaction.ticker] = transaction.replayPlace }
    }

    /// Folds in the trades pending that the rates now convert for good, each ticker's in order.
    @_spi(Projections) public mutating func settlePending() -> Bool {
        var waiting: [Transaction] = []
        var blocked = Set<String>(), sellWaits = false
        for transaction in pending {
            let ticker = transaction.ticker, ownCost = gains?.pendingOwnCosts[transaction.id]
            if (!ticker.isEmpty && blocked.contains(ticker)) || (sellWaits && ownCost != nil) || !transaction.convertsForGood(into: base, at: rates) {
                waiting.append(transaction)
                if !ticker.isEmpty { blocked.insert(ticker) }
                if ownCost != nil { sellWaits = true }
                continue
            }
            guard settle(transaction, ownCost: ownCost) else { return false }
            gains?.pendingOwnCosts[transaction.id] = nil
        }
        pending = waiting
        notePendingPlaces()
        return true
    }

    /// A hash of every rate of `currency` kept on or before `day`.
    @_spi(Projections) public func hashOfRates(of currency: CurrencyCode, through day: CalendarDay) -> UInt64 {

        var hash = StableHash.of(currency.code.utf8)
        for rate in rates.days(from: currency, to: base) {
            guard rate.day <= day else { break }
            hash = withUnsafeBytes(of: rate.day.daysSinceEpoch) { StableHash.of($0, seed: hash) }
            hash = withUnsafeBytes(of: rate.rate.units) { StableHash.of($0, seed: hash) }
        }
        return hash
    }
}

extension PortfolioInBaseProjection: TransactionsProjection {
    /// In the order a replay folds them, so none is out of place.
    public func replaying(_ history: [Transaction]) -> PortfolioInBaseProjection {
        var replayed = PortfolioInBaseProjection(base: base, method: method, rates: rates, keepingGains: gains != nil)
        for index in ReplayOrder.indices(of: history) { _ = replayed.fold(history[index]) }
        return replayed
    }

    public mutating func fold(_ transaction: Transaction) -> Bool {
        // What no position reads is not converted: its currency may have no rate kept.
        guard PortfolioCalculator.PositionsFold.reads(transaction) else { return true }
        let transaction = transaction.inBase(base.code)
        let ticker = transaction.ticker, place = transaction.replayPlace
        // Its own currency's positions take it where the base's do: both order a ticker's trades alike.
        var ownCost: FixedDecimal?
        if gains != nil {
            let (folded, gain) = gains!.own.foldRealizing(transaction)
            guard folded else { return false }
            ownCost = gain?.gain.cost
        }
        if !ticker.isEmpty, let last = pendingPlaces[ticker] {
            guard !(place < last) else { return false }
        } else if !waitsBehindASell(ownCost: ownCost), settle(transaction, ownCost: ownCost) {
            return true
        } else if !ticker.isEmpty {
            guard !(place < converted.lastPlace[ticker] ?? .start) else { return false }
        }
        pending.append(transaction)
        if !ticker.isEmpty { pendingPlaces[ticker] = place }
        if let ownCost { gains!.pendingOwnCosts[transaction.id] = ownCost }
        return true
    }

    /// The positions of the tickers `changes` move, worked out again from their transactions, as
    /// the portfolio's own are; nil, to replay, for a fee charged to an account in another
    /// currency, which `PositionsFold` would add or take out as it is.
    /// With gains, nil while a sell is pending: the gains of the sells after it are not placed yet.
    public func reading(toRevise changes: [Revision<Transaction>]) -> RevisionReading? {
        guard let changes = PortfolioCalculator.PositionsFold.revisable(changes, base: base.code, namingOtherCurrencies: true),
              !changes.contains(where: { [$0.earlier, $0.later].contains { $0.map { $0.ticker.isEmpty && $0.type == .fee && $0.namesAnotherCurrency } ?? false } }),
              gains?.pendingOwnCosts.isEmpty ?? true
        else { return nil }
        return TransactionsTally.reading(tickers: tickers(of: changes))
    }

    /// Those whose positions the changes change.
    private func tickers(of changes: [Revision<Transaction>]) -> Set<String> {
        PortfolioCalculator.PositionsFold.tickers(of: changes)
    }

    /// Each of those tickers' transactions, in a replay's order, is converted for good or waits
    /// with the rest of its ticker's, as a fold takes them. With gains, false when a sell would
    /// wait: its gain has no place yet among the others'.
    public mutating func revise(_ changes: [Revision<Transaction>], given records: [Transaction]) -> Bool {
        let changes = changes.inBase(base.code)
        let tickers = tickers(of: changes)
        let traded = records.filter { tickers.contains($0.ticker) }.inBase(base.code)
        var ownWorked: [AccountGain]? = gains == nil ? nil : []
        gains?.own.revise(changes, tickers: tickers, given: traded, realized: &ownWorked)
        let ownCosts = Dictionary((ownWorked ?? []).map { ($0.gain.transactionID, $0.gain.cost) }) { first, _ in first }
        pending.removeAll { tickers.contains($0.ticker) }
        var convertedForGood: [Transaction] = [], waiting = Set<String>()
        for index in ReplayOrder.indices(of: traded) {
            let transaction = traded[index]
            if !waiting.contains(transaction.ticker), transaction.convertsForGood(into: base, at: rates),
               let inBase = try? transaction.converted(into: base, at: rates) {
                convertedForGood.append(inBase)
                noteSettled(transaction)
            } else {
                if ownCosts[transaction.id] != nil { return false }
                pending.append(transaction)
                waiting.insert(transaction.ticker)
            }
        }
        var worked: [AccountGain]? = gains == nil ? nil : []
        converted.revise(changes, tickers: tickers, given: convertedForGood, realized: &worked)
        notePendingPlaces()
        guard let worked, gains != nil else { return true }
        let byID = Dictionary(traded.map { ($0.id, $0) }) { _, last in last }
        let withCurrencyGains = worked.map { gain in
            byID[gain.gain.transactionID].map { withCurrencyGain(gain, of: $0, ownCost: ownCosts[gain.gain.transactionID]) } ?? gain
        }
        let moved = changes.compactMap { ($0.later ?? $0.earlier)?.id }
        guard let revised = gains!.realized.revising(tickers: tickers, moved: moved, with: withCurrencyGains) else { return false }
        gains!.realized = revised
        return true
    }
}
