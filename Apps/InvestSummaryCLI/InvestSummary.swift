import Foundation
import Ledger
import Projections
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
import LocalFileStore

/// `invest-summary`: the remote-only client, standing in for a watch app. It signs in,
/// brings its copy of the account's records level with the account, and prints one answer: what
/// the portfolio is worth, the profit, and the net worth in the base currency. It never writes to
/// the account. The copy, and the prices it last valued at, are kept in `summary-cache/` beside
/// the session, so `--offline` answers from them, from their checkpoints, without the network.
public enum InvestSummary {
    static let spec = CommandSpec(
        program: "invest-summary", name: "", summary: "Your portfolio's current value and profit, and your net worth, read from your account",
        discussion: """
        Uses the session saved by 'invest login', else signs in with $INVEST_EMAIL and $INVEST_PASSWORD.
        Figures are in the base currency ($INVEST_BASE_CURRENCY), at the exchange rates 'invest' keeps on the account.
        Each run keeps a copy of the account's records and the prices it valued at; --offline answers from them.
        Exit codes: 0 success, 1 the account, the remote store or the prices failed (or, offline, no copy is kept yet), 2 usage error.
        """,
        options: [home, offline, format], positionals: 0...0)
    static let home = CommandSpec.Value<String>("home", "DIR", "Where the session and the copy are kept (default: as for invest)")
    static let offline = CommandSpec.Flag("offline", "Answer from the copy and prices the last run kept; never touch the network")
    static let format = CommandSpec.Value<OutputFormat>.format()

    public static func run(_ arguments: [String], context: InvestContext) -> Int32 {
        var context = context
        context.console = TerminalSafeConsole(context.console)
        return context.exitStatus(program: "invest-summary") {
            let parsed = try ArgumentParser.parse(arguments, for: spec)
            if parsed.wantsHelp { return context.console.write(spec.help(width: HelpText.width(terminal: context.tableWidth))) }
            let format = try parsed[format, default: .table]
            let composer = SummaryComposer(context: context, services: RemoteServices(
                environment: context.environment, dataDirectory: try DataDirectory.resolve(override: parsed[home], environment: context.environment),
                now: context.now, onSlowRequest: context.waitingNotice(program: "invest-summary")), offline: parsed[offline])
            try show(composer.summary(), format: format, context: context)
        }
    }

    /// The totals, then on their own lines what the totals leave out and where prices came from,
    /// so someone reading stdout alone is never misled.
    private static func show(_ answer: SummaryComposer.Answer, format: OutputFormat, context: InvestContext) {
        let summary = answer.summary
        let priceMode = answer.offline ? "offline" : answer.samplePrices ? "sample" : "live"
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
                ("copiedAt", .text(Timestamp.iso8601(answer.copiedAt))),
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
            if answer.offline {
                context.console.write("Offline: the records as copied from the account at \(LocalTime(timeZone: context.timeZone).dateAndTime(answer.copiedAt)), at the prices kept then.\n")
            }
            if !summary.unpricedTickers.isEmpty {
                context.console.write("Not valued (price unavailable): \(Plural.brief(summary.unpricedTickers)); left out of the totals.\n")
            }
        }
    }
}

/// The display-portfolio use case, wired to the account's remote ledger through a copy:
/// each run brings the copy level (never writing to the account) and answers from it, from its
/// checkpoints, as the full client answers from its own log; `offline` answers from the copy as
/// the last run left it, at the prices that run kept.
struct SummaryComposer {
    let context: InvestContext
    let services: RemoteServices
    let offline: Bool

    struct Answer {
        /// As the full client's portfolio gives it, cash included.
        let report: PortfolioReport
        /// As the full client's `networth` gives it, from the rates the account keeps.
        let netWorth: NetWorth
        let samplePrices: Bool
        /// When the copy was last brought level with the account: now, unless offline.
        let copiedAt: Date
        let offline: Bool

        var summary: PortfolioSummary { report.summary }
    }

    /// The few kinds looked up besides the transactions, served from their checkpoint.
    private static let lookedUp = ManualPricesLedgerCodec.kinds + ClosesLedgerCodec.kinds + RatesCoverageLedgerCodec.kinds + SecuritiesLedgerCodec.kinds
    /// What this client reads, and so all it copies: the rates are read from a checkpoint of their own.
    static let copiedKinds = TransactionsLedgerCodec.kinds + lookedUp + ExchangeRatesLedgerCodec.kinds + SavingsLedgerCodec.kinds

