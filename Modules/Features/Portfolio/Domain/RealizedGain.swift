import Foundation
import FixedPoint
import Transactions
import Ledger

/// Which shares a sell is taken to have sold, deciding cost basis and realized profit.
public enum CostBasisMethod: String, CaseIterable, Sendable {
    /// Moving average: every share held costs the same (the default, as most brokers show it).
    case average
    /// First in, first out: a sell takes the oldest shares still held.
    case fifo
}

/// What one sell realized: proceeds less the cost of the shares it sold.
public struct RealizedGain: Equatable, Sendable {
    /// The part of one buy a sell took, under FIFO.
    public struct ConsumedLot: Equatable, Sendable {
        public let boughtOn: CalendarDay
        public let quantity: FixedDecimal
        public let cost: FixedDecimal

        public init(boughtOn: CalendarDay, quantity: FixedDecimal, cost: FixedDecimal) {
            self.boughtOn = boughtOn
            self.quantity = quantity
            self.cost = cost
        }
    }

    public let transactionID: String
    public let date: CalendarDay
    public let ticker: String
    public let quantity: FixedDecimal
    public let proceeds: FixedDecimal
    public let cost: FixedDecimal
    /// Empty under the moving average, which consumes no particular lot.
    public let lots: [ConsumedLot]
    /// Sold while some of the holding's shares were of unknown cost (an opening whose cost
    /// isn't set): `cost`, and so the gain, are not known.
    public let costUnknown: Bool

    public init(transactionID: String, date: CalendarDay, ticker: String, quantity: FixedDecimal, proceeds: FixedDecimal, cost: FixedDecimal,
                lots: [ConsumedLot], costUnknown: Bool = false) {
        (self.transactionID, self.date, self.ticker, self.quantity) = (transactionID, date, ticker, quantity)
        (self.proceeds, self.cost, self.lots, self.costUnknown) = (proceeds, cost, lots, costUnknown)
    }

    public var gain: FixedDecimal { proceeds - cost }
}

/// Realized gains added up per calendar year of the sell.
public struct YearlyGains: Equatable, Sendable {
    public let year: Int
    public let proceeds: FixedDecimal
    public let cost: FixedDecimal
    public var gain: FixedDecimal { proceeds - cost }

    /// Added up in one pass, so a long list is never grouped into copies.
    public static func totals<Gains: Sequence>(of gains: Gains) -> [YearlyGains] where Gains.Element == RealizedGain {
        var byYear: [Int: (proceeds: FixedDecimal, cost: FixedDecimal)] = [:]
        for sell in gains {
            let year = sell.date.components.year
            let total = byYear[year] ?? (.zero, .zero)
            byYear[year] = (total.proceeds + sell.proceeds, total.cost + sell.cost)
        }
        return byYear.map { YearlyGains(year: $0.key, proceeds: $0.value.proceeds, cost: $0.value.cost) }.sorted { $0.year < $1.year }
    }
}
