import TerminalKit
import ClientComposition
import FixedPoint
import CurrentPrices
import NetWorth
import Ledger

/// `invest networth`: holdings, cash in every currency and savings, in the base currency.
struct NetWorthCommand: Command {
    let prices: (_ offline: Bool) throws -> (PricesLoading, PriceMode)
    let netWorth: (_ prices: PricesLoading, _ offline: Bool) throws -> NetWorthComputing
    let overTime: (_ prices: PricesLoading, _ offline: Bool) throws -> NetWorthHistoryComputing
    let accounts: () throws -> AccountsView
    /// A row a day over years is long: at a terminal it goes through the pager, as `list` does.
    let pagesOutput = true
    let spec = CommandSpec(
        name: "networth", summary: "What you own in the base currency: every account's holdings and cash, and your savings",
        discussion: "Holdings are at the portfolio's prices, a price in pence counted as pounds; each amount is converted at the ECB's latest "
            + "reference rate on or before today (fetched once a day, kept for --offline). Cash counts once an account has a deposit. "
            + "What has no price or no rate is named and left out of the total, never counted as 0. "
            + "Over time (--interval, --chart, --svg), each period's end is valued at the closes kept on or before it and that day's rate.",
        options: [Self.by, Self.interval, Self.from, Self.to, Self.chart, Self.svg, Self.offline, StandardOptions.format] + TableOptions.all,
        positionals: 0...0)
    static let by = CommandSpec.Value<NetWorth.Grouping>("by", "account|kind|currency", "Total by account, by kind (holding, cash, savings) or by currency") { text in
        guard let grouping = NetWorth.Grouping(rawValue: text.lowercased()) else {
            throw CLIError.usage("--by takes account, kind or currency, not '\(text.escapedForTerminal)'."
                + ArgumentParser.suggestion(for: text.lowercased(), among: NetWorth.Grouping.allCases.map(\.rawValue)))
        }
        return grouping
    }
    static let interval = IntervalOption.value("The net worth at each period's end, from the first record (or --from) to today (or --to)",
                                               read: NetWorthTimeline.Interval.init(rawValue:))
    static let from = CommandSpec.Value<TypedDay>.day("from", "With --interval: the first day (YYYY-MM-DD, -Nd; default: the first record's)")
    static let to = CommandSpec.Value<TypedDay>.day("to", "With --interval: the last day (default: today)")
    static let chart = CommandSpec.Flag("chart", "Draw the net worth over time (monthly unless --interval says otherwise)")
    static let svg = SVGFile.option("Also write the net worth over time as a standalone SVG file")
    static let offline = CommandSpec.Flag("offline", "Use cached prices and kept rates only; never touch the network")

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[StandardOptions.format] ?? .table
        let grouping = try arguments[Self.by]
        let offline = arguments[Self.offline]
        let (loader, mode) = try prices(offline)
        if arguments.isGiven(Self.interval) || arguments[Self.chart] || arguments.isGiven(Self.svg) {
            guard grouping == nil else { throw CLIError.usage("--by totals today's net worth; leave it out to see the net worth over time.") }
            return try runOverTime(try overTime(loader, offline), format: format, arguments: arguments, io: io)
        }
        let computing = try netWorth(loader, offline)
        let answer: (netWorth: NetWorth, prices: [String: Result<LoadedPrice, PriceLoadingError>])
        do throws(NetWorthError) {
            answer = try computing.netWorth()
        } catch {
            throw error.cliError
        }
        let presentation = NetWorthPresentation(netWorth: answer.netWorth, names: try accounts())
        let report = grouping.map(presentation.totals(by:)) ?? presentation.items()
        switch format {
        case .table where answer.netWorth.items.isEmpty:
            io.console.write("Nothing to count yet: add a transaction with 'invest add' or a savings account with 'invest savings add'.\n")
        case .table:
            io.console.write(report.render(.table, colors: io.usesColor))
            io.console.write(presentation.totalLine)
        case .json:
            io.console.write(presentation.document(report: report, grouping: grouping).rendered())
        case .csv:
            io.console.write(report.render(.csv, colors: false))
        }
        for warning in PricePresentation(now: io.now).warnings(mode: mode, results: answer.prices) { io.console.writeNotice("invest: warning: \(warning)\n") }
        for warning in presentation.unvaluedWarnings { io.console.writeNotice("invest: warning: \(warning)\n") }
    }
}

extension NetWorthCommand {
    /// One row per period end: holdings, cash, savings and their total.
    private func runOverTime(_ history: NetWorthHistoryComputing, format: OutputFormat, arguments: ParsedArguments, io: CommandIO) throws {
        let interval = try arguments[Self.interval] ?? .month
        if arguments[Self.chart], format != .table {
            throw CLIError.usage("--chart draws for a terminal; leave out --format, or leave out --chart for the data.")
        }
        let (from, to) = try AnalyticsPresentation.window(arguments, from: Self.from, to: Self.to, today: io.today)
        let points: [NetWorthPoint]
        do throws(NetWorthError) {
            points = try history.netWorth(from: from, to: to, interval: interval)
        } catch {
            throw error.cliError
        }
        guard !points.isEmpty else {
            return io.console.write("Nothing to count yet: add a transaction with 'invest add' or a savings account with 'invest savings add'.\n")
        }
        let plot = Plot(points: points.map { Plot.Point(at: $0.day.startDate, value: $0.total) }, valueLabel: { Formatted.money($0) },
                        timeLabel: { CalendarDay(containing: $0).iso })
        if let path = try arguments[Self.svg] { try SVGFile.write(SVGChart.render(plot, title: "Net worth"), to: path, what: "the chart", io: io) }
        if arguments[Self.chart] {
            io.console.write("Net worth, \(points.first!.day.iso) – \(points.last!.day.iso)\n")
            io.console.write(TerminalChart.render(plot, width: min(io.tableWidth ?? 80, 160), colors: io.usesColor))
            return Self.notes(points, io: io)
        }
        var report = Report(columns: [
            .init(title: "PERIOD END", key: "date", alignment: .left), .init(title: "HOLDINGS", key: "holdings", alignment: .right),
            .init(title: "CASH", key: "cash", alignment: .right), .init(title: "SAVINGS", key: "savings", alignment: .right),
            .init(title: "NET WORTH", key: "netWorth", alignment: .right), .init(title: "AT TRADE PRICE", key: "atTradePrice", alignment: .right),
            .init(title: "NOT VALUED", key: "unvalued", alignment: .right)])
        report.rows = points.map { [.text($0.day.iso), .money($0.holdings), .money($0.cash), .money($0.savings), .money($0.total), .count($0.atTradePrice),
                                    .count($0.unvalued)] }
        io.console.write(report.render(format, style: try io.tableStyle(arguments, for: report)))
        if format == .table { Self.notes(points, io: io) }
    }

    /// What the figures over time could not value as today's are, said once.
    private static func notes(_ points: [NetWorthPoint], io: CommandIO) {
        if points.contains(where: { $0.atTradePrice > 0 }) {
            io.console.writeNotice("invest: note: a holding without a close kept on or before a day (see 'invest price fetch') is valued that day "
                + "at its last trade's price, as 'invest performance' values it; AT TRADE PRICE counts them.\n")
        }
        if points.contains(where: { $0.unvalued > 0 }) {
            io.console.writeNotice("invest: note: NOT VALUED counts the amounts without a rate for the day; they are left out of that day's net worth.\n")
        }
    }
}
