import Foundation
import CurrentPrices
import LocalFileStore
import Networking
import QuotesAPI

/// Settings from the environment, else from `config` (KEY=VALUE lines) in the data directory.
struct Configuration {
    let values: [String: String]

    init(environment: [String: String], directory: URL) {
        var values: [String: String] = [:]
        if let text = try? String(contentsOf: directory.appendingPathComponent("config"), encoding: .utf8) {
            for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
                let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2 { values[parts[0]] = parts[1] }
            }
        }
        for (key, value) in environment where !value.isEmpty { values[key] = value }
        self.values = values
    }

    subscript(key: String) -> String? { values[key] }
}

/// The price sources the full client can run with.
enum PriceMode: Equatable {
    case live
    case offline
    case sample
}

extension AppComposer {
    /// How prices will be loaded, and the loader graph for it:
    ///
    ///     live:    FreshCache(60 s) ─else→ Fallback(Cache(Retrying(Finnhub)) ─on no network→ cached)
    ///     offline: cached only
    ///     sample:  bundled stocks (no API key configured)
    func pricesLoader(offline: Bool) throws -> (PricesLoading, PriceMode) {
        let directory = try dataDirectory()
        let cache = WarningPricesCache(FilePricesCache(directory: directory), console: console)
        let cached = LocalPriceLoader(cache: cache)
        let configuration = Configuration(environment: context.environment, directory: directory)
        let clock = context.now
        if offline { return (LoadPricesUseCase(loader: cached), .offline) }
        guard let apiKey = configuration["FINNHUB_API_KEY"] else {
            return (LoadPricesUseCase(loader: SamplePriceLoader(now: clock)), .sample)
        }
        guard let baseURL = URL(string: configuration["INVEST_QUOTES_URL"] ?? FinnhubPriceLoader.defaultBaseURL.absoluteString),
              baseURL.scheme == "http" || baseURL.scheme == "https" else {
            throw CLIError.usage("INVEST_QUOTES_URL '\(configuration["INVEST_QUOTES_URL"] ?? "")' is not an http(s) URL.")
        }
        let remote = RetryingPriceLoader(
            decoratee: FinnhubPriceLoader(baseURL: baseURL, apiKey: apiKey, client: URLSessionHTTPClient(timeout: 10), now: clock),
            maxAttempts: 3, baseDelay: 0.5, maxDelay: 5, sleep: { Thread.sleep(forTimeInterval: $0) })
        let online = PriceLoaderWithFallback(primary: PriceLoaderCacheDecorator(decoratee: remote, cache: cache), fallback: cached)
        let loader = FreshCachePriceLoader(cached: cached, policy: PricesCachePolicy(maxAge: 60), now: clock, otherwise: online)
        // Finnhub's free tier allows 60 calls a minute: 8 in flight keeps 30 tickers to a few round trips.
        return (LoadPricesUseCase(loader: loader, maxConcurrent: 8), .live)
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
                if !warned { console.writeError("invest: warning: ignoring the price cache: \(error). It will be rewritten on the next online run.\n") }
                warned = true
            }
            return [:]
        }
    }

    func save(_ prices: [CurrentPrice]) throws {
        try decoratee.save(prices)
    }
}
