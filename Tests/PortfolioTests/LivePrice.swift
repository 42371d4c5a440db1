import Foundation
import CurrentPrices
import TestSupport

/// A live quote at a fixed time; the previous close is the price unless given.
func livePrice(_ ticker: String, _ value: String, previousClose: String? = nil) -> LoadedPrice {
    let at = Date(timeIntervalSince1970: 1_720_000_000)
    return LoadedPrice(price: CurrentPrice(ticker: ticker, price: fixed(value), change: nil, changePercent: nil,
                                           previousClose: fixed(previousClose ?? value), quoteTime: at, fetchedAt: at), source: .live)
}
