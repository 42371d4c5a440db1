import Foundation
import ClientComposition
import CurrentPrices
import Analytics
import QuotesAPI
import MarketDataAPI

extension RemoteServices {
    /// Twelve Data's free plan: 8 requests a minute, 800 a day, each with a margin.
    static let twelveDataPacings = [QuotePacing(perMinute: 8, margin: QuotePacing.margin), QuotePacing(limit: 800, per: 86_400, margin: QuotePacing.margin)]

    /// The daily history provider: Twelve Data's time series with a TWELVE_DATA_API_KEY (its free
    /// plan has them), paced to its limits across runs; else Finnhub's candles, which a free
    /// Finnhub key can't get; nil without either key.
    /// `onCurrency` is told each ticker's currency as Twelve Data names it.
    func dailyCandles(requestLog: QuoteRequestLog, onWait: @escaping (TimeInterval, QuotePacing) -> Void,
                      onCurrency: @escaping (_ ticker: String, _ currency: String) -> Void) throws -> DailyClosesLoading? {
        if let apiKey = configuration["TWELVE_DATA_API_KEY"] {
            let baseURL = try configuration.url("INVEST_TWELVE_DATA_URL") ?? TwelveDataTimeSeries.defaultBaseURL
            let pacer = RequestPacer(pacings: Self.twelveDataPacings, log: requestLog, maxWait: try maxWait(), now: now,
                                     sleep: { Thread.sleep(forTimeInterval: $0) }, onWait: onWait)
            return PacedClosesLoader(decoratee: TwelveDataTimeSeries(baseURL: baseURL, apiKey: apiKey, client: client(timeout: 15), onCurrency: onCurrency),
                                     pacer: pacer)
        }
        guard let apiKey = configuration["FINNHUB_API_KEY"] else { return nil }
        let baseURL = try configuration.url("INVEST_QUOTES_URL") ?? FinnhubPriceLoader.defaultBaseURL
        return FinnhubCandles(baseURL: baseURL, apiKey: apiKey, client: client(timeout: 15))
    }
}
