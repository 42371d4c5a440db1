import Foundation
import ClientComposition
import QuotesAPI
import MarketDataAPI

extension RemoteServices {
    /// The quote provider's daily candles, or nil without a FINNHUB_API_KEY.
    func dailyCandles() throws -> FinnhubCandles? {
        guard let apiKey = configuration["FINNHUB_API_KEY"] else { return nil }
        let baseURL = try configuration.url("INVEST_QUOTES_URL") ?? FinnhubPriceLoader.defaultBaseURL
        return FinnhubCandles(baseURL: baseURL, apiKey: apiKey, client: client(timeout: 15))
    }
}
