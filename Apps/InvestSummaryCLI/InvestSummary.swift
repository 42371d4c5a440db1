import Foundation
import Ledger
import FixedPoint
import TerminalKit
import ClientComposition
import Auth
import CurrentPrices
import Portfolio
import QuotesAPI
import Transactions
import Currencies
import NetWorth
import Savings

/// `invest-summary`: the remote-only client, standing in for seed 002's watch app. It signs in,
/// reads the account's transactions and live prices, and prints one answer: what the portfolio
/// is worth, the profit, and the net worth in the base currency. No transaction store and no
/// price cache: the session is its only file.
public enum InvestSummary {
    static let spec = CommandSpec(
        program: "invest-summary", name: "", summary: "Your portfolio's current value and profit, and your net worth, read from your account",
        usage: "[--home DIR] [--format table|json|csv]",
        discussion: """
        Uses the session saved by 'invest login', else signs in with $INVEST_EMAIL and $INVEST_PASSWORD.
        Figures are in the base currency ($INVEST_BASE_CURRENCY), at the exchange rates 'invest' keeps on the account.
        Exit codes: 0 success, 1 the account, the remote store or the prices failed, 2 usage error.
        """,
        options: [.value("home", "DIR", "Where the session is kept (default: as for invest)"),
                  .value("format", "table|json|csv", "Output format (default: table)")],
        positionals: 0...0)

    public static func run(_ arguments: [String], context: InvestContext) -> Int32 {
        var context = context
        context.console = TerminalSafeConsole(context.console)
        return context.exitStatus(program: "invest-summary") {
            let parsed = try ArgumentParser.parse(arguments, for: spec)
            if parsed.has("help") { return context.console.write(spec.help(width: HelpText.width(terminal: context.tableWidth))) }
            let format = try OutputFormat.parse(parsed.value("format"))
            let composer = SummaryComposer(context: context, services: RemoteServices(
                environment: context.environment, dataDirectory: try DataDirectory.resolve(override: parsed.value("home"), environment: context.environment),
                now: context.now, onSlowRequest: context.waitingNotice(program: "invest-summary")))
            try show(composer.summary(), format: format, context: context)
        }
    }

    /// The totals, then on their own lines what the totals leave out and where prices came from,
    /// so someone reading stdout alone is never misled.
    private static func show(_ answer: SummaryComposer.Answer, format: OutputFormat, context: InvestContext) {
        let summary = answer.summary
        let priceMode = answer.samplePrices ? "sample" : "live"
        var report = Report(columns: [
            .init(title: "VALUE", key: "value", alignment: .right), .init(title: "PROFIT", key: "profit", alignment: .right),
            .init(title: "PROFIT %", key: "profitPercent", alignment: .right), .init(title: "TODAY", key: "todayChange", alignment: .right),
            .init(title: "PRICES", key: "priceMode", alignment: .left, visibility: .machineOnly),
            .init(title: "NOT VALUED", key: "unpricedTickers", alignment: .left, visibility: .machineOnly),
            .init(title: "CASH", key: "cash", alignment: .right, visibility: .machineOnly),
            .init(title: "WITH CASH", key: "valueWithCash", alignment: .right, visibility: .machineOnly),
            .init(title: "NET WORTH", key: "netWorth", alignment: .right, visibility: .machineOnly), .init(title: "BASE", key: "baseCurrency", alignment: .left, visibility: .machineOnly)])
        report.rows = [[.money(summary.totalValue), .profit(summary.totalProfit, shown: Formatted.signedMoney(summary.totalProfit)),
                        .profitPercent(summary.totalProfitPercent), .profit(summary.todayChange, shown: Formatted.signedMoney(summary.todayChange)),
                        .text(priceMode), .text(summary.unpricedTickers.joined(separator: " ")), .money(answer.report.cash), .money(answer.report.valueWithCash),
                        .money(answer.netWorth.total), .text(answer.netWorth.base.code)]]
        switch format {
        case .json:
            let exact = { (value: FixedDecimal?) in JSONValue.text(value?.description) }
            context.console.write(JSON.document([
                ("value", exact(summary.totalValue)), ("costBasis", exact(summary.totalCostBasis)), ("profit", exact(summary.totalProfit)),
                ("profitPercent", exact(summary.totalProfitPercent)), ("todayChange", exact(summary.todayChange)),
                ("priceMode", .string(priceMode)), ("unpricedTickers", .array(summary.unpricedTickers.map(JSONValue.string))),
                ("cash", exact(answer.report.cash)), ("valueWithCash", exact(answer.report.valueWithCash)),
                ("netWorth", exact(answer.netWorth.total)), ("baseCurrency", .string(answer.netWorth.base.code)),
                ("netWorthUnvalued", .array(answer.netWorth.unvalued.map { .string("\($0.kind.rawValue) \($0.name)") })),
            ]).rendered())
        case .csv:
            context.console.write(report.render(.csv, colors: false))
        case .table:
            context.console.write(report.render(.table, colors: context.usesColor))
            if let cash = answer.report.cash, let total = answer.report.valueWithCash {
                context.console.write("The value is the holdings'. Cash \(Formatted.money(cash)); holdings and cash \(Formatted.money(total)).\n")
            }
            if !answer.netWorth.items.isEmpty {
                context.console.write("Net worth \(Formatted.money(answer.netWorth.total)) \(answer.netWorth.base.code): every account's holdings and cash, and savings"
                    + (answer.netWorth.unvalued.isEmpty ? "" : ", leaving out \(answer.netWorth.unvalued.map(\.name).joined(separator: ", ")) (no price or rate kept)") + ".\n")
            }
            if answer.samplePrices { context.console.write("Valued at sample prices, not live ones: set FINNHUB_API_KEY for live prices.\n") }
            if !summary.unpricedTickers.isEmpty {
                context.console.write("Not valued (price unavailable): \(summary.unpricedTickers.joined(separator: ", ")); left out of the totals.\n")
            }
        }
    }
}

