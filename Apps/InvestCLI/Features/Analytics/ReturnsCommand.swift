import Foundation
import TerminalKit
import ClientComposition
import FixedPoint
import Transactions
import Analytics
import Ledger
import CurrentPrices

/// `invest returns`: ROI, TWR and XIRR side by side, with risk, and why they differ.
struct ReturnsCommand: Command {
    let measure: (_ offline: Bool) throws -> (PerformanceMeasuring, PriceMode)
    let benchmark: BenchmarkOption
    let spec = CommandSpec(
        name: "returns", summary: "ROI, time-weighted (TWR) and money-weighted (XIRR) returns side by side, with volatility, drawdown and why they differ",
        options: WindowOptions.all + [Self.flows, BenchmarkOption.option, StandardOptions.format] + TableOptions.all,
        positionals: 0...0)
    static let flows = CommandSpec.Flag("flows", "Print the cash flows XIRR solves for")

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[StandardOptions.format] ?? .table
        let (from, to) = try AnalyticsPresentation.window(arguments, today: io.today)
        let series = try AnalyticsPresentation.series(measure, arguments, from: from, to: to, io: io)
        guard let returns = Returns.measure(series) else {
            if format == .table { return io.console.write("No transactions yet, so there is no return to measure.\n") }
            return io.console.write(format == .json ? "null\n" : "")
        }
        if arguments[Self.flows] {
            var report = Report(columns: [.init(title: "DATE", key: "date", alignment: .left), .init(title: "AMOUNT", key: "amount", alignment: .right),
                                          .init(title: "WHAT", key: "what", alignment: .left)])
            report.rows = returns.flows.map { flow in
                let what = flow.isFinalValue ? "value at the end of the day" : flow.amount < .zero ? "money in" : "money out"
                return [.text(flow.day.iso), .money(flow.amount), .text(what)]
            }
            return io.console.write(report.render(format, style: try io.tableStyle(arguments, for: report)))
        }
        let presenter = AnalyticsPresentation()
        let comparison = try benchmark.comparison(arguments, returns)
        let measures = comparison.map(presenter.measures) ?? presenter.measures(returns)
        switch format {
        case .table:
            // Prose is broken between words at a terminal; into a file or a pipe, a paragraph is a line.
            let width = io.console.isTerminalOutput ? io.tableWidth : nil
            func prose(_ text: String) -> String { width.map { HelpText.paragraphs(text, width: $0) } ?? text }
            io.console.write(prose(presenter.heading(returns)))
            io.console.write(measures.render(.table, style: try io.tableStyle(arguments, for: measures)))
            io.console.write(prose(presenter.risk(returns)))
            if let why = presenter.explanation(returns) { io.console.write(prose("\nWhy they differ: \(why)\n")) }
            if let comparison { io.console.write(prose("\n" + presenter.benchmarkText(comparison))) }
        case .csv:
            io.console.write(measures.render(.csv, colors: false))
        case .json:
            io.console.write(presenter.document(returns, benchmark: comparison).rendered())
        }
    }
}

