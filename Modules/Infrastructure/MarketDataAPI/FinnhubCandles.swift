import Foundation
import FixedPoint
import Transactions
import Analytics
import Networking
import QuotesAPI
import Ledger
import CurrentPrices

/// Finnhub's `GET /stock/candle?symbol=T&resolution=D&from=U&to=U`: `{"s": "ok", "c": [closes],
/// "t": [Unix seconds], …}` or `{"s": "no_data"}`. Free keys get 403 "You don't have access to
/// this resource."; that is `.noAccess`, for the client to explain.
public final class FinnhubCandles: DailyClosesLoading {
    /// Twenty years of trading days, and then some.
    static let maximumCloses = 8_000

    private let endpoint: FinnhubEndpoint

    public init(baseURL: URL, apiKey: String, client: HTTPClient) {
        endpoint = FinnhubEndpoint(baseURL: baseURL, apiKey: apiKey, client: client)
    }

    public func closes(of ticker: String, from: CalendarDay, to: CalendarDay) throws(CandlesError) -> [DailyClose] {
        let response: HTTPResponse
        do {
            response = try endpoint.get("stock/candle", [("symbol", ticker), ("resolution", "D"), ("from", String(Int64(from.daysSinceEpoch) * 86_400)),
                                                         ("to", String(Int64(to.daysSinceEpoch) * 86_400 + 86_399))], maxResponseBytes: 4 << 20)
        } catch {
            switch error {
            case .timeout, .connectivity: throw .connectivity
            case .tooLarge: throw .invalidData
            }
        }
        return try CandlesMapper.map(response, ticker: ticker)
    }
}

/// The API's DTO and its mapping: private to this adapter.
private enum CandlesMapper {
    static func map(_ response: HTTPResponse, ticker: String) throws(CandlesError) -> [DailyClose] {
        switch response.statusCode {
        case 200: break
        case 401: throw .unauthorized
        case 403: throw .noAccess
        case 429: throw .rateLimited
        case 500...599: throw .connectivity
        default: throw .invalidData
        }
        guard let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
              let status = object["s"] as? String else { throw .invalidData }
        if status == "no_data" { return [] }
        guard status == "ok", let closes = object["c"] as? [Any], let times = object["t"] as? [Any],
              closes.count == times.count, closes.count <= FinnhubCandles.maximumCloses else { throw .invalidData }
        var result: [DailyClose] = []
        result.reserveCapacity(closes.count)
        for (close, time) in zip(closes, times) {
            guard let close = JSONNumber.fixed(close), close > .zero, close <= TransactionValidator.maximumValue, let time = JSONNumber.fixed(time),
                  let seconds = Int64(exactly: time.units / FixedDecimal.scale), (0...253_402_300_799).contains(seconds) else { throw .invalidData }
            result.append(DailyClose(ticker: ticker, day: CalendarDay(daysSinceEpoch: Int32(seconds / 86_400)), close: close))
        }
        return result
    }
}
