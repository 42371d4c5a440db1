import Foundation
import FixedPoint
import Ledger
import Networking
import JSONScanning
import Currencies

/// The ECB's reference rates through Frankfurter's API (no key): `GET /START..END?from=USD&to=GBP`
/// answers `{"amount": 1.0, "base": "USD", "start_date", "end_date", "rates": {"YYYY-MM-DD":
/// {"GBP": 0.78123}}}`, one member per working day, starting from the last one on or before
/// START; `GET /YYYY-MM-DD` answers that day's or the working day's before it as `{"date",
/// "rates": {"GBP": …}}`. No rates is 404 `{"message": "not found"}`; a request it can't serve
/// is 422 `{"message": …}`. The base URL can point at a self-hosted Frankfurter.
public final class FrankfurterExchangeRates: ExchangeRatesLoading {
    public static let defaultBaseURL = URL(string: "https://api.frankfurter.app")!

    private let baseURL: URL
    private let client: HTTPClient

    public init(baseURL: URL, client: HTTPClient) {
        self.baseURL = baseURL
        self.client = client
    }

    public func rates(from: CurrencyCode, to: CurrencyCode, days: ClosedRange<CalendarDay>) throws(ExchangeRatesError) -> [ExchangeRate] {
        let path = days.lowerBound == days.upperBound ? days.lowerBound.iso : days.lowerBound.iso + ".." + days.upperBound.iso
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "from", value: from.code), URLQueryItem(name: "to", value: to.code)]
        let response: HTTPResponse
        do {
            // A day's rates are some 40 bytes; a range of 30 years is under 1 MB.
            response = try client.get(components.url!, headers: [:], maxResponseBytes: 4 << 20)
        } catch {
            switch error {
            case .timeout: throw .unavailable(host: host, reason: "it did not answer in time")
            case .connectivity: throw .unavailable(host: host, reason: "it could not be reached")
            case .tooLarge: throw .unavailable(host: host, reason: "its answer was larger than any range of rates")
            }
        }
        return try RatesMapper.map(response, from: from, to: to, days: days, host: host)
    }

    private var host: String { baseURL.host ?? "the exchange-rates service" }
}

/// The API's DTO and its mapping: private to this adapter.
private enum RatesMapper {
    static func map(_ response: HTTPResponse, from: CurrencyCode, to: CurrencyCode, days: ClosedRange<CalendarDay>, host: String) throws(ExchangeRatesError) -> [ExchangeRate] {
        switch response.statusCode {
        case 200: break
        case 404, 422: return []
        case 429: throw .unavailable(host: host, reason: "it is limiting requests; try again in a minute")
        default: throw .unavailable(host: host, reason: "it answered HTTP \(response.statusCode)")
        }
        let unreadable = ExchangeRatesError.unavailable(host: host, reason: "its answer was not a set of rates")
        guard let json = try? ServerJSON.parse(response.body), json["base"]?.string == from.code, let rates = json["rates"] else { throw unreadable }
        let byDay: [(day: String, rates: ServerJSON)]
        if let single = json["date"]?.string {
            byDay = [(single, rates)]
        } else {
            guard let members = rates.members else { throw unreadable }
            byDay = members.map { ($0.key, $0.value) }
        }
        var found: [ExchangeRate] = []
        found.reserveCapacity(byDay.count)
        for (text, dayRates) in byDay {
            // A day after the range, or long before it, is no answer to this request.
            guard let day = CalendarDay(iso: text), day <= days.upperBound, day.daysSinceEpoch >= days.lowerBound.daysSinceEpoch - 31 else { throw unreadable }
            guard let number = dayRates[to.code] else { continue }
            guard let rate = number.number.flatMap(plainDecimal).flatMap({ FixedDecimal($0) }), rate > .zero, rate <= ExchangeRatesLedgerCodec.maximumRate else { throw unreadable }
            found.append(ExchangeRate(from: from, to: to, day: day, rate: rate))
        }
        return found
    }

    /// A JSON number as plain decimal text: Ruby, which Frankfurter is written in, writes a rate
    /// under 0.0001 as `6.1e-05`. Moved digit by digit, so no binary float rounds it.
    static func plainDecimal(_ number: String) -> String? {
        let parts = number.lowercased().split(separator: "e", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        guard parts.count == 2, let exponent = Int(parts[1]), abs(exponent) <= 30 else { return parts.count == 1 ? number : nil }
        let mantissa = parts[0]
        let negative = mantissa.hasPrefix("-")
        let unsigned = negative ? mantissa.dropFirst() : mantissa[...]
        let pieces = unsigned.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count) else { return nil }
        var digits = String(pieces[0]) + (pieces.count == 2 ? String(pieces[1]) : "")
        var point = pieces[0].count + exponent
        if point <= 0 { digits = String(repeating: "0", count: 1 - point) + digits; point = 1 }
        if point > digits.count { digits += String(repeating: "0", count: point - digits.count) }
        let whole = digits.prefix(point), fraction = digits.dropFirst(point)
        return (negative ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
    }
}
