import Foundation
import FixedPoint
import Analytics
import Networking
import Ledger
import CurrentPrices

/// Twelve Data's `GET /time_series?symbol=T&interval=1day&start_date=D&end_date=D&order=asc`,
/// the daily history its free plan serves: `{"meta": {"symbol", "currency", "exchange", …},
/// "values": [{"datetime": "YYYY-MM-DD", "close": "123.45", …}], "status": "ok"}`. Its errors
/// come in the body, most with HTTP 200: `{"code": 429, "message": "You have run out of API
/// credits for the current minute…", "status": "error"}`, 401 for a bad key, 400 or 404 for an
/// unknown symbol or a range without data. The key travels in a header, never in the URL.
public final class TwelveDataTimeSeries: DailyClosesLoading {
    public static let defaultBaseURL = URL(string: "https://api.twelvedata.com")!
    /// The most one request returns.
    static let maximumValues = 5000

    private let baseURL: URL
    private let apiKey: String
    private let client: HTTPClient
    private let onCurrency: ((_ ticker: String, _ currency: String) -> Void)?

    /// - Parameter onCurrency: told the currency `meta.currency` names for each ticker fetched
    ///   (`GBp` for most London shares), so the security's trading currency can be kept.
    public init(baseURL: URL, apiKey: String, client: HTTPClient, onCurrency: ((_ ticker: String, _ currency: String) -> Void)? = nil) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.client = client
        self.onCurrency = onCurrency
    }

    public func closes(of ticker: String, from: CalendarDay, to: CalendarDay) throws(CandlesError) -> [DailyClose] {
        var components = URLComponents(url: baseURL.appendingPathComponent("time_series"), resolvingAgainstBaseURL: false)!
        components.queryItems = [("symbol", ticker), ("interval", "1day"), ("start_date", from.iso), ("end_date", to.iso),
                                 ("outputsize", String(Self.maximumValues)), ("order", "asc")].map { URLQueryItem(name: $0.0, value: $0.1) }
        let response: HTTPResponse
        do {
            response = try client.get(components.url!, headers: ["Authorization": "apikey " + apiKey], maxResponseBytes: 4 << 20)
        } catch {
            switch error {
            case .timeout, .connectivity: throw .connectivity
            case .tooLarge: throw .invalidData
            }
        }
        let (closes, currency) = try TimeSeriesMapper.map(response, ticker: ticker)
        if let currency { onCurrency?(ticker, currency) }
        return closes
    }
}

/// The API's DTO and its mapping: private to this adapter.
private enum TimeSeriesMapper {
    static func map(_ response: HTTPResponse, ticker: String) throws(CandlesError) -> (closes: [DailyClose], currency: String?) {
        let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        // The code in the body, else the HTTP status, whatever the body is (a proxy's page, say).
        if object?["status"] as? String == "error" || response.statusCode != 200 {
            switch (object?["code"] as? Int) ?? response.statusCode {
            case 429: throw .rateLimited
            case 401: throw .unauthorized
            case 403: throw .noAccess
            // An unknown symbol, or a range without data: nothing to keep.
            case 400, 404: return ([], nil)
            case 500...599: throw .connectivity
            default: throw .invalidData
            }
        }
        guard let object, object["status"] as? String == "ok", let values = object["values"] as? [[String: Any]],
              values.count <= TwelveDataTimeSeries.maximumValues else { throw .invalidData }
        var closes: [DailyClose] = []
        closes.reserveCapacity(values.count)
        for value in values {
            // `datetime` is a day for a daily series; `close` a decimal in a string.
            guard let text = value["datetime"] as? String, let day = CalendarDay(iso: text), let closeText = value["close"] as? String,
                  let close = FixedDecimal(closeText), close > .zero, close <= ManualPrices.maximumPrice else { throw .invalidData }
            closes.append(DailyClose(ticker: ticker, day: day, close: close))
        }
        // A currency code or a minor unit, never more than a few letters.
        let currency = ((object["meta"] as? [String: Any])?["currency"] as? String).flatMap { $0.count <= 8 && $0.allSatisfy({ $0.isASCII && $0.isLetter }) ? $0 : nil }
        return (closes, currency)
    }
}
