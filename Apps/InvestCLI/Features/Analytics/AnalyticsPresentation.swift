import Foundation
import TerminalKit
import ClientComposition
import FixedPoint
import Transactions
import Analytics
import Ledger
import CurrentPrices

/// How returns and performance read to a person.
struct AnalyticsPresentation {
    /// The days `from` and `to` name, the last today unless given.
    static func window(_ arguments: ParsedArguments, from: CommandSpec.Value<TypedDay> = WindowOptions.from, to: CommandSpec.Value<TypedDay> = WindowOptions.to,
                       today: CalendarDay) throws -> (CalendarDay?, CalendarDay) {
        let first = try arguments[from]?.day(today: today), last = try arguments[to]?.day(today: today) ?? today
        if let first, first > last { throw CLIError.usage("--from \(first.iso) is after --to \(last.iso); did you swap them?") }
        return (first, last)
    }

    /// The series, today valued as the portfolio values it; in sample mode, with its warning.
    static func series(_ measure: (_ offline: Bool) throws -> (PerformanceMeasuring, PriceMode), _ arguments: ParsedArguments,
                       from: CalendarDay?, to: CalendarDay, io: CommandIO) throws -> PerformanceSeries {
        let (measuring, mode) = try measure(arguments[WindowOptions.offline])
        if mode == .sample, to >= io.today { io.console.writeNotice("invest: warning: today is valued at \(RemoteServices.samplePricesWarning)\n") }
        do throws(MeasurePerformanceError) {
            return try measuring.series(from: from, to: to)
        } catch {
            switch error {
            case let .transactions(failure): throw TransactionPresentation.error(failure)
            case let .prices(failure): throw cliError(failure)
            case let .manualPrices(failure): throw CLIError.runtime("the manual prices could not be read: \(failure.userMessage)")
            case let .conversion(failure): throw failure.cliError
            }
        }
    }

    /// Why the history provider gave no closes, in words a user can act on.
    static func candlesProblem(_ error: CandlesError) -> String {
        switch error {
        case .noAccess:
            return "Your Finnhub plan doesn't include daily candles (it answered \"You don't have access\"; free keys get only quotes). "
                + "A free Twelve Data key (TWELVE_DATA_API_KEY) has daily history."
        case .unauthorized: return "The history provider refused the API key; check TWELVE_DATA_API_KEY (or FINNHUB_API_KEY)."
        case .rateLimited: return "The history provider's rate limit was reached within --max-wait; run again in a minute to fetch the rest."
        case .connectivity: return "The history provider could not be reached."
        case .invalidData: return "The history provider's answer for daily closes could not be read."
        }
    }

    /// Closes as a line on an axis fitted to them: a price moves, it doesn't fill from zero.
    static func pricePlot(_ closes: [DailyClose]) -> Plot {
        Plot(points: closes.map { Plot.Point(at: $0.day.startDate, value: $0.close) }, shape: .line, baseline: .fitted,
             valueLabel: { Formatted.money($0) }, timeLabel: { CalendarDay(containing: $0).iso })
    }

    static func cliError(_ error: PriceHistoryError) -> CLIError {
        switch error {
        case let .invalidRows(rows, _): return .usage("nothing was imported; fix these rows:\n" + TransactionPresentation.indented(rows.map(\.description)))
        case let .store(failure): return .runtime("the price history could not be read or saved: \(failure.userMessage)")
        case let .unreadable(failure): return .runtime("the price history could not be read: \(failure.userMessage)")
        }
    }

    static func convention(_ convention: FlowConvention) -> String {
        switch convention {
        case .deposits: return "your deposits and withdrawals (cash is tracked, and the value includes it)"
        case .trades: return "buys and fees in, sells and dividends out (no deposit, so cash isn't tracked)"
        }
    }

    struct Period {
        let last: DailyPoint
        let inflow: FixedDecimal
        let outflow: FixedDecimal
    }

