import Foundation
import AppSupport
import Ledger
import Transactions
import CurrentPrices
import Savings
import OptionsJournal
import TradingDesk
import Analytics

/// One registration per feature: the ledger kinds it owns and its commands, each command given
/// the use cases it runs. A new feature is a new module plus one entry in `Invest.features`; the
/// stores, the sync and the CLI plumbing stay as they are.
struct FeatureRegistration: Sendable {
    /// The heading its commands are listed under in `invest --help`.
    let title: String
    let kinds: [LedgerKind]
    /// Checks the feature's kinds when they arrive from outside, as its own input is checked,
    /// against the user's calendar day and the current time.
    var validator: @Sendable (_ today: @escaping () -> CalendarDay, _ now: @escaping () -> Date) -> LedgerEntryValidating? = { _, _ in nil }
    /// Old spellings of its commands, accepted with a hint for one release.
    var legacySpellings: [LegacySpelling] = []
    let commands: @Sendable (AppComposer) -> [CommandNode]
}

extension Invest {
    static let features: [FeatureRegistration] = [.transactions, .portfolio, .desk, .analytics, .savings, .journal, .feed, .accounts, .shell]

    /// Every kind this release understands; what a newer release wrote is kept but not read.
    static let registry = LedgerRegistry(features.flatMap(\.kinds) + [SyncConflictCodec.kind, UndoPointCodec.kind])

    /// Every feature's checks on entries from outside, with the ledger's own.
    static func validator(_ context: InvestContext) -> LedgerEntryValidating {
        CompositeLedgerValidator(features.compactMap { $0.validator({ context.today }, context.now) })
    }
}

extension FeatureRegistration {
    static let transactions = FeatureRegistration(title: "Transactions", kinds: TransactionsLedgerCodec.kinds,
                                                  validator: { today, _ in TransactionsEntryValidator(today: today) }) { app in
        [AddCommand(save: app.addTransaction),
         ListCommand(retrieve: app.retrieveTransactions),
         EditCommand(retrieve: app.retrieveTransactions, save: app.saveTransaction),
         DeleteCommand(retrieve: app.retrieveTransactions, delete: app.deleteTransaction),
         ImportCommand(ledger: { try app.undoableLedger(.lookedUp) }, importTransactions: app.importTransactions(into:), readStandardInput: app.context.readStandardInput),
         ExportCommand(ledger: app.readableLedger),
         UndoCommand(undo: app.undoLastChange)]
    }

    static let portfolio = FeatureRegistration(title: "Portfolio and prices", kinds: ManualPricesLedgerCodec.kinds, validator: { _, _ in ManualPricesEntryValidator() },
                                               legacySpellings: PriceCommands.legacySpellings) { app in
        [PortfolioCommand(prices: app.pricesLoader(offline:), refreshedPrices: app.refreshedPricesLoader, display: app.displayPortfolio(prices:),
                          configuredCostBasis: app.configuredCostBasis, trends: Trends(history: app.loadTickerHistory)),
         GainsCommand(gains: app.reportRealizedGains, configuredCostBasis: app.configuredCostBasis),
         QuoteCommand(prices: app.pricesLoader(offline:)),
         PriceCommands(prices: app.manualPrices, history: app.managePriceHistory, readStandardInput: app.context.readStandardInput).group]
    }

    /// Seed 000's trading desk: cash, market orders, the catalog, the watchlist and alerts.
    static let desk = FeatureRegistration(title: "Trading desk", kinds: WatchlistLedgerCodec.kinds + AlertsLedgerCodec.kinds,
                                          validator: { _, _ in DecodingEntryValidator.tradingDesk },
                                          legacySpellings: StockCommand.legacySpellings + AlertCommands.legacySpellings) { app in
        [CashCommand(statement: app.cashStatement),
         MarketOrderCommand(side: .buy, orders: app.placeMarketOrder),
         MarketOrderCommand(side: .sell, orders: app.placeMarketOrder),
         CommandGroup("stock", summary: "Stocks: search the catalog, or show one with your position, watch and alerts", [
            StockCommand(search: app.searchStocks, prices: app.marketPriceLoader, transactions: app.retrieveTransactions, watchlist: app.manageWatchlist,
                         alerts: app.manageAlerts),
            StocksCommand(search: app.searchStocks)]),
         WatchCommands(watchlist: app.manageWatchlist, prices: app.pricesLoader(offline:), transactions: app.retrieveTransactions,
                       trends: Trends(history: app.loadTickerHistory)).group,
         AlertCommands(alerts: app.manageAlerts, check: app.checkAlerts, environment: app.context.environment).group]
    }

