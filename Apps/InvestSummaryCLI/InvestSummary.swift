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
                now: context.now))
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

/// Seed 002's "Display portfolio" use case, wired to remote infrastructure only:
/// retrieve transactions remotely → load current prices → calculate the summary.
struct SummaryComposer {
    let context: InvestContext
    let services: RemoteServices

    func summary() throws -> PortfolioSummary {
        let transactions = try retrieveTransactions()
        let held = PortfolioCalculator.heldTickers(in: transactions)
        let prices = try loadPrices(for: held)
        return PortfolioCalculator.summarize(transactions, prices: prices)
    }

    private func retrieveTransactions() throws -> [Transaction] {
        let retrieve = RetrieveTransactionsUseCase(store: try services.remoteStore(session: try session()))
        do {
            return try retrieve.retrieve(.all, order: .unspecified)
        } catch RetrieveTransactionsError.retrieval(let error) {
            throw CLIError.runtime("could not retrieve your transactions: \(error.message)")
        }
    }

    /// An answer that leaves a holding out would be wrong, not partial: any missing price fails.
    private func loadPrices(for tickers: [String]) throws -> [String: LoadedPrice] {
        guard !tickers.isEmpty else { return [:] }
        let live = try services.liveQuotes()
        if live == nil { context.console.writeError("invest-summary: warning: \(RemoteServices.samplePricesWarning)\n") }
        let results = LoadPricesUseCase(loader: live ?? SamplePriceLoader(now: context.now), maxConcurrent: 8).loadPrices(for: tickers)
        var failures: [String] = []
        var prices: [String: LoadedPrice] = [:]
        for ticker in tickers {
            switch results[ticker] {
            case let .success(price)?: prices[ticker] = price
            case let .failure(error)?: failures.append("\(ticker) (\(error))")
            case nil: failures.append(ticker)
            }
        }
        guard failures.isEmpty else {
            throw CLIError.runtime("could not retrieve current prices for \(failures.joined(separator: ", ")). Try again later.")
        }
        return prices
    }

    private func session() throws -> CurrentSessionProviding {
        let environment = context.environment
        let credentials = environment["INVEST_EMAIL"].flatMap { email in
            environment["INVEST_PASSWORD"].map { CurrentSessionWithSignInFallback.Credentials(email: email, password: $0) }
        }
        return try services.currentSession(signingInWith: credentials)
    }
}