    /// Each period as at its last day in the series, with the money in and out during it. Weeks end on Sunday.
    static func periods(_ points: [DailyPoint], interval: String) -> [Period] {
        func key(_ day: CalendarDay) -> Int {
            switch interval {
            case "day": return Int(day.daysSinceEpoch)
            case "week": return Int((day.daysSinceEpoch + 3).floorDivided(by: 7))  // 1970-01-01 was a Thursday
            default: return Int(day.iso.prefix(7).replacingOccurrences(of: "-", with: ""))!
            }
        }
        var periods: [Period] = []
        var inflow = FixedDecimal.zero, outflow = FixedDecimal.zero
        for (position, point) in points.enumerated() {
            inflow += point.inflow
            outflow += point.outflow
            if position == points.count - 1 || key(points[position + 1].day) != key(point.day) {
                periods.append(Period(last: point, inflow: inflow, outflow: outflow))
                (inflow, outflow) = (.zero, .zero)
            }
        }
        return periods
    }

    func heading(_ returns: Returns) -> String {
        "Returns, \(returns.from.iso) to \(returns.to.iso) (\(Plural.count(returns.days, "day"))): money in \(Formatted.money(returns.moneyIn)), "
            + "out \(Formatted.money(returns.moneyOut)), value at the end \(Formatted.money(returns.finalValue)).\n"
            + "Money in and out: \(Self.convention(returns.convention)).\n\n"
    }

    func measures(_ returns: Returns) -> Report {
        var report = Report(columns: [.init(title: "MEASURE", key: "measure", alignment: .left), .init(title: "PERIOD", key: "period", alignment: .right),
                                      .init(title: "ANNUALIZED", key: "annualized", alignment: .right)])
        report.rows = [
            [.text("ROI"), rate(returns.roi), rate(returns.annualizedROI)],
            [.text("Time-weighted (TWR)"), rate(returns.twr), rate(returns.annualizedTWR)],
            [.text("Money-weighted (XIRR)"), rate(nil), rate(returns.xirr)],
            [.text("Volatility"), rate(nil), rate(returns.volatility)],
            [.text("Max drawdown"), rate(returns.maxDrawdown?.depth ?? 0), rate(nil)],
        ]
        return report
    }

    /// Yours and the benchmark's, side by side: the benchmark held alone (time-weighted) and the
    /// same money in it (money-weighted).
    func measures(_ comparison: BenchmarkComparison) -> Report {
        let yours = comparison.yours, theirs = comparison.benchmark
        var report = Report(columns: [.init(title: "MEASURE", key: "measure", alignment: .left), .init(title: "PERIOD", key: "period", alignment: .right),
                                      .init(title: "ANNUALIZED", key: "annualized", alignment: .right),
                                      .init(title: comparison.symbol + " PERIOD", key: "benchmarkPeriod", alignment: .right),
                                      .init(title: comparison.symbol + " ANNUALIZED", key: "benchmarkAnnualized", alignment: .right)])
        report.rows = [
            [.text("ROI"), rate(yours.roi), rate(yours.annualizedROI), rate(nil), rate(nil)],
            [.text("Time-weighted (TWR)"), rate(yours.twr), rate(yours.annualizedTWR), rate(theirs.twr), rate(theirs.annualizedTWR)],
            [.text("Money-weighted (XIRR)"), rate(nil), rate(yours.xirr), rate(nil), rate(comparison.replayXIRR)],
            [.text("Volatility"), rate(nil), rate(yours.volatility), rate(nil), rate(theirs.volatility)],
            [.text("Max drawdown"), rate(yours.maxDrawdown?.depth ?? 0), rate(nil), rate(theirs.maxDrawdown?.depth ?? 0), rate(nil)],
        ]
        return report
    }

