import FixedPoint
import Ledger

extension TransactionsTally {
    /// The tickers whose holdings a change can move: a ticker's holdings are folded again from
    /// its transactions, unless a change leaves them as they were (a new sum or note). Any of its
    /// transactions, a dividend too, names an account's holding and sets the ticker's last place,
    /// so one that moves no shares still moves them when its account, day or type changes.
    public static func tickersMoved(by changes: [Revision<Transaction>]) -> Set<String> {
        var tickers = Set<String>()
        for change in changes {
            if let earlier = change.earlier, let later = change.later, leavesHoldings(later, as: earlier) { continue }
            for version in [change.earlier, change.later] where version?.ticker.isEmpty == false { tickers.insert(version!.ticker) }
        }
        return tickers
    }

    private static func leavesHoldings(_ later: Transaction, as earlier: Transaction) -> Bool {
        HoldingsPolicy.countsTheSame(later, as: earlier) && later.ticker == earlier.ticker && later.account == earlier.account
            && later.date == earlier.date && later.type == earlier.type
    }

    /// Nothing when no holding moves; else the transactions of the tickers that do.
    public func reading(toRevise changes: [Revision<Transaction>]) -> RevisionReading? {
        Self.reading(tickers: Self.tickersMoved(by: changes))
    }

    /// The transactions of `tickers`, told from each entry before it is decoded; nothing for none.
    public static func reading(tickers: Set<String>) -> RevisionReading {
        guard !tickers.isEmpty else { return .nothing }
        let filters = tickers.map { TransactionEntryFilter(TransactionFilter(ticker: $0)) }
        return .records { entry in filters.contains { $0.mayMatch(entry) } }
    }

    /// Each change's cash taken out of its days and put in its new ones, the pots it tracks
    /// counted again, and the holdings of the tickers it moves folded again from `records`.
    /// False when a day doesn't hold what the earlier version moved (a tally not of this history).
    public mutating func revise(_ changes: [Revision<Transaction>], given records: [Transaction]) -> Bool {
        for change in changes {
            if let earlier = change.earlier?.inBase(base) {
                var held = true
                CashPolicy.forEachLeg(of: earlier) { pot, amount in held = held && takeOut(amount, on: earlier.date, from: pot) }
                guard held else { return false }
                CashPolicy.forPotTracked(by: earlier) { potTracking.countOneFewer($0) }
            }
            if let later = change.later?.inBase(base) {
                CashPolicy.forEachLeg(of: later) { pot, amount in pots[pot, default: Pot()].put(amount, on: later.date) }
                CashPolicy.forPotTracked(by: later) { potTracking.countOneMore($0) }
            }
        }
        refoldHoldings(of: Self.tickersMoved(by: changes), from: records.inBase(base))
        return true
    }

    /// The holdings of `tickers` as their transactions among `records` alone fold them.
    mutating func refoldHoldings(of tickers: Set<String>, from records: [Transaction]) {
        guard !tickers.isEmpty else { return }
        holdings = holdings.filter { !tickers.contains($0.key.ticker) }
        for ticker in tickers {
            combinedHoldings[ticker] = nil
            lastPlace[ticker] = nil
        }
        foldHoldings(of: records, at: records.indices.filter { tickers.contains(records[$0].ticker) })
    }

    /// False when the pot has no movement on that day. A pot left with none is no pot, as in a replay.
    private mutating func takeOut(_ amount: FixedDecimal, on date: CalendarDay, from pot: CashPot) -> Bool {
        guard pots[pot]?.takeOut(amount, on: date) == true else { return false }
        if pots[pot]?.days.isEmpty == true { pots[pot] = nil }
        return true
    }
}

extension TransactionsTally.Pot {
    /// Where `date` is, or would go, among `days`.
    static func index(of date: CalendarDay, in days: [TransactionsTally.DayNet]) -> Int? {
        var low = 0, high = days.count
        while low < high {
            let middle = (low + high) / 2
            if days[middle].day < date { low = middle + 1 } else { high = middle }
        }
        return low < days.count ? low : nil
    }

    /// A movement of `amount` on `date` taken back out; false when the day holds none.
    mutating func takeOut(_ amount: FixedDecimal, on date: CalendarDay) -> Bool {
        guard let index = Self.index(of: date, in: days), days[index].day == date, days[index].movements > 0 else { return false }
        days[index].remove(amount)
        if days[index].movements == 0 { days.remove(at: index) }
        return true
    }

    /// A movement on any day, in its place.
    mutating func put(_ amount: FixedDecimal, on date: CalendarDay) {
        let index = Self.index(of: date, in: days) ?? days.endIndex
        if index == days.endIndex || days[index].day != date { days.insert(TransactionsTally.DayNet(day: date), at: index) }
        days[index].add(amount)
    }
}
