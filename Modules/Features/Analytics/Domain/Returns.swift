import Foundation
import FixedPoint
import Transactions
import Ledger

/// The return measures side by side, for one window of a `PerformanceSeries`.
///
/// Rates are `Double`: they are ratios of money, not money, and annualizing and XIRR need
/// fractional powers that no exact decimal type offers. Every amount they come from is exact.
public struct Returns: Sendable {
    public struct Drawdown: Equatable, Sendable {
        /// Peak to trough, as a positive fraction of the peak.
        public let depth: Double
        public let peak: CalendarDay
        public let trough: CalendarDay
        /// The first day the index was back at its peak; nil when it never was.
        public let recovery: CalendarDay?
    }

    public struct Flow: Equatable, Sendable {
        public let day: CalendarDay
        /// Negative: money put in; positive: money taken out, or the final value.
        public let amount: FixedDecimal
        /// The final value is the value at the end of the last day: it is dated the next day's
        /// start, as `hledger roi` dates it (its end date is exclusive). Other flows are dated
        /// their day, as Excel's XIRR dates them.
        public var isFinalValue = false
    }

    public let convention: FlowConvention
    public let from: CalendarDay
    public let to: CalendarDay
    /// The value at the end of the day before `from`: money already in when the window opens.
    public let openingValue: FixedDecimal
    public let moneyIn: FixedDecimal
    public let moneyOut: FixedDecimal
    public let finalValue: FixedDecimal
    /// (final value + money out − money in) ÷ money in; nil with no money in.
    public let roi: Double?
    public let annualizedROI: Double?
    /// Daily returns chained: each day (value + out) ÷ (yesterday's value + in).
    public let twr: Double?
    public let annualizedTWR: Double?
    /// Excel's XIRR over `flows`; nil when it has no solution.
    public let xirr: Double?
    /// The annualized standard deviation of the daily TWR returns: calendar days, × √365.
    public let volatility: Double?
    public let maxDrawdown: Drawdown?
    /// The flows XIRR solves for: the opening value and each day's money in as negatives, each
    /// day's money out and the final value as positives.
    public let flows: [Flow]
    /// The TWR index, 1 at the start: for charts and the explanation.
    public let index: [(day: CalendarDay, value: Double)]

    public var days: Int { Int(to.daysSinceEpoch - from.daysSinceEpoch) }

    public static func measure(_ series: PerformanceSeries) -> Returns? {
        guard let first = series.points.first, let last = series.points.last else { return nil }
        var moneyIn = series.openingValue, moneyOut = FixedDecimal.zero
        var flows: [Flow] = series.openingValue > .zero ? [Flow(day: first.day, amount: -series.openingValue)] : []
        var dailyReturns: [Double] = []
        var index: [(day: CalendarDay, value: Double)] = []
        var level = 1.0
        var previous = series.openingValue
        for point in series.points {
            moneyIn += point.inflow
            moneyOut += point.outflow
            if !point.inflow.isZero { flows.append(Flow(day: point.day, amount: -point.inflow)) }
            if !point.outflow.isZero { flows.append(Flow(day: point.day, amount: point.outflow)) }
            // A flow in counts at the start of its day, a flow out at the end. A day that starts and
            // ends with nothing held (a fee paid before the first buy) moves no holding: it leaves
            // the index alone, and the money-weighted figures count it.
            let base = previous + point.inflow
            let holdsNothing = previous.isZero && point.value.isZero && point.outflow.isZero
            if base > .zero, !holdsNothing {
                let growth = (point.value + point.outflow).double / base.double
                dailyReturns.append(growth - 1)
                level *= growth
            }
            index.append((point.day, level))
            previous = point.value
        }
        flows.append(Flow(day: last.day, amount: last.value, isFinalValue: true))
        let days = Int(last.day.daysSinceEpoch - first.day.daysSinceEpoch)
        let roi = moneyIn > .zero ? (last.value + moneyOut - moneyIn).double / moneyIn.double : nil
        let twr = dailyReturns.isEmpty ? nil : level - 1
        return Returns(convention: series.convention, from: first.day, to: last.day, openingValue: series.openingValue, moneyIn: moneyIn, moneyOut: moneyOut, finalValue: last.value,
                       roi: roi, annualizedROI: roi.flatMap { annualize($0, days: days) }, twr: twr, annualizedTWR: twr.flatMap { annualize($0, days: days) },
                       xirr: XIRR.solve(flows.map { (Double($0.day.daysSinceEpoch - first.day.daysSinceEpoch + ($0.isFinalValue ? 1 : 0)), $0.amount.double) }),
                       volatility: volatility(dailyReturns), maxDrawdown: drawdown(index), flows: flows, index: index)
    }

