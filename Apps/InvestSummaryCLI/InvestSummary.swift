import Foundation
import AppSupport
import Auth
import CurrentPrices
import Portfolio
import QuotesAPI
import Transactions

/// `invest-summary`: the remote-only client, standing in for seed 002's watch app. It signs in,
/// reads the account's transactions and live prices, and prints one answer: what the portfolio
/// is worth and the profit. No transaction store and no price cache: the session is its only file.
public enum InvestSummary {
    static let spec = CommandSpec(
        program: "invest-summary", name: "", summary: "Your portfolio's current value and profit, read from your account",
        usage: """
        [--home DIR] [--format table|json|csv]

        Uses the session saved by 'invest login', else signs in with $INVEST_EMAIL and $INVEST_PASSWORD.
        Exit codes: 0 success, 1 the account, the remote store or the prices failed, 2 usage error.
        """,
        options: [.value("home", "DIR", "Where the session is kept (default: as for invest)"),
                  .value("format", "table|json|csv", "Output format (default: table)")],
        positionals: 0...0)

    public static func run(_ arguments: [String], context: InvestContext) -> Int32 {
        context.exitStatus(program: "invest-summary") {
            let parsed = try ArgumentParser.parse(arguments, for: spec)
            if parsed.has("help") { return context.console.write(spec.help) }
            let format = try OutputFormat.parse(parsed.value("format"))
            let composer = SummaryComposer(context: context, services: RemoteServices(
                environment: context.environment, dataDirectory: try DataDirectory.resolve(override: parsed.value("home"), environment: context.environment),
                now: context.now, onSlowRequest: context.waitingNotice(program: "invest-summary")))
            try show(composer.summary(), format: format, context: context)
        }
    }

    private static func show(_ summary: PortfolioSummary, format: OutputFormat, context: InvestContext) {
        var report = Report(columns: [.init(title: "VALUE", key: "value", alignment: .right), .init(title: "PROFIT", key: "profit", alignment: .right),
                                      .init(title: "PROFIT %", key: "profitPercent", alignment: .right)])
        let percent = summary.totalProfitPercent.map { Formatted.percent($0) } ?? "0.00%"
        report.rows = [[Formatted.money(summary.totalValue), Formatted.signedMoney(summary.totalProfit), percent]]
        context.console.write(report.render(format, colors: context.usesColor))
    }
}

/// Seed 002's "Display portfolio" use case, wired to remote infrastructure only: the account's
/// remote ledger and live (or sample) prices, never a local store or cache.
struct SummaryComposer {
    let context: InvestContext
    let services: RemoteServices

    func summary() throws -> PortfolioSummary {
        let live = try services.liveQuotes()
        let prices = LoadPricesUseCase(loader: live ?? SamplePriceLoader(now: context.now), maxConcurrent: 8)
        let retrieve = RetrieveTransactionsUseCase(store: LedgerTransactionsStore(ledger: try services.remoteStore(session: try session())))
        let display = DisplayPortfolioUseCase(transactions: retrieve, prices: prices)
        let report: PortfolioReport
        do throws(DisplayPortfolioError) {
            report = try display.display(sort: .value)
        } catch {
            throw error.cliError
        }
        if live == nil, !report.prices.isEmpty { context.console.writeError("invest-summary: warning: \(RemoteServices.samplePricesWarning)\n") }
        let failures = report.prices.sorted { $0.key < $1.key }.compactMap { ticker, result -> String? in
            guard case let .failure(error) = result else { return nil }
            return "\(ticker) (\(error.userMessage))"
        }
        if report.isUnvalued {
            throw CLIError.runtime("could not retrieve current prices for \(failures.joined(separator: ", ")). Try again later.")
        }
        if !failures.isEmpty {
            context.console.writeError("invest-summary: warning: no price for \(failures.joined(separator: ", ")); the totals leave them out.\n")
        }
        return report.summary
    }

    private func session() throws -> CurrentSessionProviding {
        let environment = context.environment
        let credentials = environment["INVEST_EMAIL"].flatMap { email in
            environment["INVEST_PASSWORD"].map { CurrentSessionWithSignInFallback.Credentials(email: email, password: $0) }
        }
        return try services.currentSession(signingInWith: credentials)
    }
}
