import Foundation
import FixedPoint
import Analytics
import Networking
import Ledger
import CurrentPrices
import JSONScanning

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

/// The API's answer and its mapping: private to this adapter. Read a member at a time with the
/// scanner, so an answer costs its closes and no tree of it: a value's other members (open, high,
/// low, volume) are checked and dropped as they are read.
private struct TimeSeriesAnswer {
    var status: String?
    var code: Int?
    var currency: String?
    var closes: [DailyClose] = []
    var hasValues = false
    /// A value that is no close, or more values than a request returns.
    var hasUnreadableValues = false

    init?(_ body: Data, ticker: String) {
        do {
            try JSONScanner.scan(body) { (scanner: inout JSONScanner) throws(JSONScanError) in
                try scanner.members { (scanner: inout JSONScanner, key: String) throws(JSONScanError) in
                    switch key {
                    case "status": status = try scanner.value().string
                    case "code": code = try scanner.value().number.flatMap { Int($0) }
                    case "meta": try scanner.members { (scanner: inout JSONScanner, key: String) throws(JSONScanError) in
                        if key == "currency" { currency = try scanner.value().string } else { try scanner.skip() }
                    }
                    case "values":
                        hasValues = true
                        try scanner.elements { (scanner: inout JSONScanner) throws(JSONScanError) in try readClose(&scanner, ticker: ticker) }
                    default: try scanner.skip()
                    }
                }
                try scanner.end()
            }
        } catch {
            return nil
        }
    }

    private mutating func readClose(_ scanner: inout JSONScanner, ticker: String) throws(JSONScanError) {
        guard !hasUnreadableValues, closes.count < TwelveDataTimeSeries.maximumValues else {
            hasUnreadableValues = true
            return try scanner.skip()
        }
        var day: String?, close: String?
        try scanner.members { (scanner: inout JSONScanner, key: String) throws(JSONScanError) in
            switch key {
            case "datetime": day = try scanner.value().string
            case "close": close = try scanner.value().string
            default: try scanner.skip()
            }
        }
        // `datetime` is a day for a daily series; `close` a decimal in a string.
        guard let day = day.flatMap(CalendarDay.init(iso:)), let close = close.flatMap(FixedDecimal.init), close > .zero,
              close <= ManualPrices.maximumPrice else { return hasUnreadableValues = true }
        closes.append(DailyClose(ticker: ticker, day: day, close: close))
    }
}

private enum TimeSeriesMapper {
    static func map(_ response: HTTPResponse, ticker: String) throws(CandlesError) -> (closes: [DailyClose], currency: String?) {
        let answer = TimeSeriesAnswer(response.body, ticker: ticker)
        // The code in the body, else the HTTP status, whatever the body is (a proxy's page, say).
        if answer?.status == "error" || response.statusCode != 200 {
            switch answer?.code ?? response.statusCode {
            case 429: throw .rateLimited
            case 401: throw .unauthorized
            case 403: throw .noAccess
            // An unknown symbol, or a range without data: nothing to keep.
            case 400, 404: return ([], nil)
            case 500...599: throw .connectivity
            default: throw .invalidData
            }
        }
        guard let answer, answer.status == "ok", answer.hasValues, !answer.hasUnreadableValues else { throw .invalidData }
        // A currency code or a minor unit, never more than a few letters.
        let currency = answer.currency.flatMap { $0.count <= 8 && $0.allSatisfy({ $0.isASCII && $0.isLetter }) ? $0 : nil }
        return (answer.closes, currency)
    }
}