    /// The copy of the account's records and the prices last valued at, beside the session.
    var copyDirectory: URL { services.dataDirectory.appendingPathComponent("summary-cache", isDirectory: true) }

    /// The one rule both clients follow: a holding without a price is named and left out of the
    /// totals; only a price service that gave no price at all, for a reason other than unknown
    /// symbols, fails the run.
    func summary() throws -> Answer {
        let copiedAt = offline ? try lastCopy() : try refreshCopyOrSayWhereTheLastOneIs()
        let log = FileLedgerStore(directory: copyDirectory, onRebuild: context.rebuildNotice(program: "invest-summary"))
        let ledger = ReadOnceLedgerStore(decoratee: CheckpointedKindsLedgerStore(decoratee: log, log: log, kinds: Self.lookedUp), collecting: Self.lookedUp)
        let models = LocalReadModels(ledger: ledger, log: log, now: context.now, today: { [context] in context.today })
        let (quotes, samplePrices) = try quoteLoader()
        let kept = models.behindSetPricesAndKeptCloses(quotes, program: "invest-summary", console: context.console)
        // Differs: sample prices stand behind every real one only where no quote service is configured.
        let loader: PriceLoader = samplePrices ? PreferringPriceLoader(kept, otherwise: SamplePriceLoader(now: context.now)) : kept
        // Differs: prices are loaded once for both figures.
        let prices = PricesLoadedOnce(decoratee: LoadPricesUseCase(loader: loader, maxConcurrent: offline ? 1 : 8))
        let base = try services.configuration.baseCurrency()
        // Differs: this client fetches no rates; it counts with those the full client kept on the account.
        let rates = models.exchangeRates(loader: nil)
        // Differs: the portfolio's is the only projection of the transactions read, so no others share its replay.
        let projections = models.portfolioProjections(base: base)
        let display = DisplayPortfolioUseCase(projections: projections, prices: prices, converter: models.converter(base: base, rates: rates))
        let report: PortfolioReport
        do throws(DisplayPortfolioError) {
            report = try display.display(sort: .value)
        } catch {
            throw error.cliError
        }
        let netWorth = models.netWorth(base: base, projections: projections, prices: prices, rates: rates, savings: LoadSavingsUseCase(store: models.savingsStore()))
        let worth: NetWorth
        do throws(NetWorthError) {
            worth = try netWorth.netWorth().netWorth
        } catch {
            throw error.cliError
        }
        let sampled = samplePrices && !report.prices.isEmpty
        if sampled { context.console.writeNotice("invest-summary: warning: \(RemoteServices.samplePricesWarning)\n") }
        let failures = report.prices.sorted { $0.key < $1.key }.compactMap { ticker, result -> (String, PriceLoadingError)? in
            guard case let .failure(error) = result else { return nil }
            return (ticker, error)
        }
        let named = Plural.brief(failures.map { "\($0.0) (\($0.1.userMessage))" })
        if report.isUnvalued {
            let transient = failures.allSatisfy { $0.1.isTransient }
            throw CLIError.runtime("no current price could be loaded: \(named)." + (transient ? " Try again later." : ""))
        }
        if !failures.isEmpty {
            context.console.writeNotice("invest-summary: warning: no price for \(named); the totals leave them out.\n")
        }
        return Answer(report: report, netWorth: worth, samplePrices: sampled, copiedAt: copiedAt, offline: offline)
    }

    /// Offline, the prices the last run kept; online, live quotes, kept for the next offline run,
    /// else the prices kept, which sample prices stand behind (true). Every request counts
    /// against the plan's minute across runs, as the full client's do.
    private func quoteLoader() throws -> (PriceLoader, sample: Bool) {
        let cache = FilePricesCache(directory: copyDirectory)
        if offline { return (LocalPriceLoader(cache: cache), false) }
        guard let live = try services.liveQuotes(requestLog: cache, onWait: context.quoteWaitNotice(program: "invest-summary")) else {
            // The prices kept, with the sample ones behind every real price (`summary()`).
            return (LocalPriceLoader(cache: cache), true)
        }
        return (PriceLoaderCacheDecorator(decoratee: live, cache: cache), false)
    }

