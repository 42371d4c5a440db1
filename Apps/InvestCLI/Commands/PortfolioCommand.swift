import Foundation
import AppSupport
import FixedPoint
import Transactions
import CurrentPrices
import Portfolio

struct PortfolioCommand: Command {
    let prices: (_ offline: Bool) throws -> (PricesLoading, PriceMode)
    let display: (_ prices: PricesLoading) throws -> PortfolioDisplaying
    let spec = CommandSpec(
        name: "portfolio", summary: "Show holdings, their value and your profit",
        usage: "portfolio [--offline] [--sort value|ticker|profit] [--format table|json|csv]",
        options: [.flag("offline", "Use cached prices only; never touch the network"),
                  .value("sort", "value|ticker|profit", "Order of the holdings (default: value, largest first)"),
                  .value("format", "table|json|csv", "Output format (default: table)")],
        positionals: 0...0)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try OutputFormat.parse(arguments.value("format"))
        let sortText = arguments.value("sort") ?? "value"
        guard let sort = PortfolioSort(rawValue: sortText) else { throw CLIError.usage("--sort must be value, ticker or profit, not '\(sortText)'.") }
        let (loader, mode) = try prices(arguments.has("offline"))
        let portfolio = try display(loader)
        let report: PortfolioReport
        do throws(DisplayPortfolioError) {
            report = try portfolio.display(sort: sort)
        } catch {
            throw error.cliError
        }
        let summary = report.summary

        let presenter = PricePresentation(now: io.now)
        if format == .table && summary.isEmpty {
            io.console.write("Your portfolio is empty. Add a transaction with 'invest add'.\n")
            return
        }
        io.console.write(presenter.portfolioReport(summary).render(format, colors: io.usesColor))
        if format == .table { io.console.write(presenter.summaryLine(summary)) }
        for warning in presenter.warnings(mode: mode, results: report.prices, summary: summary) { io.console.writeError("invest: warning: \(warning)\n") }
        if report.isUnvalued, mode != .offline {
            throw CLIError.runtime("no current price could be loaded, so nothing could be valued.")
        }
    }
}

struct QuoteCommand: Command {
    let prices: (_ offline: Bool) throws -> (PricesLoading, PriceMode)
    let spec = CommandSpec(
        name: "quote", summary: "Show current prices with their change and source",
        usage: "quote TICKER [TICKER…] [--offline] [--format table|json|csv]",
        options: [.flag("offline", "Use cached prices only"), .value("format", "table|json|csv", "Output format (default: table)")],
        positionals: 1...100)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try OutputFormat.parse(arguments.value("format"))
        let tickers = try arguments.positionals.map { text -> String in
            guard let ticker = TransactionValidator.normalizedTicker(text) else { throw CLIError.usage("'\(text)' is not a ticker symbol.") }
            return ticker
        }
        let (loader, mode) = try prices(arguments.has("offline"))
        let results = loader.loadPrices(for: tickers)
        let presenter = PricePresentation(now: io.now)
        io.console.write(presenter.quoteReport(tickers: tickers, results: results).render(format, colors: io.usesColor))
        if mode == .sample { io.console.writeError("invest: warning: \(RemoteServices.samplePricesWarning)\n") }
        let failures = tickers.filter { (try? results[$0]?.get()) == nil }
        if failures.count == Set(tickers).count { throw CLIError.runtime("no price could be loaded for \(failures.joined(separator: ", ")).") }
    }
}
