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
public struct PortfolioInBaseProjection {
    public let base: CurrencyCode
    public let method: CostBasisMethod
    private let rates: ExchangeRates
    private var converted: PortfolioCalculator.PositionsFold
    /// In the order folded, in their own currencies: trades not converted for good.
    private var pending: [Transaction] = []
    /// Each ticker with a trade pending: its last place, as `PositionsFold` orders a ticker's trades.
    private var pendingPlaces: [String: UInt64] = [:]
    private var settled: [CurrencyCode: Settled] = [:]

    private struct Settled: Equatable {
        var through: CalendarDay
        var ratesHash: UInt64
    }

    public init(base: CurrencyCode, method: CostBasisMethod, rates: ExchangeRates) {
        self.base = base
        self.method = method
        self.rates = rates
        converted = PortfolioCalculator.PositionsFold(method: method)
    }

    /// The positions in the base, each trade pending converted at the rate kept for its day; nil
    /// when one has none: the history's conversion says which.
    public var positions: PortfolioCalculator.Positions? {
        guard !pending.isEmpty else { return converted.positions }
        var now = converted
        for transaction in pending {
            guard let inBase = try? transaction.converted(into: base, at: rates), now.fold(inBase) else { return nil }
        }
        return now.positions
    }

    private mutating func settle(_ transaction: Transaction) -> Bool {
        guard transaction.convertsForGood(into: base, at: rates), let inBase = try? transaction.converted(into: base, at: rates) else { return false }
        guard converted.fold(inBase) else { return false }
        noteSettled(transaction)
        return true
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
        for transaction in pending where !transaction.ticker.isEmpty { pendingPlaces[transaction.ticker] = PortfolioCalculator.PositionsFold.place(of: transaction) }
    }

    /// Folds in the trades pending that the rates now convert for good, each ticker's in order.
    private mutating func settlePending() -> Bool {
        var waiting: [Transaction] = []
        var blocked = Set<String>()
        for transaction in pending {
            let ticker = transaction.ticker
            if (!ticker.isEmpty && blocked.contains(ticker)) || !transaction.convertsForGood(into: base, at: rates) {
                waiting.append(transaction)
                if !ticker.isEmpty { blocked.insert(ticker) }
                continue
            }
            guard settle(transaction) else { return false }
        }
        pending = waiting
        notePendingPlaces()
        return true
    }

    /// A hash of every rate of `currency` kept on or before `day`.
    private func hashOfRates(of currency: CurrencyCode, through day: CalendarDay) -> UInt64 {
        var hash = StableHash.of(currency.code.utf8)
        for rate in rates.all(from: currency, to: base) {
            guard rate.day <= day else { break }
            hash = withUnsafeBytes(of: rate.day.daysSinceEpoch) { StableHash.of($0, seed: hash) }
            hash = withUnsafeBytes(of: rate.rate.units) { StableHash.of($0, seed: hash) }
        }
        return hash
    }
}

extension PortfolioInBaseProjection: TransactionsProjection {
    public var checkpointName: String { "portfolio-in-base-v1-\(method.rawValue)-\(base.code)" }

    /// In the order a replay folds them, so none is out of place.
    public func replaying(_ history: [Transaction]) -> PortfolioInBaseProjection {
        var replayed = PortfolioInBaseProjection(base: base, method: method, rates: rates)
        for index in PortfolioCalculator.inPositionsOrder(history) { _ = replayed.fold(history[index]) }
        return replayed
    }

    public mutating func fold(_ transaction: Transaction) -> Bool {
        let transaction = transaction.inBase(base.code)
        let ticker = transaction.ticker, place = PortfolioCalculator.PositionsFold.place(of: transaction)
        if !ticker.isEmpty, let last = pendingPlaces[ticker] {
            guard place >= last else { return false }
        } else if settle(transaction) {
            return true
        } else if !ticker.isEmpty {
            guard place >= converted.lastPlace[ticker] ?? 0 else { return false }
        }
        pending.append(transaction)
        if !ticker.isEmpty { pendingPlaces[ticker] = place }
        return true
    }

    /// The positions of the tickers `changes` move, worked out again from their transactions, as
    /// the portfolio's own are; nil, to replay, for a fee charged to an account in another
    /// currency, which `PositionsFold` would add as it is.
    public func reading(toRevise changes: [Revision<Transaction>]) -> RevisionReading? {
        guard let changes = PortfolioCalculator.PositionsFold.revisable(changes, base: base.code, namingOtherCurrencies: true),
              !changes.contains(where: { $0.later.map { $0.ticker.isEmpty && $0.type == .fee && $0.namesAnotherCurrency } ?? false })
        else { return nil }
        return TransactionsTally.reading(tickers: PortfolioCalculator.PositionsFold.tickers(of: changes))
    }

    /// Each of those tickers' transactions, in a replay's order, is converted for good or waits
    /// with the rest of its ticker's, as a fold takes them.
    public mutating func revise(_ changes: [Revision<Transaction>], given records: [Transaction]) -> Bool {
        let changes = changes.inBase(base.code)
        let tickers = PortfolioCalculator.PositionsFold.tickers(of: changes)
        let traded = records.filter { tickers.contains($0.ticker) }.inBase(base.code)
        pending.removeAll { tickers.contains($0.ticker) }
        var convertedForGood: [Transaction] = [], waiting = Set<String>()
        for index in PortfolioCalculator.inPositionsOrder(traded) {
            let transaction = traded[index]
            if !waiting.contains(transaction.ticker), transaction.convertsForGood(into: base, at: rates),
               let inBase = try? transaction.converted(into: base, at: rates) {
                convertedForGood.append(inBase)
                noteSettled(transaction)
            } else {
                pending.append(transaction)
                waiting.insert(transaction.ticker)
            }
        }
        var unwanted: [AccountGain]?
        converted.revise(changes, tickers: tickers, given: convertedForGood, realized: &unwanted)
        notePendingPlaces()
        return true
    }

    public func write(to writer: inout CheckpointWriter) {
        writer.write(base.code)
        converted.write(to: &writer)
        writer.write(transactions: pending)
        writer.write(settled.count)
        for (currency, settled) in settled {
            writer.write(currency.code)
            writer.write(settled.through.daysSinceEpoch)
            writer.write(settled.ratesHash)
        }
    }

    /// Nil when a rate among those converted for good is no longer what it was.
    public func decoded(from reader: inout CheckpointReader) throws(CheckpointReader.Damaged) -> PortfolioInBaseProjection? {
        guard try reader.readString() == base.code else { return nil }
        var decoded = self
        decoded.converted = try PortfolioCalculator.PositionsFold(reading: &reader)
        guard decoded.converted.method == method else { return nil }
        decoded.pending = try reader.readTransactions()
        for _ in 0..<(try reader.readCount()) {
            guard let currency = CurrencyCode(try reader.readString()) else { throw CheckpointReader.Damaged() }
            let known = Settled(through: CalendarDay(daysSinceEpoch: try reader.readInt32()), ratesHash: try reader.readUInt64())
            guard known.ratesHash == hashOfRates(of: currency, through: known.through) else { return nil }
            decoded.settled[currency] = known
        }
        guard decoded.settlePending() else { return nil }
        return decoded
    }
}
