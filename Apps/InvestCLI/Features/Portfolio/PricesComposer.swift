import Foundation
import CurrentPrices
import LocalFileStore
import QuotesAPI
import TerminalKit
import ClientComposition
import Analytics

/// The price sources the full client can run with.
enum PriceMode: String, Equatable {
    case live
    case offline
    case sample
}

struct PricesComposer {
    let app: AppComposer

    /// How prices will be loaded, and the loader graph for it, each behind the prices the user
    /// set by hand (`ManualPriceFallback`) for what no source prices:
    ///
    ///     live:    FreshCache(60 s) ─else→ Fallback(Cache(Retrying(Finnhub)) ─on no network→ cached)
    ///     offline: cached only
    ///     sample:  cached, else bundled stocks (no API key configured): a price set by hand or
    ///              kept from the market comes before a sample one, as offline gives it
    func pricesLoader(offline: Bool) throws -> (PricesLoading, PriceMode) {
        try pricesLoader(offline: offline, reusingFreshPrices: true)
    }

    /// Pull to refresh: live prices now, the 60 s reuse skipped.
    func refreshedPricesLoader() throws -> (PricesLoading, PriceMode) {
        try pricesLoader(offline: false, reusingFreshPrices: false)
    }

    private func pricesLoader(offline: Bool, reusingFreshPrices: Bool) throws -> (PricesLoading, PriceMode) {
        let cache = WarningPricesCache(FilePricesCache(directory: try app.dataDirectory()), console: app.console)
        let cached = LocalPriceLoader(cache: cache)
        let clock = app.context.now
        let manual = try manualPricesFallback()
        if offline { return (LoadPricesUseCase(loader: manual(cached), maxConcurrent: 1), .offline) }
        guard let remote = try liveQuotes() else {
            return (LoadPricesUseCase(loader: PreferringPriceLoader(manual(cached), otherwise: SamplePriceLoader(now: clock))), .sample)
        }
        let online = PriceLoaderWithFallback(primary: PriceLoaderCacheDecorator(decoratee: remote, cache: cache), fallback: cached)
        let loader: PriceLoader = reusingFreshPrices ? FreshCachePriceLoader(cached: cached, policy: PricesCachePolicy(maxAge: 60), now: clock, otherwise: online) : online
        // Finnhub's free tier allows 60 calls a minute: 8 in flight keeps 30 tickers to a few round trips.
        return (recordingCloses(LoadPricesUseCase(loader: manual(loader), maxConcurrent: 8)), .live)
    }

    /// For trading and alerts: the market's price now, never the cache's 60 s reuse. When the
    /// service is down, the last known price, marked `.cached`, which callers treat as stale.
    /// Sample mode trades at the sample prices.
    func marketPriceLoader() throws -> (PriceLoader, PriceMode) {
        let cache = WarningPricesCache(FilePricesCache(directory: try app.dataDirectory()), console: app.console)
        guard let remote = try liveQuotes() else { return (SamplePriceLoader(now: app.context.now), .sample) }
        return (PriceLoaderWithFallback(primary: PriceLoaderCacheDecorator(decoratee: remote, cache: cache), fallback: LocalPriceLoader(cache: cache)), .live)
    }

    /// Finnhub, paced to the plan's requests a minute as counted with the price cache, across runs.
    private func liveQuotes() throws -> PriceLoader? {
        try app.remoteServices().liveQuotes(requestLog: FilePricesCache(directory: try app.dataDirectory()), onWait: app.context.quoteWaitNotice(program: "invest"))
    }

    /// Live quotes become closes in the price history, appended once the output is written.
    private func recordingCloses(_ loader: PricesLoading) -> PricesLoading {
        let console = app.console, now = app.context.now
        return ClosesRecordingPricesLoader(decoratee: loader) { closes in
            app.afterOutput { ledger in
                do throws(PriceHistoryError) {
                    try ManagePriceHistoryUseCase(store: LedgerPriceHistoryStore(ledger: ledger), now: now).save(closes)
                } catch {
                    console.writeNotice("invest: warning: today's prices were not kept in the price history: \(AnalyticsPresentation.cliError(error).message ?? "")\n")
                }
            }
        }
    }

    /// The closes kept, with the prices set by hand on top: what a history is valued at, day by
    /// day. Each read's failure is the caller's own error.
    func keptClosesWithManualPrices<Failure: Error>(closes: @escaping (KeptClosesError) -> Failure,
                                                    manual: @escaping (ManualPriceError) -> Failure) throws -> () throws(Failure) -> PriceHistory {
        let ledger = try app.ledger(), prices = try manualPrices()
        return { () throws(Failure) in
            let kept: PriceHistory
            do throws(KeptClosesError) { kept = try LedgerKeptCloses(ledger: ledger).history() } catch { throw closes(error) }
            do throws(ManualPriceError) { return kept.adding(Array(try prices.all().values)) } catch { throw manual(error) }
        }
    }

    func manualPrices() throws -> ManualPrices {
        ManualPrices(store: LedgerManualPricesStore(ledger: try app.undoableLedger(.lookedUp)), now: app.context.now)
    }

    /// Behind every source, the prices the user set, then the latest kept close.
    private func manualPricesFallback() throws -> (PriceLoader) -> PriceLoader {
        let models = try app.readModels(), console = app.console
        return { models.behindSetPricesAndKeptCloses($0, program: "invest", console: console) }
    }
}

/// A cache that can't be read is treated as empty, with one warning: it never stops a portfolio.
final class WarningPricesCache: PricesCache, @unchecked Sendable {
    private let decoratee: PricesCache
    private let console: Console
    private let lock = NSLock()
    private var warned = false

    init(_ decoratee: PricesCache, console: Console) {
        self.decoratee = decoratee
        self.console = console
    }

    func retrieve() throws -> [String: CurrentPrice] {
        do {
            return try decoratee.retrieve()
        } catch {
            lock.withLock {
                if !warned { console.writeNotice("invest: warning: ignoring the price cache: \(error). It will be rewritten on the next online run.\n") }
                warned = true
            }
            return [:]
        }
    }

    func save(_ prices: [CurrentPrice]) throws {
        try decoratee.save(prices)
    }
}
