import Foundation
import Analytics
import CurrentPrices
import QuotesAPI
import MarketDataAPI
import LocalFileStore
import TerminalKit
import Currencies

/// Analytics' use cases: the price history and performance over time.
struct AnalyticsComposer {
    let app: AppComposer

    func managePriceHistory() throws -> PriceHistoryManaging {
        ManagePriceHistoryUseCase(store: LedgerPriceHistoryStore(ledger: try app.undoableLedger(.lookedUp)), now: app.context.now)
    }

    /// Today's holdings valued as the portfolio values them (`offline`: from the cache, manual
    /// prices and kept closes), so every command gives one value for today.
    /// With a Twelve Data key and online, the closes a window lacks are fetched first.
    func measurePerformance(offline: Bool) throws -> (PerformanceMeasuring, PriceMode) {
        let (prices, mode) = try app.prices.pricesLoader(offline: offline)
        let context = app.context
        let measuring = MeasurePerformanceUseCase(transactions: try app.transactions.retrieveTransactions(), prices: try managePriceHistory(),
                                                  manualPrices: LedgerManualPricesStore(ledger: try app.ledger()), today: (prices, { context.today }),
                                                  converter: try app.netWorth.baseCurrencyConverter(offline: offline), scope: try app.transactions.accountScope())
        guard !offline, app.configuration()["TWELVE_DATA_API_KEY"] != nil else { return (measuring, mode) }
        let console = app.console
        return (BackfillingPerformanceMeasuring(decoratee: measuring, backfill: try backfillCloses()) { tickers in
            console.writeNotice("invest: fetched the missing daily closes of \(Plural.brief(tickers)) from Twelve Data, and kept them.\n")
        }, mode)
    }

    /// Where closes fetched from the quote service are kept: past the undo log, because
    /// `invest undo` takes back what the user did, not what a fetch recorded.
    func fetchedPriceHistory() throws -> PriceHistoryManaging {
        ManagePriceHistoryUseCase(store: LedgerPriceHistoryStore(ledger: try app.ledger()), now: app.context.now)
    }

    /// Kept closes, then the history provider's (Twelve Data's, or Finnhub's candles) with a key,
    /// or the sample history without one.
    func loadTickerHistory() throws -> TickerHistoryLoading {
        let candles = try historyProvider()
        let context = app.context
        return LoadTickerHistoryUseCase(prices: try fetchedPriceHistory(), provider: candles,
                                        sample: candles == nil ? SampleCloses(today: { context.today }) : nil)
    }

    /// A benchmark's closes over a window: kept, else fetched as a chart's are; offline, the kept
    /// ones alone.
    var benchmarkOption: BenchmarkOption {
        BenchmarkOption(history: { [self] offline in
            offline ? LoadTickerHistoryUseCase(prices: try fetchedPriceHistory(), provider: nil, sample: nil) : try loadTickerHistory()
        }, configured: { [self] in app.configuration()["INVEST_BENCHMARK"] })
    }

    /// Backfilling needs a provider: the sample history is made up, and never kept.
    func backfillCloses() throws -> BackfillClosesUseCase {
        guard let provider = try historyProvider() else {
            throw CLIError.usage("no daily history provider is configured: set TWELVE_DATA_API_KEY (a free key at https://twelvedata.com) "
                + "with 'invest config set TWELVE_DATA_API_KEY', or import closes with 'invest price import FILE'.")
        }
        let context = app.context
        return BackfillClosesUseCase(transactions: try app.transactions.retrieveTransactions(),
                                     history: LoadTickerHistoryUseCase(prices: try fetchedPriceHistory(), provider: provider, sample: nil),
                                     today: { context.today })
    }

    /// The provider's word on each ticker's currency is kept as the security's, past the undo
    /// log, unless the user has set one; a unit this client doesn't know is left out.
    private func historyProvider() throws -> DailyClosesLoading? {
        let securities = ManageSecuritiesUseCase(store: LedgerSecuritiesStore(ledger: try app.ledger()), now: app.context.now)
        return try app.remoteServices().dailyCandles(requestLog: FilePricesCache(directory: try app.dataDirectory()).historyRequestLog,
                                                 onWait: app.context.quoteWaitNotice(program: "invest", service: "the history provider"),
                                                 onCurrency: { ticker, currency in _ = try? securities.recordProviderCurrency(currency, of: ticker) })
    }

    func manageCategories() throws -> CategoriesManaging {
        ManageCategoriesUseCase(store: LedgerCategoriesStore(ledger: try app.undoableLedger(.lookedUp)), now: app.context.now)
    }
}
