import Foundation
import ClientComposition
import QuotesAPI
import MarketDataAPI
import TradingDesk

extension RemoteServices {
    /// The quote provider's symbol search, or nil without a FINNHUB_API_KEY.
    func symbolSearch() throws -> SymbolSearching? {
        guard let apiKey = configuration["FINNHUB_API_KEY"] else { return nil }
        let baseURL = try configuration.url("INVEST_QUOTES_URL") ?? FinnhubPriceLoader.defaultBaseURL
        return FinnhubSymbolSearch(baseURL: baseURL, apiKey: apiKey, client: client(timeout: 10))
    }
}