    /// (1 + r)^(365 / days) − 1; nil for a window shorter than a day.
    public static func annualize(_ rate: Double, days: Int) -> Double? {
        guard days > 0, rate > -1 else { return nil }
        return pow(1 + rate, 365 / Double(days)) - 1
    }

    private static func volatility(_ returns: [Double]) -> Double? {
        guard returns.count > 1 else { return nil }
        let mean = returns.reduce(0, +) / Double(returns.count)
        let variance = returns.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(returns.count - 1)
        return variance.squareRoot() * Double(365).squareRoot()
    }

    /// The deepest fall of the index from a peak. The index stands at 1 at the start of its first
    /// day, before that day's move, so a fall on the first day counts from 1.
    private static func drawdown(_ index: [(day: CalendarDay, value: Double)]) -> Drawdown? {
        guard let first = index.first else { return nil }
        var peak = (day: first.day, value: 1.0)
        var worst: (depth: Double, peak: (day: CalendarDay, value: Double), trough: CalendarDay)?
        for point in index {
            if point.value > peak.value { peak = point }
            let depth = peak.value > 0 ? (peak.value - point.value) / peak.value : 0
            if depth > (worst?.depth ?? 0) { worst = (depth, peak, point.day) }
        }
        guard let worst else { return nil }
        let recovery = index.first { $0.day > worst.trough && $0.value >= worst.peak.value }?.day
        return Drawdown(depth: worst.depth, peak: worst.peak.day, trough: worst.trough, recovery: recovery)
    }
}

/// Excel's XIRR: the rate r with Σ CFᵢ·(1+r)^(−(dᵢ−d₀)/365) = 0. Newton's method from 10%, and
/// bisection when Newton leaves the domain or stalls.
public enum XIRR {
    public static func solve(_ flows: [(days: Double, amount: Double)]) -> Double? {
        guard flows.contains(where: { $0.amount < 0 }), flows.contains(where: { $0.amount > 0 }) else { return nil }
        func npv(_ rate: Double) -> Double { flows.reduce(0) { $0 + $1.amount * pow(1 + rate, -$1.days / 365) } }
        func slope(_ rate: Double) -> Double { flows.reduce(0) { $0 - $1.amount * $1.days / 365 * pow(1 + rate, -$1.days / 365 - 1) } }
        var rate = 0.1
        for _ in 0..<100 {
            let value = npv(rate), derivative = slope(rate)
            guard derivative != 0, value.isFinite else { break }
            let next = rate - value / derivative
            guard next > -1, next.isFinite else { break }
            if abs(next - rate) < 1e-12 { return next }
            rate = next
        }
        // Bisection over every rate above −100%: NPV falls as the rate rises for an investment.
        var (low, high) = (-0.999999999, 1.0)
        while npv(high) > 0, high < 1e9 { high *= 2 }
        guard npv(low).sign != npv(high).sign else { return nil }
        for _ in 0..<300 {
            let middle = (low + high) / 2
            if npv(middle).sign == npv(low).sign { low = middle } else { high = middle }
            if high - low < 1e-13 { break }
        }
        return (low + high) / 2
    }
}

extension FixedDecimal {
    /// For ratios only: never for an amount that is stored or shown as money.
    var double: Double { Double(units) / Double(FixedDecimal.scale) }
}
