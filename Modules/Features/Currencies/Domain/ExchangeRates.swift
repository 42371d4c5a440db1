import FixedPoint
import Ledger

/// One reference rate: on `day`, one `from` was worth `rate` of `to`.
public struct ExchangeRate: Equatable, Sendable {
    public let from: CurrencyCode
    public let to: CurrencyCode
    public let day: CalendarDay
    public let rate: FixedDecimal

    public init(from: CurrencyCode, to: CurrencyCode, day: CalendarDay, rate: FixedDecimal) {
        self.from = from
        self.to = to
        self.day = day
        self.rate = rate
    }
}

/// The days of one pair that were asked of the rates provider: within them, a day without a
/// rate (a weekend, a holiday) has none to fetch, and takes the working day's before it.
public struct RatesCoverage: Equatable, Sendable {
    public let from: CurrencyCode
    public let to: CurrencyCode
    public let first: CalendarDay
    public let last: CalendarDay

    public init(from: CurrencyCode, to: CurrencyCode, first: CalendarDay, last: CalendarDay) {
        self.from = from
        self.to = to
        self.first = first
        self.last = last
    }

    public func covers(_ days: ClosedRange<CalendarDay>) -> Bool { first <= days.lowerBound && days.upperBound <= last }
}

/// Kept rates, looked up as the ECB publishes them: a day's rate is the latest published on or
/// before it, so a trade on a Saturday converts at Friday's rate.
public struct ExchangeRates: Equatable, Sendable {
    /// One day's rate of a pair, kept without the pair's codes, which its thousands of days share:
    /// a plain value, copied and compared as bytes.
    public struct DayRate: Equatable, Sendable {
        public let day: CalendarDay
        public let rate: FixedDecimal

        @_spi(Projections) public init(day: CalendarDay, rate: FixedDecimal) {
            self.day = day
            self.rate = rate
        }
    }

    struct Pair: Hashable {
        let from: CurrencyCode
        let to: CurrencyCode
    }

    /// Each pair's rates in day order, a day's rates in the order kept.
    var byPair: [Pair: [DayRate]] = [:]

    /// Each pair's days as the projection engine keeps them, filed as they are, not sorted again;
    /// nil when a pair comes twice, or has no day, or its days are out of order.
    @_spi(Projections) public init?(filed pairs: [(from: CurrencyCode, to: CurrencyCode, rates: [DayRate])]) {
        for pair in pairs {
            guard !pair.rates.isEmpty, pair.rates.isInDayOrder, byPair.updateValue(pair.rates, forKey: Pair(from: pair.from, to: pair.to)) == nil else { return nil }
        }
    }


    /// Rates come mostly in runs of one pair (as kept, a fetch at a time): each run is filed
    /// under its pair with one lookup, not one per rate (twenty years of daily rates are 5,000).
    public init(_ rates: [ExchangeRate]) {
        var runStart = rates.startIndex
        for index in rates.indices where index + 1 == rates.endIndex || rates[index + 1].from != rates[index].from || rates[index + 1].to != rates[index].to {
            byPair[Pair(from: rates[index].from, to: rates[index].to), default: []].append(contentsOf: rates[runStart...index].map { DayRate(day: $0.day, rate: $0.rate) })
            runStart = index + 1
        }
        for key in byPair.keys where !byPair[key]!.isInDayOrder { byPair[key]!.sort { $0.day < $1.day } }
    }

    /// The rate that converts `from` into `to` on `day`: 1 for one currency, else the latest kept
    /// on or before the day; nil when none is kept that early.
    public func rate(from: CurrencyCode, to: CurrencyCode, on day: CalendarDay) -> ExchangeRate? {
        if from == to { return ExchangeRate(from: from, to: to, day: day, rate: 1) }
        guard let rates = byPair[Pair(from: from, to: to)] else { return nil }
        var low = 0, high = rates.count
        while low < high {
            let middle = (low + high) / 2
            if rates[middle].day <= day { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : ExchangeRate(from: from, to: to, day: rates[low - 1].day, rate: rates[low - 1].rate)
    }

    /// The pair's rates in day order.
    public func days(from: CurrencyCode, to: CurrencyCode) -> [DayRate] { byPair[Pair(from: from, to: to)] ?? [] }

    public func all(from: CurrencyCode, to: CurrencyCode) -> [ExchangeRate] {
        days(from: from, to: to).map { ExchangeRate(from: from, to: to, day: $0.day, rate: $0.rate) }
    }

    /// In its place among its pair's days, after any of the same day.
    mutating func insert(_ rate: ExchangeRate) {
        let pair = Pair(from: rate.from, to: rate.to), dayRate = DayRate(day: rate.day, rate: rate.rate)
        var rates = byPair.removeValue(forKey: pair) ?? []
        if let last = rates.last, last.day > rate.day {
            rates.insert(dayRate, at: rates.firstIndex { $0.day > rate.day }!)
        } else {
            rates.append(dayRate)
        }
        byPair[pair] = rates
    }

    /// Takes out the pair's rate of `rate`'s day, when it is `rate`.
    mutating func remove(_ rate: ExchangeRate) {
        let pair = Pair(from: rate.from, to: rate.to)
        guard let index = byPair[pair]?.firstIndex(of: DayRate(day: rate.day, rate: rate.rate)) else { return }
        byPair[pair]!.remove(at: index)
        if byPair[pair]!.isEmpty { byPair[pair] = nil }
    }

    public var pairs: [(from: CurrencyCode, to: CurrencyCode)] {
        byPair.keys.sorted { ($0.from, $0.to) < ($1.from, $1.to) }.map { ($0.from, $0.to) }
    }
}

extension [ExchangeRates.DayRate] {
    var isInDayOrder: Bool { indices.dropFirst().allSatisfy { self[$0 - 1].day <= self[$0].day } }
}