/// `invest performance`: net contributions, value, cash and profit per day, week or month.
struct PerformanceCommand: Command {
    let measure: (_ offline: Bool) throws -> (PerformanceMeasuring, PriceMode)
    let benchmark: BenchmarkOption
    let spec = CommandSpec(
        name: "performance", summary: "Net contributions, market value, cash and profit per day, week or month, or as a chart",
        options: WindowOptions.all + [Self.interval, BenchmarkOption.option, Self.chart, Self.svg, StandardOptions.format] + TableOptions.all,
        positionals: 0...0)
    static let interval = IntervalOption.value("One row per period, as at its last day (default: month)") { $0 }
    static let chart = CommandSpec.Flag("chart", "Draw the value over time instead of the table")
    static let svg = SVGFile.option("Also write the value over time as a standalone SVG file")

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[StandardOptions.format] ?? .table
        let interval = try arguments[Self.interval] ?? "month"
        let (from, to) = try AnalyticsPresentation.window(arguments, today: io.today)
        let series = try AnalyticsPresentation.series(measure, arguments, from: from, to: to, io: io)
        if arguments[Self.chart], format != .table {
            throw CLIError.usage("--chart draws for a terminal; leave out --format, or leave out --chart for the data.")
        }
        if format == .table, series.points.isEmpty { return io.console.write("No transactions yet, so there is no performance to show.\n") }
        let comparison = try Returns.measure(series).flatMap { try benchmark.comparison(arguments, $0) }
        if let comparison, arguments[Self.chart] || arguments.isGiven(Self.svg) {
            return try chart(comparison, arguments, io: io)
        }
        let plot = Plot(points: series.points.map { Plot.Point(at: $0.day.startDate, value: $0.value, marked: !$0.inflow.isZero || !$0.outflow.isZero) },
                        valueLabel: { Formatted.money($0) }, timeLabel: { CalendarDay(containing: $0).iso })
        if let path = try arguments[Self.svg] { try SVGFile.write(SVGChart.render(plot, title: "Portfolio value"), to: path, what: "the chart", io: io) }
        if arguments[Self.chart] {
            io.console.write("Value, \(series.points.first!.day.iso) – \(series.points.last!.day.iso) (dots: money in or out)\n")
            return io.console.write(TerminalChart.render(plot, width: min(io.tableWidth ?? 80, 160), colors: io.usesColor))
        }
        let periods = AnalyticsPresentation.periods(series.points, interval: interval)
        // With a benchmark, the same money in it at each period's end, beside your value.
        let sameMoney = comparison.map { Dictionary($0.sameMoney.map { ($0.day, $0.value) }) { $1 } }
        var report = Report(columns: [
            .init(title: "PERIOD END", key: "date", alignment: .left), .init(title: "IN", key: "moneyIn", alignment: .right),
            .init(title: "OUT", key: "moneyOut", alignment: .right), .init(title: "NET CONTRIBUTIONS", key: "netContributions", alignment: .right),
            .init(title: "MARKET VALUE", key: "marketValue", alignment: .right), .init(title: "CASH", key: "cash", alignment: .right),
            .init(title: "PROFIT", key: "profit", alignment: .right)]
            + (comparison.map { [.init(title: $0.symbol + " SAME MONEY", key: "benchmarkSameMoney", alignment: .right)] } ?? []))
        report.rows = periods.map { period in
            [.text(period.last.day.iso), .money(period.inflow), .money(period.outflow), .money(period.last.netContributions),
             .money(period.last.marketValue), .money(period.last.cash), .profit(period.last.profit, shown: Formatted.signedMoney(period.last.profit))]
                + (sameMoney.map { [.money($0[period.last.day])] } ?? [])
        }
        io.console.write(report.render(format, style: try io.tableStyle(arguments, for: report)))
        if format == .table {
            io.console.writeNotice("invest: note: money in and out are \(AnalyticsPresentation.convention(series.convention)).\n")
        }
    }

    /// Yours and the benchmark's time-weighted growth of 100, from the same start.
    private func chart(_ comparison: BenchmarkComparison, _ arguments: ParsedArguments, io: CommandIO) throws {
        func points(_ index: [(day: CalendarDay, value: Double)]) -> [Plot.Point] {
            index.compactMap { point in FixedDecimal(String(format: "%.4f", point.value * 100)).map { Plot.Point(at: point.day.startDate, value: $0) } }
        }
        let plot = Plot(points: points(comparison.yours.index), comparison: points(comparison.benchmark.index), shape: .line, baseline: .fitted,
                        valueLabel: { $0.formatted(fractionDigits: 1) }, timeLabel: { CalendarDay(containing: $0).iso })
        let title = "Growth of 100, time-weighted: you and \(comparison.symbol)"
        if let path = try arguments[Self.svg] {
            try SVGFile.write(SVGChart.render(plot, title: title, legend: ("you", comparison.symbol)), to: path, what: "the chart", io: io)
        }
        guard arguments[Self.chart] else { return }
        io.console.write("\(title), \(comparison.yours.from.iso) – \(comparison.yours.to.iso) "
            + "(\(io.usesColor ? "blue" : "dotted"): \(comparison.symbol))\n")
        io.console.write(LineChart.render(plot, width: min(io.tableWidth ?? 80, 160), colors: io.usesColor))
    }
}