    /// Brings the copy level with the signed-in account's records; a copy of another account's
    /// is dropped first, so one account's records never answer for another's.
    private func refreshCopy() throws -> Date {
        let session = try session()
        let signedIn: AuthSession
        do throws(AuthError) {
            signedIn = try session.currentSession(forceRefresh: false)
        } catch {
            throw CLIError.runtime(error.userMessage)
        }
        let account = SyncedAccount(uid: signedIn.uid, email: signedIn.email)
        let state = FileSyncStateStore(directory: copyDirectory, account: account)
        if try !copyWork({ () throws(StoreError) in try state.otherAccounts() }).isEmpty {
            do {
                try FileManager.default.removeItem(at: copyDirectory)
            } catch {
                throw CLIError.runtime("could not clear the copy of another account's records in \(copyDirectory.path.escapedForTerminal): \(error.localizedDescription)")
            }
        }
        let mirror = MirrorLedgerUseCase(copy: FileLedgerStore(directory: copyDirectory), remote: try services.remoteStore(session: session),
                                         kinds: Self.copiedKinds, validator: validator(), now: context.now)
        let report: MirrorReport
        do throws(MirrorLedgerError) {
            report = try mirror.mirror()
        } catch {
            switch error {
            case let .remote(failure): throw CLIError.runtime("could not retrieve your transactions: \(failure.userMessage)")
            case let .copy(failure): throw Self.copyFailure(failure)
            }
        }
        if !report.rejected.isEmpty {
            context.console.writeNotice("invest-summary: warning: left out \(report.rejected.count) record(s) the account holds that break this client's rules: "
                + report.rejected.prefix(5).map { "\($0.id) (\($0.reasons.joined(separator: "; ")))".escapedForTerminal }.joined(separator: ", ") + ".\n")
        }
        let copiedAt = context.now()
        try copyWork { () throws(StoreError) in try state.recordSync(at: copiedAt) }
        return copiedAt
    }

    /// A run that could not bring the copy level, when the account or the network failed it,
    /// says that the copy kept here can still answer, and from when.
    private func refreshCopyOrSayWhereTheLastOneIs() throws -> Date {
        do {
            return try refreshCopy()
        } catch let CLIError.runtime(message) {
            guard let copiedAt = try? lastCopy() else { throw CLIError.runtime(message) }
            throw CLIError.runtime(message + " The copy of your records taken \(LocalTime(timeZone: context.timeZone).dateAndTime(copiedAt)) can still answer: "
                + "run invest-summary --offline.")
        }
    }

    /// When the copy kept here was last brought level, or why there is none to answer from.
    private func lastCopy() throws -> Date {
        let copiedAt = try copyWork { () throws(StoreError) in
            try FileSyncStateStore.syncedAccounts(directory: copyDirectory).first.flatMap { account throws(StoreError) in
                try FileSyncStateStore(directory: copyDirectory, account: account).lastSync()
            }
        }
        guard let copiedAt else {
            throw CLIError.runtime("no copy of your records is kept in \(copyDirectory.path.escapedForTerminal) yet: run invest-summary once without --offline.")
        }
        return copiedAt
    }

    /// Work on the copy, failing with what went wrong there.
    private func copyWork<T>(_ body: () throws(StoreError) -> T) throws -> T {
        do throws(StoreError) {
            return try body()
        } catch {
            throw Self.copyFailure(error)
        }
    }

    private static func copyFailure(_ error: StoreError) -> CLIError {
        .runtime("could not keep the copy of your records: \(error.userMessage)")
    }

    /// What the full client's features check records from the account against, for the kinds this
    /// one reads. Differs: without the tally the full client checks a change against first, a
    /// shortcut only; the rules are the same, checked against the copy's entries. Differs: the
    /// copy keeps no accounts, so the accounts a transaction names are the full client's to check.
    private func validator() -> LedgerEntryValidating {
        CompositeLedgerValidator([
            TransactionsEntryValidator(today: { [context] in context.today }), ManualPricesEntryValidator(), SavingsEntryValidator(now: context.now),
            CurrenciesEntryValidator(today: { [context] in context.today }), DecodingEntryValidator(DecodingEntryValidator.decoders(ClosesLedgerCodec.self)),
        ])
    }

    private func session() throws -> CurrentSessionProviding {
        let environment = context.environment
        let credentials = environment["INVEST_EMAIL"].flatMap { email in
            environment["INVEST_PASSWORD"].map { CurrentSessionWithSignInFallback.Credentials(email: email, password: $0) }
        }
        return try services.currentSession(signingInWith: credentials)
    }
}
