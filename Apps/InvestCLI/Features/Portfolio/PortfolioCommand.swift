import Foundation
import TerminalKit
import ClientComposition
import FixedPoint
import Transactions
import CurrentPrices
import Portfolio

struct PortfolioCommand: Command {
    let pagesOutput = true
    let prices: (_ offline: Bool) throws -> (PricesLoading, PriceMode)
    let refreshedPrices: () throws -> (PricesLoading, PriceMode)
    let display: (_ prices: PricesLoading, _ offline: Bool) throws -> PortfolioDisplaying
    let configuredCostBasis: () -> String?
    let trends: Trends
    let accounts: () throws -> AccountsView
    /// What holdings cost without --cost-basis or INVEST_COST_BASIS (the moving average most brokers show).
    static let defaultCostBasis = CostBasisMethod.average
    let spec = CommandSpec(
        name: "portfolio", summary: "Show holdings, their value and your profit",
        options: [Self.offline, Self.refresh, Self.sort, Self.costBasis, Self.by, Self.spark, StandardOptions.format] + TableOptions.all,
        exclusive: [[Self.offline, Self.refresh]], positionals: 0...0)
    static let offline = CommandSpec.Flag("offline", "Use cached prices only; never touch the network")
    static let refresh = CommandSpec.Flag("refresh", "Fetch every price now, even one fetched in the last 60 s")
    static let sort = CommandSpec.Value<PortfolioSort>("sort", "value|ticker|profit", "Order of the holdings (default: value, largest first)") { text in
        guard let sort = PortfolioSort(rawValue: text) else { throw CLIError.usage("--sort must be value, ticker or profit, not '\(text)'.") }
        return sort
    }
    static let costBasis = CostBasisOption.value(defaultingTo: Self.defaultCostBasis)
    static let by = CommandSpec.Value<String>("by", "account", "One portfolio per account, each with its own totals") { by in
        guard by == "account" else { throw CLIError.usage("--by takes account, not '\(by.escapedForTerminal)'." + ArgumentParser.suggestion(for: by, among: ["account"])) }
        return by
    }
    static let spark = CommandSpec.Flag("spark", "Add a sparkline of each holding's closes over the last \(Trends.days) days")

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[StandardOptions.format] ?? .table
        let sort = try arguments[Self.sort] ?? .value
        let costBasis = try CostBasisOption.method(arguments[Self.costBasis], configured: configuredCostBasis(), default: Self.defaultCostBasis)
        let byAccount = try arguments[Self.by] != nil
        let (loader, mode) = try arguments[Self.refresh] ? refreshedPrices() : prices(arguments[Self.offline])
        let portfolio = try display(loader, mode == .offline)
        if byAccount {
            return try runByAccount(portfolio, sort: sort, costBasis: costBasis, format: format, mode: mode, arguments: arguments, io: io)
        }
        let report: PortfolioReport
        do throws(DisplayPortfolioError) {
            report = try portfolio.display(sort: sort, costBasis: costBasis)
        } catch {
            throw error.cliError
        }
        let summary = report.summary
        let presenter = PricePresentation(now: io.now)
        var holdings = presenter.portfolioReport(summary, prices: report.prices, currencyGains: report.currencyGains)
        if arguments[Self.spark] { trends.add(to: &holdings, tickers: summary.holdings.map(\.ticker), today: io.today, io: io) }
        switch format {
        case .table where summary.isEmpty:
            return io.console.write("Your portfolio is empty. Add a transaction with 'invest add'.\n")
        case .table:
            io.console.write(holdings.render(.table, style: try io.tableStyle(arguments, for: holdings)))
            io.console.write(presenter.summaryLine(summary, colors: io.usesColor) + presenter.cashLine(report))
            if costBasis != .average { io.console.write("Cost basis: \(CostBasisOption.name(costBasis)).\n") }
        case .json:
            io.console.write(presenter.portfolioDocument(report, holdings: holdings, mode: mode, costBasis: costBasis).rendered())
        case .csv:
            io.console.write(holdings.render(.csv, colors: false))
        }
        for warning in presenter.warnings(mode: mode, results: report.prices) { io.console.writeNotice("invest: warning: \(warning)\n") }
        if report.isUnvalued {
            throw CLIError.runtime(mode == .offline
                ? "no cached price for \(Plural.brief(summary.unpricedTickers)), so nothing could be valued. Run 'invest portfolio' online once to cache prices."
                : "no current price could be loaded, so nothing could be valued.")
        }
    }
}

