import FixedPoint

/// A gain in the base currency, split into what the price did and what the currency did.
public struct CurrencySplitGain: Equatable, Sendable {
    public let total: FixedDecimal
    /// The gain in the trading currency, at the rate of the day it is valued or realized.
    public let price: FixedDecimal
    /// The cost in the trading currency at that rate, less the cost at each trade's own rate:
    /// what the currency's move alone made or lost.
    public let currency: FixedDecimal

    public init(total: FixedDecimal, price: FixedDecimal, currency: FixedDecimal) {
        self.total = total
        self.price = price
        self.currency = currency
    }
}

public enum CurrencyValuationError: Error, Equatable {
    /// A figure past `FixedDecimal`'s range: refused, never a trap.
    case overflow
    /// More shares sold than held.
    case oversold
}

/// A position in a currency other than the base one, at average cost, carried in both: its cost
/// in the trading currency, and in the base currency at the rate of each trade's own day, never
/// today's. So the cost basis doesn't move with the currency, and a gain splits into price and
/// currency:
///
///     price gain    = (value − cost) in the trading currency × today's rate
///     currency gain = cost in the trading currency × today's rate − cost in the base currency
///
/// which add up to the value less the cost, both in the base currency.
public struct ForeignPosition: Equatable, Sendable {
    public private(set) var quantity: FixedDecimal = .zero
    /// In the trading currency.
    public private(set) var cost: FixedDecimal = .zero
    /// In the base currency, each buy at its day's rate.
    public private(set) var baseCost: FixedDecimal = .zero

    public init() {}

    /// `cost` in the trading currency, converted at `rate` (1 trading = `rate` base) of the trade's day.
    public mutating func buy(quantity: FixedDecimal, cost: FixedDecimal, rate: FixedDecimal) throws(CurrencyValuationError) {
        guard let base = cost.multiplied(by: rate) else { throw .overflow }
        self.quantity = try Self.sum(self.quantity, quantity)
        self.cost = try Self.sum(self.cost, cost)
        baseCost = try Self.sum(baseCost, base)
    }

    /// Takes the sold shares' share of both costs, and realizes the difference from the proceeds
    /// at the sale's day's rate.
    public mutating func sell(quantity sold: FixedDecimal, proceeds: FixedDecimal, rate: FixedDecimal) throws(CurrencyValuationError) -> CurrencySplitGain {
        guard sold <= quantity, sold > .zero else { throw .oversold }
        guard let soldCost = cost.scaled(by: sold, over: quantity), let soldBaseCost = baseCost.scaled(by: sold, over: quantity) else { throw .overflow }
        let gain = try Self.split(value: proceeds, cost: soldCost, baseCost: soldBaseCost, rate: rate)
        quantity = quantity - sold
        cost = cost - soldCost
        baseCost = baseCost - soldBaseCost
        return gain
    }

    /// What is held, at `price` (in the trading currency's major unit) and today's `rate`.
    public func unrealized(price: FixedDecimal, rate: FixedDecimal) throws(CurrencyValuationError) -> (value: FixedDecimal, gain: CurrencySplitGain) {
        guard let value = quantity.multiplied(by: price) else { throw .overflow }
        let gain = try Self.split(value: value, cost: cost, baseCost: baseCost, rate: rate)
        guard let baseValue = value.multiplied(by: rate) else { throw .overflow }
        return (baseValue, gain)
    }

    private static func split(value: FixedDecimal, cost: FixedDecimal, baseCost: FixedDecimal, rate: FixedDecimal) throws(CurrencyValuationError) -> CurrencySplitGain {
        guard let price = value.subtracting(cost)?.multiplied(by: rate), let costNow = cost.multiplied(by: rate), let baseValue = value.multiplied(by: rate),
              let total = baseValue.subtracting(baseCost), let currency = costNow.subtracting(baseCost) else {
            throw .overflow
        }
        return CurrencySplitGain(total: total, price: price, currency: currency)
    }

    private static func sum(_ a: FixedDecimal, _ b: FixedDecimal) throws(CurrencyValuationError) -> FixedDecimal {
        guard let total = a.adding(b) else { throw .overflow }
        return total
    }
}
