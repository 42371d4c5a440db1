import Foundation
import TerminalKit
import ClientComposition
import FixedPoint
import Transactions
import Analytics

/// `invest chart TICKER`: a price line chart, from the ticker's daily closes.
struct ChartCommand: Command {
    let history: () throws -> TickerHistoryLoading
    let spec = CommandSpec(
        name: "chart", summary: "A ticker's daily closes as a line chart, in the terminal or as SVG",
        options: [Self.from, WindowOptions.to, Self.svg, Self.format],
        arguments: [.required("TICKER", completes: .ticker)])
    static let from = CommandSpec.Value<TypedDay>.day("from", "First day (default: a year before --to)")
    static let svg = SVGFile.option("Also write the chart as a standalone SVG file")
    static let format = CommandSpec.Value<OutputFormat>.format("Output format (default: table, the chart)")

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[Self.format] ?? .table
        guard let ticker = TransactionValidator.normalizedTicker(arguments.positionals[0]) else {
            throw CLIError.usage("'\(arguments.positionals[0].escapedForTerminal)' is not a ticker symbol.")
        }
        let (given, to) = try AnalyticsPresentation.window(arguments, from: Self.from, today: io.today)
        let from = given ?? to.adding(days: -365)
        let loader = try history()
        let found: TickerHistory
        do throws(PriceHistoryError) {
            found = try loader.history(of: ticker, from: from, to: to)
        } catch {
            throw AnalyticsPresentation.cliError(error)
        }
        let problem = found.providerFailure.map(AnalyticsPresentation.candlesProblem)
        guard !found.closes.isEmpty else {
            throw CLIError.runtime((problem.map { $0 + " " } ?? "") + "No closes of \(ticker) from \(from.iso) to \(to.iso) are kept here. "
                + "Import some with 'invest price import FILE' (a CSV of date,ticker,close, or a download with --ticker \(ticker)).")
        }
        if let problem { io.console.writeNotice("invest: warning: \(problem) Showing the closes kept here.\n") }
        let plot = AnalyticsPresentation.pricePlot(found.closes)
        let title = "\(ticker) daily closes" + (found.source == .sample ? " (sample, not market data)" : "")
        if let path = try arguments[Self.svg] { try SVGFile.write(SVGChart.render(plot, title: title), to: path, what: "the chart", io: io) }
        switch format {
        case .json:
            io.console.write(JSON.document([("ticker", .string(ticker)), ("source", .string(found.source.rawValue)),
                                             ("from", .string(from.iso)), ("to", .string(to.iso)), ("closes", closesReport(found).json)]).rendered())
        case .csv:
            io.console.write(closesReport(found).render(.csv, colors: false))
        case .table:
            let first = found.closes.first!, last = found.closes.last!
            let change = (last.close - first.close).scaled(by: FixedDecimal(100), over: first.close)
            io.console.write("\(title)\n\(first.day.iso) – \(last.day.iso): \(Formatted.money(first.close)) → \(Formatted.money(last.close))"
                + (change.map { " (\($0.isNegative ? "" : "+")\(Formatted.percent($0)))" } ?? "") + "\n")
            io.console.write(LineChart.render(plot, width: min(io.tableWidth ?? 80, 160), colors: io.usesColor))
        }
    }

    private func closesReport(_ history: TickerHistory) -> Report {
        var report = Report(columns: [.init(title: "DATE", key: "date", alignment: .left), .init(title: "CLOSE", key: "close", alignment: .right)])
        report.rows = history.closes.map { [.text($0.day.iso), .money($0.close)] }
        return report
    }
}