extension PortfolioCommand {
    /// `--by account`: each account's holdings and totals, as `--account NAME` would show them.
    private func runByAccount(_ portfolio: PortfolioDisplaying, sort: PortfolioSort, costBasis: CostBasisMethod, format: OutputFormat,
                              mode: PriceMode, arguments: ParsedArguments, io: CommandIO) throws {
        let reports: [(account: String?, report: PortfolioReport)]
        do throws(DisplayPortfolioError) {
            reports = try portfolio.displayByAccount(sort: sort, costBasis: costBasis)
        } catch {
            throw error.cliError
        }
        let names = try accounts()
        let presenter = PricePresentation(now: io.now)
        let sections = reports.map { (name: names.name(of: $0.account), report: $0.report, holdings: presenter.portfolioReport($0.report.summary, prices: $0.report.prices, currencyGains: $0.report.currencyGains)) }
        switch format {
        case .table where sections.isEmpty:
            return io.console.write("Your portfolio is empty. Add a transaction with 'invest add'.\n")
        case .table:
            for (index, section) in sections.enumerated() {
                io.console.write((index == 0 ? "" : "\n") + "Account: \(section.name.escapedForTerminal)\n")
                if !section.report.summary.holdings.isEmpty {
                    io.console.write(section.holdings.render(.table, style: try io.tableStyle(arguments, for: section.holdings)))
                }
                io.console.write(presenter.summaryLine(section.report.summary, colors: io.usesColor) + presenter.cashLine(section.report))
            }
            if costBasis != .average { io.console.write("Cost basis: \(CostBasisOption.name(costBasis)).\n") }
        case .json:
            io.console.write(JSON.document([("accounts", .array(sections.map { section in
                .object([("account", .string(section.name))]
                    + presenter.portfolioMembers(section.report, holdings: section.holdings, mode: mode, costBasis: costBasis))
            }))]).rendered())
        case .csv:
            // One header, then each account's holdings with its name in a last column.
            for (index, section) in sections.enumerated() {
                var holdings = section.holdings
                holdings.append(.init(title: "ACCOUNT", key: "account", alignment: .left), cells: holdings.rows.map { _ in .text(section.name) })
                let csv = holdings.render(.csv, colors: false)
                io.console.write(index == 0 ? csv : String(csv.drop { $0 != "\n" }.dropFirst()))
            }
        }
        let results = reports.reduce(into: [String: Result<LoadedPrice, PriceLoadingError>]()) { $0.merge($1.report.prices) { first, _ in first } }
        for warning in presenter.warnings(mode: mode, results: results) { io.console.writeNotice("invest: warning: \(warning)\n") }
        if results.priceServiceFailed { throw CLIError.runtime("no current price could be loaded, so nothing could be valued.") }
    }
}

struct QuoteCommand: Command {
    let prices: (_ offline: Bool) throws -> (PricesLoading, PriceMode)
    /// The units securities are priced in, where known (`invest security`).
    let units: () throws -> [String: String]
    let spec = CommandSpec(
        name: "quote", summary: "Show current prices with their change and source",
        options: [StandardOptions.offline, StandardOptions.format]
            + TableOptions.all,
        arguments: [.many("TICKER", completes: .ticker)], positionals: 1...100)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[StandardOptions.format] ?? .table
        let tickers = try arguments.positionals.map { text -> String in
            guard let ticker = TransactionValidator.normalizedTicker(text) else { throw CLIError.usage("'\(text.escapedForTerminal)' is not a ticker symbol.") }
            return ticker
        }
        let (loader, mode) = try prices(arguments[StandardOptions.offline])
        let results = loader.loadPrices(for: tickers)
        let presenter = PricePresentation(now: io.now)
        let report = presenter.quoteReport(tickers: tickers, results: results, units: try units())
        io.console.write(report.render(format, style: try io.tableStyle(arguments, for: report)))
        for warning in presenter.warnings(mode: mode, results: results) { io.console.writeNotice("invest: warning: \(warning)\n") }
        if results.priceServiceFailed { throw CLIError.runtime("no price could be loaded for \(tickers.joined(separator: ", ")).") }
    }
}
