import FixedPoint
import Transactions

/// Which movements count as money put in and taken out.
public enum FlowConvention: String, Sendable {
    /// Cash is tracked (there is a deposit): deposits in, withdrawals out; the portfolio's value
    /// includes its cash, so trades, dividends, interest and fees are returns, not flows.
    case deposits
    /// Holdings only: buys and fees in, sells and dividends out; the value is the holdings'.
    case trades
}

/// The portfolio at the end of one day.
public struct DailyPoint: Equatable, Sendable {
    public let day: CalendarDay
    public let marketValue: FixedDecimal
    /// Nil when cash isn't tracked.
    public let cash: FixedDecimal?
    /// Money put in on this day (counted at the start of the day).
    public let inflow: FixedDecimal
    /// Money taken out on this day (counted at the end of the day).
    public let outflow: FixedDecimal
    /// Money in less money out since the history began.
    public let netContributions: FixedDecimal

    /// What the portfolio is worth: its holdings, and its cash when cash is tracked.
    public var value: FixedDecimal { marketValue + (cash ?? .zero) }
    public var profit: FixedDecimal { value - netContributions }
}

/// The portfolio day by day. Valuation rule, which decides every figure over time: a holding is
/// valued at its ticker's latest close on or before the day; failing that, at the price of its
/// latest buy or sell on or before the day; failing both (a holding from a split alone), at 0.
public struct PerformanceSeries: Equatable, Sendable {
    public let convention: FlowConvention
    /// The value at the end of the day before the first point: the money already in at the start.
    public let openingValue: FixedDecimal
    /// One point per calendar day, from the first day asked (or of the history) to the last.
    public let points: [DailyPoint]

    public static func build(_ transactions: [Transaction], history: PriceHistory, from: CalendarDay?, to: CalendarDay) -> PerformanceSeries {
        let convention: FlowConvention = CashPolicy.isTracked(in: transactions) ? .deposits : .trades
        let ordered = transactions.filter { $0.date <= to }.sorted { ($0.date, $0.holdingsRank) < ($1.date, $1.holdingsRank) }
        guard let first = ordered.first?.date else { return PerformanceSeries(convention: convention, openingValue: .zero, points: []) }
        let start = max(from ?? first, first)
        var held: [String: FixedDecimal] = [:]
        var lastTradePrice: [String: FixedDecimal] = [:]
        var cash = FixedDecimal.zero
        var contributions = FixedDecimal.zero
        var cursor = ordered.startIndex
        var points: [DailyPoint] = []
        var openingValue = FixedDecimal.zero
        points.reserveCapacity(Int(max(0, to.daysSinceEpoch - start.daysSinceEpoch + 1)))
        var day = first
        while day <= to {
            var inflow = FixedDecimal.zero, outflow = FixedDecimal.zero
            while cursor < ordered.endIndex, ordered[cursor].date == day {
                let transaction = ordered[cursor]
                cursor += 1
                if !transaction.ticker.isEmpty {
                    held[transaction.ticker] = transaction.held(after: held[transaction.ticker] ?? .zero)
                    if let price = transaction.price { lastTradePrice[transaction.ticker] = price }
                    // A trade before a split was at the old quantity's price.
                    if let ratio = transaction.ratio, let price = lastTradePrice[transaction.ticker] {
                        lastTradePrice[transaction.ticker] = price.scaled(by: FixedDecimal(ratio.before), over: FixedDecimal(ratio.after))
                    }
                }
                cash += transaction.cashChange
                let (into, outOf) = flows(of: transaction, convention)
                inflow += into
                outflow += outOf
            }
            contributions += inflow - outflow
            // Only the days asked for are valued; the ones before only build the state.
            if day == start.previous {
                openingValue = value(held, day, history, lastTradePrice) + (convention == .deposits ? cash : .zero)
            } else if day >= start {
                points.append(DailyPoint(day: day, marketValue: value(held, day, history, lastTradePrice), cash: convention == .deposits ? cash : nil,
                                         inflow: inflow, outflow: outflow, netContributions: contributions))
            }
            day = day.next
        }
        return PerformanceSeries(convention: convention, openingValue: openingValue, points: points)
    }

    private static func flows(of transaction: Transaction, _ convention: FlowConvention) -> (in: FixedDecimal, out: FixedDecimal) {
        switch (convention, transaction.type) {
        case (.deposits, .deposit), (.trades, .buy), (.trades, .fee): return (transaction.sum, .zero)
        case (.deposits, .withdrawal), (.trades, .sell), (.trades, .dividend): return (.zero, transaction.sum)
        default: return (.zero, .zero)
        }
    }

    private static func value(_ held: [String: FixedDecimal], _ day: CalendarDay, _ history: PriceHistory, _ lastTradePrice: [String: FixedDecimal]) -> FixedDecimal {
        var total = FixedDecimal.zero
        for (ticker, quantity) in held where !quantity.isZero {
            guard let price = history.close(of: ticker, onOrBefore: day) ?? lastTradePrice[ticker] else { continue }
            total += quantity.multiplied(by: price)
        }
        return total
    }
}

extension CalendarDay {
    public var next: CalendarDay { CalendarDay(daysSinceEpoch: daysSinceEpoch + 1) }
    public var previous: CalendarDay { CalendarDay(daysSinceEpoch: daysSinceEpoch - 1) }
}
