import FixedPoint
import Ledger
import CurrentPrices

/// Your returns beside a benchmark's over the same window, two ways. Time-weighted: the
/// benchmark held alone, its TWR, volatility and drawdown, which ignore when money arrived.
/// Money-weighted (a public-market equivalent): the same money put into the benchmark, every
/// flow of yours buying it at that day's close (money in) or selling it (money out), valued at
/// the window's last close, with its XIRR; that counts when your money arrived.
public struct BenchmarkComparison: Sendable {
    public let symbol: String
    public let yours: Returns
    /// The benchmark held over your window, from the close your own start is valued at.
    public let benchmark: Returns
    /// The benchmark units the replay holds at the end.
    public let replayUnits: FixedDecimal
    public let replayXIRR: Double?
    /// The same money in the benchmark at the end of each day of the window.
    public let sameMoney: [(day: CalendarDay, value: FixedDecimal)]

    /// What the same money would be worth in the benchmark at the end.
    public var replayValue: FixedDecimal { sameMoney.last?.value ?? .zero }

    /// Yours less the replay's: what picking your holdings over the benchmark made or cost.
    public var moneyDifference: FixedDecimal { yours.finalValue - replayValue }
    /// Your XIRR less the replay's, in points a year.
    public var moneyWeightedPoints: Double? { yours.xirr.flatMap { mine in replayXIRR.map { (mine - $0) * 100 } } }
    /// Your annualized TWR less the benchmark's, in points a year.
    public var timeWeightedPoints: Double? { yours.annualizedTWR.flatMap { mine in benchmark.annualizedTWR.map { (mine - $0) * 100 } } }

    /// The first day whose close `compare` may need: the last close before a window's first day
    /// is in the fortnight before it, whatever weekend and holidays come between.
    public static func firstCloseNeeded(for yours: Returns) -> CalendarDay {
        CalendarDay(daysSinceEpoch: yours.from.daysSinceEpoch - 14)
    }

    /// Nil when the benchmark has no close up to the window's end, or the replay overflows.
    ///
    /// Both sides start alike. A window that opens with money in values it at the last close
    /// before its first day, so that day's move counts: the benchmark starts from its own close
    /// before that day, and the opening money buys it there. A window that opens with the history
    /// starts the benchmark at the close of its first day, or the last before it (a weekend).
    /// Failing both (the benchmark's closes begin inside the window), at its first close.
    public static func compare(_ yours: Returns, with symbol: String, closes: PriceHistory) -> BenchmarkComparison? {
        guard let firstClose = closes.closes(of: symbol).first, closes.close(of: symbol, onOrBefore: yours.to) != nil else { return nil }
        let opens = yours.openingValue > .zero
        let start = closes.close(of: symbol, onOrBefore: opens ? yours.from.previous : yours.from) ?? firstClose.close
        guard let benchmark = Returns.measure(holding(symbol, closes: closes, from: yours.from, to: yours.to, start: start, opens: opens)) else { return nil }
        func price(on day: CalendarDay) -> FixedDecimal { closes.close(of: symbol, onOrBefore: day) ?? start }
        // The opening money is the first flow: it buys at the start's close, the rest at their day's.
        let flows = yours.flows.filter { !$0.isFinalValue }
        let flowsByDay = Dictionary(grouping: opens ? flows.dropFirst() : flows[...], by: \.day)
        guard var units = opens ? yours.openingValue.divided(by: start) : .zero else { return nil }
        var sameMoney: [(day: CalendarDay, value: FixedDecimal)] = []
        var day = yours.from
        while day <= yours.to {
            for flow in flowsByDay[day] ?? [] {
                guard let bought = (-flow.amount).divided(by: price(on: flow.day)) else { return nil }
                units += bought
            }
            guard let worth = units.multiplied(by: price(on: day)) else { return nil }
            sameMoney.append((day, worth))
            day = day.next
        }
        let replayed = flows + [Returns.Flow(day: yours.to, amount: sameMoney.last?.value ?? .zero, isFinalValue: true)]
        let replayXIRR = XIRR.solve(replayed.map { (Double($0.day.daysSinceEpoch - yours.from.daysSinceEpoch + ($0.isFinalValue ? 1 : 0)), $0.amount.double) })
        return BenchmarkComparison(symbol: symbol, yours: yours, benchmark: benchmark, replayUnits: units, replayXIRR: replayXIRR, sameMoney: sameMoney)
    }

    /// One unit of the benchmark, held from `start` (its opening value when the window `opens`
    /// with money in, else bought on `from`) to `to`, valued each calendar day at its latest
    /// close, as a portfolio is; before its first close, at `start`.
    private static func holding(_ symbol: String, closes: PriceHistory, from: CalendarDay, to: CalendarDay, start: FixedDecimal, opens: Bool) -> PerformanceSeries {
        var points: [DailyPoint] = []
        var day = from
        while day <= to {
            let bought = points.isEmpty && !opens ? start : .zero
            points.append(DailyPoint(day: day, marketValue: closes.close(of: symbol, onOrBefore: day) ?? start, cash: nil, inflow: bought, outflow: .zero,
                                     netContributions: start))
            day = day.next
        }
        return PerformanceSeries(convention: .trades, openingValue: opens ? start : .zero, points: points)
    }
}
