import Foundation
import FixedPoint
import Ledger
import CurrentPrices
import Currencies
import Savings
import Transactions

/// The net worth at the end of one day, in the base currency.
public struct NetWorthPoint: Equatable, Sendable {
    public let day: CalendarDay
    public let holdings: FixedDecimal
    public let cash: FixedDecimal
    public let savings: FixedDecimal
    /// Holdings and pots left out: no rate for the day (or an amount too large to convert).
    public let unvalued: Int
    /// Holdings without a close kept on or before the day, valued at their last trade's price.
    public let atTradePrice: Int

    public var total: FixedDecimal { holdings + cash + savings }
}

/// The net worth over time, each day as `BaseCurrencyValuation` values it on that day: holdings at
/// their latest close on or before it (today's at today's prices), failing that at the price of
/// their latest buy or sell on or before it (`PerformanceSeries`'s rule, so both agree), converted
/// at that day's rate; cash in every pot of a tracked account; savings at each open account's
/// latest value.
/// One walk through the history in date order, however many days are asked for.
public enum NetWorthTimeline {
    public static func points(on days: [CalendarDay], history: [Transaction], valuation: BaseCurrencyValuation, closes: PriceHistory,
                              todaysPrices: [String: FixedDecimal], savings: SavingsBook?) -> [NetWorthPoint] {
        let ordered = ReplayOrder.indices(of: history).map { history[$0] }
        var quantities: [Holding: FixedDecimal] = [:]
        var pots: [CashPot: FixedDecimal] = [:]
        var tracked = Set<String?>()
        var lastTrades: [String: LastTrade] = [:]
        var next = 0
        var savingsWalk = SavingsWalk(book: savings)
        return days.sorted().map { day in
            while next < ordered.count, ordered[next].date <= day {
                let transaction = ordered[next]
                apply(transaction, to: &quantities, &pots, &tracked)
                if !transaction.ticker.isEmpty { lastTrades[transaction.ticker] = LastTrade.after(transaction, lastTrades[transaction.ticker]) }
                next += 1
            }
            let onDay = valuation.on(day)
            var holdings = FixedDecimal.zero, cash = FixedDecimal.zero, unvalued = 0, atTradePrice = 0
            for (holding, quantity) in quantities where !quantity.isZero {
                let price = day == valuation.day ? todaysPrices[holding.ticker] : closes.close(of: holding.ticker, onOrBefore: day)
                let item: NetWorthItem
                if price == nil, let trade = lastTrades[holding.ticker] {
                    item = onDay.holding(account: holding.account, ticker: holding.ticker, quantity: quantity, lastTrade: trade)
                    atTradePrice += 1
                } else {
                    item = onDay.holding(account: holding.account, ticker: holding.ticker, quantity: quantity, price: price)
                }
                if let value = item.value { holdings += value } else { unvalued += 1 }
            }
            for (pot, balance) in pots where tracked.contains(pot.account) && !balance.isZero {
                if let value = onDay.cash(pot, balance: balance).value { cash += value } else { unvalued += 1 }
            }
            var saved = FixedDecimal.zero
            for (account, value) in savingsWalk.values(atEndOf: day) {
                if let inBase = onDay.savings(name: account.name, value: value, currency: account.currency).value { saved += inBase } else { unvalued += 1 }
            }
            return NetWorthPoint(day: day, holdings: holdings, cash: cash, savings: saved, unvalued: unvalued, atTradePrice: atTradePrice)
        }
    }

    /// The period ends from `first` to `last`: every day, each Sunday or each month's last day,
    /// and `last` itself.
    public static func periodEnds(from first: CalendarDay, to last: CalendarDay, interval: Interval) -> [CalendarDay] {
        guard first <= last else { return [] }
        var days: [CalendarDay] = []
        var day = first
        while day < last {
            let tomorrow = CalendarDay(daysSinceEpoch: day.daysSinceEpoch + 1)
            switch interval {
            case .day: days.append(day)
            case .week: if (day.daysSinceEpoch + 3) % 7 == 6 { days.append(day) }  // 1970-01-01 was a Thursday
            case .month: if tomorrow.components.month != day.components.month { days.append(day) }
            }
            day = tomorrow
        }
        return days + [last]
    }

    public enum Interval: String, Sendable, CaseIterable {
        case day, week, month
    }

    private struct Holding: Hashable {
        let account: String?
        let ticker: String
    }

    private static func apply(_ transaction: Transaction, to quantities: inout [Holding: FixedDecimal], _ pots: inout [CashPot: FixedDecimal],
                              _ tracked: inout Set<String?>) {
        if !transaction.ticker.isEmpty {
            switch transaction.type {
            case .split:
                for key in quantities.keys where key.ticker == transaction.ticker { quantities[key] = transaction.held(after: quantities[key]!) }
            case .transfer:
                quantities[Holding(account: transaction.account, ticker: transaction.ticker), default: .zero] -= transaction.quantity
                quantities[Holding(account: transaction.toAccount, ticker: transaction.ticker), default: .zero] += transaction.quantity
            default:
                let key = Holding(account: transaction.account, ticker: transaction.ticker)
                quantities[key] = transaction.held(after: quantities[key] ?? .zero)
            }
        }
        for (pot, amount) in CashPolicy.balances(of: [transaction]) { pots[pot, default: .zero] += amount }
        tracked.formUnion(CashPolicy.trackedAccounts(in: [transaction]))
    }

    /// Each savings account's latest value at the end of a day, walking the updates once.
    private struct SavingsWalk {
        private let book: SavingsBook?
        private var next = 0
        private var latest: [String: FixedDecimal] = [:]

        init(book: SavingsBook?) { self.book = book }

        /// The accounts open at the end of `day`, each with its latest value by then.
        mutating func values(atEndOf day: CalendarDay) -> [(SavingsAccount, FixedDecimal)] {
            guard let book else { return [] }
            let end = CalendarDay(daysSinceEpoch: day.daysSinceEpoch + 1).startDate
            while next < book.updates.count, book.updates[next].at < end {
                latest[book.updates[next].accountID] = book.updates[next].value
                next += 1
            }
            return book.accounts.filter { $0.createdAt < end && ($0.closedAt.map { $0 >= end } ?? true) }.compactMap { account in
                latest[account.id].map { (account, $0) }
            }
        }
    }
}