    /// The same money in the benchmark, and one sentence on which way it went and why.
    func benchmarkText(_ comparison: BenchmarkComparison) -> String {
        let symbol = comparison.symbol
        var text = "The same money in \(symbol) (each of your flows bought or sold it at that day's close): "
            + "\(Formatted.money(comparison.replayValue)) today, against your \(Formatted.money(comparison.yours.finalValue)) "
            + "(\(Formatted.signedMoney(comparison.moneyDifference)))"
            + (comparison.moneyWeightedPoints.map { ", \(points($0)) a year money-weighted" } ?? "") + ".\n"
        if let verdict = verdict(comparison) { text += verdict + "\n" }
        return text
    }

    /// Which way it went, time- and money-weighted, and why they can disagree.
    func verdict(_ comparison: BenchmarkComparison) -> String? {
        guard let time = comparison.timeWeightedPoints, let money = comparison.moneyWeightedPoints else { return nil }
        let symbol = comparison.symbol
        // What rounds to no difference is none: holding the benchmark alone matches it.
        if points(abs(time)) == points(0), points(abs(money)) == points(0) {
            return "You matched \(symbol) both ways: \(points(0)) a year apart, time- and money-weighted."
        }
        switch (time >= 0, money >= 0) {
        case (true, true):
            return "You beat \(symbol) both ways: by \(points(time)) a year time-weighted and \(points(money)) money-weighted."
        case (false, false):
            return "\(symbol) beat you both ways: by \(points(-time)) a year time-weighted and \(points(-money)) money-weighted."
        case (true, false):
            return "You beat \(symbol) by \(points(time)) a year time-weighted, but your money-weighted return trails it by \(points(-money)), "
                + "because of when your money arrived" + arrival(comparison) + "."
        case (false, true):
            return "\(symbol) beat you by \(points(-time)) a year time-weighted, but your money-weighted return is \(points(money)) ahead, "
                + "because of when your money arrived" + arrival(comparison) + "."
        }
    }

    /// When half your money had arrived, and how each side moved before and after: the timing
    /// that makes a money-weighted comparison differ from a time-weighted one.
    private func arrival(_ comparison: BenchmarkComparison) -> String {
        guard let gap = ReturnGap.of(comparison.yours) else { return "" }
        let index = comparison.benchmark.index
        let start = index.first?.value ?? 1, middle = index.last { $0.day <= gap.midpoint }?.value ?? start, end = index.last?.value ?? start
        return ": half of it had arrived only by \(Self.month(gap.midpoint)); up to then your holdings moved \(signed(gap.before)) and "
            + "\(comparison.symbol) \(signed(middle / start - 1)), after it \(signed(gap.after)) and \(signed(end / middle - 1))"
    }

    private func points(_ value: Double) -> String { String(format: "%.1f points", value) }

    func risk(_ returns: Returns) -> String {
        var text = "\nVolatility: the standard deviation of the daily TWR returns, every calendar day, × √365.\n"
        if let drawdown = returns.maxDrawdown {
            text += "Max drawdown: \(percent(drawdown.depth)) from the peak of \(drawdown.peak.iso) to \(drawdown.trough.iso); "
                + (drawdown.recovery.map { "recovered \($0.iso)." } ?? "not recovered.") + "\n"
        } else {
            text += "Max drawdown: none; the time-weighted index never fell.\n"
        }
        return text
    }

    /// One sentence on why XIRR and TWR differ, for this history.
    func explanation(_ returns: Returns) -> String? {
        guard let gap = ReturnGap.of(returns) else { return nil }
        let month = Self.month(gap.midpoint)
        if abs(gap.difference) < 0.005 {
            return "your money-weighted and time-weighted returns are within half a point of each other, so when your money came in made little difference."
        }
        let stretches = "(TWR \(signed(gap.before)) up to then, \(signed(gap.after)) after)"
        if gap.difference < 0, gap.after < gap.before {
            return "half your money had arrived only by \(month), after the stronger stretch \(stretches), so your money-weighted return is below the time-weighted one."
        }
        if gap.difference > 0, gap.after > gap.before {
            return "half your money had arrived by \(month), before the stronger stretch \(stretches), so your money-weighted return is above the time-weighted one."
        }
        return "your deposits and withdrawals fell around the larger moves \(stretches), which weighs those moves more in the money-weighted return, "
            + "putting it \(gap.difference < 0 ? "below" : "above") the time-weighted one."
    }

