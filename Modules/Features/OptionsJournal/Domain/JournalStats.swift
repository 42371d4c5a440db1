import Foundation
import FixedPoint

/// One day's figures, as the web app's daily stats show them.
public struct DayStats: Equatable, Sendable {
    public let date: String
    public let trades: Int
    public let winners: Int
    public let losers: Int
    public let grossProfitLoss: FixedDecimal
    public let volume: FixedDecimal
    /// Σ wins ÷ |Σ losses|; nil ("—") when the day has no losses.
    public let profitFactor: FixedDecimal?

    public init(date: String, trades: Int, winners: Int, losers: Int, grossProfitLoss: FixedDecimal, volume: FixedDecimal, profitFactor: FixedDecimal?) {
        self.date = date
        self.trades = trades
        self.winners = winners
        self.losers = losers
        self.grossProfitLoss = grossProfitLoss
        self.volume = volume
        self.profitFactor = profitFactor
    }
}

/// The dashboard over a range of days.
public struct JournalDashboard: Equatable, Sendable {
    public enum ProfitFactor: Equatable, Sendable {
        case ratio(FixedDecimal)
        /// No losses, and a profit.
        case infinite
    }

    public let trades: Int
    public let netProfitLoss: FixedDecimal
    public let profitFactor: ProfitFactor
    /// Winners ÷ all trades (break-even ones included) × 100.
    public let winRate: FixedDecimal
    /// Net P&L ÷ trades.
    public let expectancy: FixedDecimal
    public let averageWin: FixedDecimal?
    public let averageLoss: FixedDecimal?
    public let largestWin: FixedDecimal?
    public let largestLoss: FixedDecimal?
    /// P&L summed per UTC day of each trade's first buy, oldest first: the web app's cumulative
    /// chart's points.
    public let cumulativeByDay: [(date: String, profitLoss: FixedDecimal)]

    public static func == (lhs: JournalDashboard, rhs: JournalDashboard) -> Bool {
        lhs.trades == rhs.trades && lhs.netProfitLoss == rhs.netProfitLoss && lhs.profitFactor == rhs.profitFactor && lhs.winRate == rhs.winRate
            && lhs.expectancy == rhs.expectancy && lhs.cumulativeByDay.map(\.date) == rhs.cumulativeByDay.map(\.date)
            && lhs.cumulativeByDay.map(\.profitLoss) == rhs.cumulativeByDay.map(\.profitLoss)
    }
}

public enum JournalStats {
    /// Every day that has trades, newest first.
    public static func days(_ trades: [JournalTrade]) -> [DayStats] {
        Dictionary(grouping: trades, by: \.tradeDate).map { date, trades in
            let wins = trades.map(\.profitLoss).filter { $0 > .zero }, losses = trades.map(\.profitLoss).filter(\.isNegative)
            let lost = -losses.reduce(.zero, +)
            return DayStats(date: date, trades: trades.count, winners: wins.count, losers: losses.count,
                            grossProfitLoss: trades.reduce(.zero) { $0 + $1.profitLoss }, volume: trades.reduce(.zero) { $0 + $1.volume },
                            profitFactor: lost.isZero ? nil : wins.reduce(.zero, +).divided(by: lost))
        }.sorted { $0.date > $1.date }
    }

    /// The cumulative P&L over one day's trades, in the order they closed, as the web app's
    /// chart adds them: [0, running sums…]. Trades closing at the same moment keep the order
    /// given, which for `TradeCycles`' trades is the web app's.
    public static func cumulative(_ trades: [JournalTrade]) -> [FixedDecimal] {
        var running = FixedDecimal.zero
        let closingOrder = trades.enumerated().sorted { ($0.element.closedAt, $0.offset) < ($1.element.closedAt, $1.offset) }.map(\.element)
        return [.zero] + closingOrder.map { running += $0.profitLoss; return running }
    }

    public static func dashboard(_ trades: [JournalTrade]) -> JournalDashboard {
        let results = trades.map(\.profitLoss)
        let wins = results.filter { $0 > .zero }, losses = results.filter(\.isNegative)
        let won = wins.reduce(.zero, +), lost = -losses.reduce(.zero, +)
        let net = results.reduce(.zero, +)
        // A ratio too large to count (losses of a few hundred-millionths) is as good as infinite.
        let factor: JournalDashboard.ProfitFactor = lost.isZero ? (won > .zero ? .infinite : .ratio(.zero)) : won.divided(by: lost).map { .ratio($0) } ?? .infinite
        let count = FixedDecimal(max(trades.count, 1))
        // As the web app's chart: each trade under the UTC date of its first buy (a buy at
        // 20:30 in New York is the next day's), not the trade date the day list uses.
        var running = FixedDecimal.zero
        let byDay = Dictionary(grouping: trades) { String(JournalTime.javaScriptISO($0.firstExecTime).prefix(10)) }
            .map { (date: $0.key, profitLoss: $0.value.reduce(FixedDecimal.zero) { $0 + $1.profitLoss }) }
            .sorted { $0.date < $1.date }
            .map { day -> (date: String, profitLoss: FixedDecimal) in
                running += day.profitLoss
                return (day.date, running)
            }
        return JournalDashboard(trades: trades.count, netProfitLoss: net, profitFactor: factor,
                                winRate: trades.isEmpty ? .zero : FixedDecimal(wins.count * 100).divided(by: count)!,
                                expectancy: trades.isEmpty ? .zero : net.divided(by: count)!,
                                averageWin: wins.isEmpty ? nil : won.divided(by: FixedDecimal(wins.count)),
                                averageLoss: losses.isEmpty ? nil : (-lost).divided(by: FixedDecimal(losses.count)),
                                largestWin: wins.max(), largestLoss: losses.min(), cumulativeByDay: byDay)
    }
}
