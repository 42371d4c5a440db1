import Foundation
import FixedPoint
import CurrentPrices
import Networking
import Transactions

/// Finnhub's `GET /quote?symbol=T`, or anything that speaks it.
public final class FinnhubPriceLoader: PriceLoader, Sendable {
    public static let defaultBaseURL = URL(string: "https://finnhub.io/api/v1")!

    private let endpoint: FinnhubEndpoint
    private let now: @Sendable () -> Date

    public init(baseURL: URL, apiKey: String, client: HTTPClient, now: @escaping @Sendable () -> Date = Date.init) {
        endpoint = FinnhubEndpoint(baseURL: baseURL, apiKey: apiKey, client: client)
        self.now = now
    }

    public func loadPrice(for ticker: String) throws(PriceLoadingError) -> LoadedPrice {
        let response: HTTPResponse
        do {
            // A quote is a few hundred bytes; anything near the cap is not one.
            response = try endpoint.get("quote", [("symbol", ticker)], maxResponseBytes: 64 << 10)
        } catch {
            switch error {
            case .timeout: throw .timeout
            case .connectivity: throw .connectivity
            case .tooLarge: throw .invalidData
            }
        }
        let price = try QuoteMapper.map(response, ticker: ticker, fetchedAt: now())
        return LoadedPrice(price: price, source: .live)
    }
}

/// The API's DTO and its mapping: private to this adapter.
enum QuoteMapper {
    static func map(_ response: HTTPResponse, ticker: String, fetchedAt: Date) throws(PriceLoadingError) -> CurrentPrice {
        switch response.statusCode {
        case 200: break
        case 401: throw .unauthorized
        case 403: throw .forbidden
        case 429: throw .rateLimited(retryAfter: response.header("Retry-After").flatMap(TimeInterval.init))
        case 500...599: throw .server(status: response.statusCode)
        default: throw .invalidData
        }
        guard let quote = RemoteQuote.decode(response.body) else { throw .invalidData }
        if quote.c.isZero && quote.t == 0 { throw .unknownSymbol }
        return CurrentPrice(ticker: ticker, price: quote.c, change: quote.d, changePercent: quote.dp, previousClose: quote.pc,
                            quoteTime: Date(timeIntervalSince1970: TimeInterval(quote.t)), fetchedAt: fetchedAt,
                            open: quote.o, high: quote.h, low: quote.l)
    }

    /// `{"c":174.26,"d":1.2,"dp":0.69,"h":…,"l":…,"o":…,"pc":173.06,"t":1700000000}`. Numbers are read
    /// from their JSON text with `Decimal`, never through a binary float.
    struct RemoteQuote {
        let c: FixedDecimal, d: FixedDecimal?, dp: FixedDecimal?, pc: FixedDecimal, t: Int64
        /// Zero or absent when the service has no figure: kept as unknown.
        let o: FixedDecimal?, h: FixedDecimal?, l: FixedDecimal?

        static func decode(_ body: Data) -> RemoteQuote? {
            guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
                  let c = JSONNumber.fixed(object["c"]), let pc = JSONNumber.fixed(object["pc"]), let t = JSONNumber.fixed(object["t"]),
                  // Held to the caps typed prices are held to, before anything caches or keeps them.
                  c >= .zero, pc >= .zero, c <= cap, pc <= cap,
                  // Whole seconds up to the year 9999: anything else is invalid data, never a trap.
                  let seconds = Int64(exactly: t.units / FixedDecimal.scale), (0...latestQuoteTime).contains(seconds) else { return nil }
            func positive(_ key: String) -> FixedDecimal? { JSONNumber.fixed(object[key]).flatMap { $0 > .zero && $0 <= cap ? $0 : nil } }
            func bounded(_ key: String) -> FixedDecimal? { JSONNumber.fixed(object[key]).flatMap { $0 <= cap && $0 >= -cap ? $0 : nil } }
            return RemoteQuote(c: c, d: bounded("d"), dp: bounded("dp"), pc: pc, t: seconds, o: positive("o"), h: positive("h"), l: positive("l"))
        }

        private static let latestQuoteTime: Int64 = 253_402_300_799
        private static let cap = TransactionValidator.maximumValue
    }
}

/// A JSON number as an exact decimal, rounded to `FixedDecimal`'s digits; nil for null or text.
public enum JSONNumber {
    public static func fixed(_ value: Any?) -> FixedDecimal? {
        guard let number = value as? NSNumber, !(value is NSNull) else { return nil }
        var decimal = number.decimalValue
        var rounded = Decimal()
        NSDecimalRound(&rounded, &decimal, FixedDecimal.fractionDigits, .plain)
        return FixedDecimal(exactly: rounded)
    }
}