    func document(_ returns: Returns, benchmark comparison: BenchmarkComparison? = nil) -> JSONValue {
        func exact(_ value: Double?) -> JSONValue { .text(value.map { String(format: "%.10f", $0) }) }
        let benchmark: JSONValue = comparison.map { comparison in
            let theirs = comparison.benchmark
            return .object([
                ("symbol", .string(comparison.symbol)), ("twr", exact(theirs.twr)), ("annualizedTWR", exact(theirs.annualizedTWR)),
                ("volatility", exact(theirs.volatility)), ("maxDrawdown", exact(theirs.maxDrawdown?.depth ?? 0)),
                ("sameMoneyValue", .text(comparison.replayValue.description)), ("sameMoneyUnits", .text(comparison.replayUnits.description)),
                ("sameMoneyXIRR", exact(comparison.replayXIRR)), ("difference", .text(comparison.moneyDifference.description)),
                ("timeWeightedPoints", exact(comparison.timeWeightedPoints)), ("moneyWeightedPoints", exact(comparison.moneyWeightedPoints)),
                ("verdict", .text(verdict(comparison))),
            ])
        } ?? .null
        return .object([
            ("from", .string(returns.from.iso)), ("to", .string(returns.to.iso)), ("days", .count(returns.days)),
            ("flowConvention", .string(returns.convention.rawValue)),
            ("moneyIn", .text(returns.moneyIn.description)), ("moneyOut", .text(returns.moneyOut.description)),
            ("finalValue", .text(returns.finalValue.description)),
            ("roi", exact(returns.roi)), ("annualizedROI", exact(returns.annualizedROI)), ("twr", exact(returns.twr)),
            ("annualizedTWR", exact(returns.annualizedTWR)), ("xirr", exact(returns.xirr)), ("volatility", exact(returns.volatility)),
            ("maxDrawdown", exact(returns.maxDrawdown?.depth ?? 0)), ("drawdownPeak", .text(returns.maxDrawdown?.peak.iso)),
            ("drawdownTrough", .text(returns.maxDrawdown?.trough.iso)), ("drawdownRecovery", .text(returns.maxDrawdown?.recovery?.iso)),
            ("explanation", .text(explanation(returns))),
            ("benchmark", benchmark),
        ])
    }

    private func rate(_ value: Double?) -> Cell {
        Cell(shown: value.map(percent) ?? "—", value: .text(value.map { String(format: "%.10f", $0) }))
    }

    private func percent(_ value: Double) -> String { String(format: "%.2f%%", value * 100) }
    private func signed(_ value: Double) -> String { (value >= 0 ? "+" : "") + percent(value) }

    private static func month(_ day: CalendarDay) -> String {
        let names = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        let parts = day.iso.split(separator: "-")
        return "\(names[Int(parts[1])! - 1]) \(parts[0])"
    }
}

extension CalendarDay {
    /// Midnight UTC at the start of the day, for charts.
    var startDate: Date { Date(timeIntervalSince1970: TimeInterval(daysSinceEpoch) * 86_400) }
}

private extension Int32 {
    func floorDivided(by divisor: Int32) -> Int32 { self >= 0 ? self / divisor : (self - divisor + 1) / divisor }
}

/// The window a series covers, and how today is valued: what `AnalyticsPresentation.series` reads.
enum WindowOptions {
    static let from = CommandSpec.Value<TypedDay>.day("from", "First day (default: the first transaction)")
    static let to = CommandSpec.Value<TypedDay>.day("to", "Last day (default: today)")
    static let offline = CommandSpec.Flag("offline", "Value today's holdings from cached, manual and kept prices; never touch the network")
    static let all: [any OptionDeclaring] = [from, to, offline]
}
