import Foundation
import FixedPoint
import Transactions
import Ledger

/// Which shares a sell is taken to have sold, deciding cost basis and realized profit.
public enum CostBasisMethod: String, CaseIterable, Sendable {
    /// Moving average: every share held costs the same (seed 002's behaviour).
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

    public var gain: FixedDecimal { proceeds - cost }
}

/// Realized gains added up per calendar year of the sell.
public struct YearlyGains: Equatable, Sendable {
    public let year: Int
    public let proceeds: FixedDecimal
    public let cost: FixedDecimal
    public var gain: FixedDecimal { proceeds - cost }

    public static func totals(of gains: [RealizedGain]) -> [YearlyGains] {
        Dictionary(grouping: gains) { $0.date.components.year }
            .map { year, sells in
                YearlyGains(year: year, proceeds: sells.reduce(.zero) { $0 + $1.proceeds }, cost: sells.reduce(.zero) { $0 + $1.cost })
            }
            .sorted { $0.year < $1.year }
    }
}