    /// How the portfolio did over time: daily closes, performance and returns.
    static let analytics = FeatureRegistration(title: "Analytics", kinds: ClosesLedgerCodec.kinds + CategoriesLedgerCodec.kinds,
                                               validator: { _, _ in DecodingEntryValidator.analytics }) { app in
        [PerformanceCommand(measure: app.measurePerformance),
         ChartCommand(history: app.loadTickerHistory),
         ReturnsCommand(measure: app.measurePerformance),
         AllocationCommand(prices: app.pricesLoader(offline:), portfolio: app.displayPortfolio(prices:), cash: app.cashStatement,
                           categories: app.manageCategories),
         CategoryCommands(categories: app.manageCategories).group]
    }

    static let savings = FeatureRegistration(title: "Savings", kinds: SavingsLedgerCodec.kinds, validator: { _, now in SavingsEntryValidator(now: now) }) { app in
        [SavingsCommands(load: app.loadSavings, accounts: app.manageSavingsAccounts, values: app.recordSavingsValue, importer: app.importSavings,
                         symbol: app.currencySymbol, readStandardInput: app.context.readStandardInput,
                         demo: { set, io in try SavingsDemo(context: app.context).run(set: set, io: io) }).group]
    }

    static let journal = FeatureRegistration(title: "Options journal", kinds: JournalLedgerCodec.kinds + AnnotationsLedgerCodec.kinds,
                                             validator: { _, _ in JournalEntryValidator() }) { app in
        [JournalCommands(load: app.loadJournal, importer: app.importExecutions, annotate: app.annotateJournal, webAppSync: app.journalSync,
                         readStandardInput: app.context.readStandardInput, timeZone: app.context.timeZone).group]
    }

    /// The live feed keeps nothing: it has no kinds.
    static let feed = FeatureRegistration(title: "Live feed", kinds: []) { app in
        let feed = FeedCommand(stream: app.priceStream(source:), terminal: app.context.liveTerminal)
        return [feed, OpenCommand(feed: feed)]
    }

    static let accounts = FeatureRegistration(title: "Account and sync", kinds: []) { app in
        let prompts = AccountPrompts(environment: app.context.environment, console: app.console)
        let binding = AccountBinding(syncedAccounts: app.syncedAccounts, sessions: app.sessionStore, console: app.console)
        return [SignUpCommand(prompts: prompts, accounts: binding, signUp: app.signUp),
                LoginCommand(prompts: prompts, accounts: binding, signIn: app.signIn),
                LogoutCommand(sessions: app.sessionStore, signOut: app.signOut),
                WhoAmICommand(sessions: app.sessionStore),
                ResetPasswordCommand(prompts: prompts, reset: app.resetPassword),
                SyncCommand(sync: app.syncLedger, ledger: app.ledger)]
    }

    /// The CLI's own commands: the tour, settings and shell completion.
    static let shell = FeatureRegistration(title: "Setup", kinds: []) { app in
        [DemoCommand(context: app.context, dataDirectory: app.dataDirectory),
         ConfigCommands(environment: app.context.environment, dataDirectory: app.dataDirectory).group,
         CompletionCommands(engine: {
            CompletionEngine(resolver: Invest.commandTree(app), tickers: { home in CompletionTickers.held(in: AppComposer(context: app.context, homeOverride: home ?? app.homeOverride)) },
                             settingKeys: Configuration.settings.map(\.key))
         }, tree: { Invest.commandTree(app) }).group]
    }
}

/// The tickers a shell offers where one is expected: those the user holds or held.
enum CompletionTickers {
    static func held(in app: AppComposer) -> [String] {
        guard let transactions = try? app.retrieveTransactions().retrieve(.all, order: .unspecified) else { return [] }
        return Set(transactions.map(\.ticker).filter { !$0.isEmpty }).sorted()
    }
}
