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
    /// The benchmark bought on the window's first day with a close and held.
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

    /// Nil when the benchmark has no close up to the window's end, or the replay overflows.
    public static func compare(_ yours: Returns, with symbol: String, closes: PriceHistory) -> BenchmarkComparison? {
        let kept = closes.closes(of: symbol)
        guard let firstClose = kept.first, closes.close(of: symbol, onOrBefore: yours.to) != nil,
              let benchmark = Returns.measure(holding(symbol, closes: closes, from: max(yours.from, firstClose.day), to: yours.to)) else { return nil }
        // A flow before the benchmark's first close buys at that close.
        func price(on day: CalendarDay) -> FixedDecimal { closes.close(of: symbol, onOrBefore: day) ?? firstClose.close }
        let flowsByDay = Dictionary(grouping: yours.flows.filter { !$0.isFinalValue }, by: \.day)
        var units = FixedDecimal.zero, sameMoney: [(day: CalendarDay, value: FixedDecimal)] = []
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
        let flows = yours.flows.filter { !$0.isFinalValue } + [Returns.Flow(day: yours.to, amount: sameMoney.last?.value ?? .zero, isFinalValue: true)]
        let replayXIRR = XIRR.solve(flows.map { (Double($0.day.daysSinceEpoch - yours.from.daysSinceEpoch + ($0.isFinalValue ? 1 : 0)), $0.amount.double) })
        return BenchmarkComparison(symbol: symbol, yours: yours, benchmark: benchmark, replayUnits: units, replayXIRR: replayXIRR, sameMoney: sameMoney)
    }

    /// One unit of the benchmark bought at `from`'s close and held to `to`, valued each
    /// calendar day at its latest close, as a portfolio is.
    private static func holding(_ symbol: String, closes: PriceHistory, from: CalendarDay, to: CalendarDay) -> PerformanceSeries {
        var points: [DailyPoint] = []
        var day = from
        while day <= to {
            if let close = closes.close(of: symbol, onOrBefore: day) {
                let bought = points.isEmpty ? close : .zero
                points.append(DailyPoint(day: day, marketValue: close, cash: nil, inflow: bought, outflow: .zero,
                                         netContributions: points.last?.netContributions ?? close))
            }
            day = day.next
        }
        return PerformanceSeries(convention: .trades, openingValue: .zero, points: points)
    }
}