/// Seed 002's "Display portfolio" use case, wired to remote infrastructure only: the account's
/// remote ledger and live (or sample) prices, never a local store or cache.
struct SummaryComposer {
    let context: InvestContext
    let services: RemoteServices

    struct Answer {
        /// As the full client's portfolio gives it, cash included.
        let report: PortfolioReport
        /// As the full client's `networth` gives it, from the rates the account keeps.
        let netWorth: NetWorth
        let samplePrices: Bool

        var summary: PortfolioSummary { report.summary }
    }

    /// The one rule both clients follow: a holding without a price is named and left out of the
    /// totals; only a price service that gave no price at all, for a reason other than unknown
    /// symbols, fails the run.
    func summary() throws -> Answer {
        // This client keeps no files: the minute's requests are counted for this run only.
        let live = try services.liveQuotes(requestLog: InMemoryQuoteRequestLog(), onWait: context.quoteWaitNotice(program: "invest-summary"))
        // One read of the account's ledger serves the transactions, the manual prices and the closes.
        let ledger = ReadOnceLedgerStore(decoratee: try services.remoteStore(session: try session()),
                                         collecting: ManualPricesLedgerCodec.kinds + ClosesLedgerCodec.kinds + ExchangeRatesLedgerCodec.kinds
                                            + RatesCoverageLedgerCodec.kinds + SecuritiesLedgerCodec.kinds + SavingsLedgerCodec.kinds)
        let manual = ManualPrices(store: LedgerManualPricesStore(ledger: ledger), now: context.now)
        let console = context.console
        // As the full client: where no quote prices a holding, the price the user set, then the
        // latest close kept.
        let setPrices = FallbackPriceLoader.manualPrices(behind: live ?? SamplePriceLoader(now: context.now)) {
            do throws(ManualPriceError) {
                return try manual.all()
            } catch {
                console.writeNotice("invest-summary: warning: manual prices were not read: \(error.userMessage)\n")
                return [:]
            }
        }
        let loader = FallbackPriceLoader.keptCloses(behind: setPrices) {
            do throws(KeptClosesError) {
                return try LedgerKeptCloses(ledger: ledger).history()
            } catch {
                console.writeNotice("invest-summary: warning: the kept closes were not read; holdings without a price are left out.\n")
                return PriceHistory()
            }
        }
        let prices = PricesLoadedOnce(decoratee: LoadPricesUseCase(loader: loader, maxConcurrent: 8))
        let retrieve = TransactionsRetrievedOnce(decoratee: RetrieveTransactionsUseCase(store: LedgerTransactionsStore(ledger: ledger)))
        // This client fetches no rates: it counts with those the full client kept on the account.
        let base = try services.configuration.baseCurrency()
        let securities = ManageSecuritiesUseCase(store: LedgerSecuritiesStore(ledger: ledger), now: context.now)
        let rates = ExchangeRatesUseCase(store: LedgerExchangeRatesStore(ledger: ledger), loader: nil, now: context.now)
        let display = DisplayPortfolioUseCase(transactions: retrieve, prices: prices,
                                              converter: BaseCurrencyConverter(base: base, rates: rates, securities: securities, today: { [context] in context.today }))
        let report: PortfolioReport
        do throws(DisplayPortfolioError) {
            report = try display.display(sort: .value)
        } catch {
            throw error.cliError
        }
        let netWorth = ComputeNetWorthUseCase(transactions: retrieve, prices: prices, securities: securities,
                                              rates: rates, savings: LoadSavingsUseCase(store: LedgerSavingsStore(ledger: ledger)), base: base,
                                              today: { [context] in context.today })
        let worth: NetWorth
        do throws(NetWorthError) {
            worth = try netWorth.netWorth().netWorth
        } catch {
            throw error.cliError
        }
        let samplePrices = live == nil && !report.prices.isEmpty
        if samplePrices { context.console.writeNotice("invest-summary: warning: \(RemoteServices.samplePricesWarning)\n") }
        let failures = report.prices.sorted { $0.key < $1.key }.compactMap { ticker, result -> (String, PriceLoadingError)? in
            guard case let .failure(error) = result else { return nil }
            return (ticker, error)
        }
        let named = failures.map { "\($0.0) (\($0.1.userMessage))" }.joined(separator: ", ")
        if report.isUnvalued {
            let transient = failures.allSatisfy { $0.1.isTransient }
            throw CLIError.runtime("no current price could be loaded: \(named)." + (transient ? " Try again later." : ""))
        }
        if !failures.isEmpty {
            context.console.writeNotice("invest-summary: warning: no price for \(named); the totals leave them out.\n")
        }
        return Answer(report: report, netWorth: worth, samplePrices: samplePrices)
    }

    private func session() throws -> CurrentSessionProviding {
        let environment = context.environment
        let credentials = environment["INVEST_EMAIL"].flatMap { email in
            environment["INVEST_PASSWORD"].map { CurrentSessionWithSignInFallback.Credentials(email: email, password: $0) }
        }
        return try services.currentSession(signingInWith: credentials)
    }
}
