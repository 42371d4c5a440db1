import TerminalKit
import CurrentPrices

extension PriceLoadingError {
    /// What went wrong with one price, in the clients' words, with what to do where there is something.
    public var userMessage: String {
        switch self {
        case .connectivity: return "the quote service could not be reached"
        case .timeout: return "the quote service did not answer in time"
        case let .server(status): return "the quote service failed (HTTP \(status))"
        case .rateLimited: return "the quote service's rate limit was reached; try again in a minute"
        case .unauthorized: return "the quote service rejected the API key (check FINNHUB_API_KEY)"
        case .forbidden: return "the API key may not access this symbol"
        case .invalidData: return "the quote service sent data that is not a quote"
        case .unknownSymbol: return "unknown symbol"
        case .notInSamplePrices: return "no FINNHUB_API_KEY is configured, and the sample prices don't list it ('invest config set FINNHUB_API_KEY')"
        case .notCached: return "no cached price"
        case let .notRefreshed(perMinute):
            return "not refreshed: the quote service's \(perMinute) requests a minute were spent and waiting for more would pass --max-wait, and nothing is cached"
        case .noExchangeRate: return "it is in another currency, and no rate into the base currency is kept for today ('invest rate fetch')"
        }
    }
}
