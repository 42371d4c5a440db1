import Foundation
import FixedPoint

/// A price the user sets for an asset no quote service lists (a private fund, a house), valid
/// as of `day` (YYYY-MM-DD) until changed or removed.
public struct ManualPrice: Equatable, Sendable {
    public let ticker: String
    public let price: FixedDecimal
    /// The calendar day the price is for, `YYYY-MM-DD`.
    public let day: String
    public let setAt: Date

    public init(ticker: String, price: FixedDecimal, day: String, setAt: Date) {
        self.ticker = ticker
        self.price = price
        self.day = day
        self.setAt = setAt
    }

    /// As a loaded price: no change is known, and its time is the start of its day (UTC).
    public var loaded: LoadedPrice {
        let time = ManualPrice.startOfDay(day) ?? setAt
        return LoadedPrice(price: CurrentPrice(ticker: ticker, price: price, change: nil, changePercent: nil, previousClose: price,
                                               quoteTime: time, fetchedAt: time), source: .manual)
    }

    /// `YYYY-MM-DD` as midnight UTC, or nil when it isn't a real date.
    static func startOfDay(_ day: String) -> Date? {
        let parts = day.split(separator: "-")
        guard day.count == 10, parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let date = Int(parts[2]),
              (1...12).contains(month), (1...31).contains(date) else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month, date)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let start = calendar.date(from: components), calendar.component(.day, from: start) == date else { return nil }
        return start
    }
}
