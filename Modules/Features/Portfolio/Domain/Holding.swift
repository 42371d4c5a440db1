import Foundation
import FixedPoint
import CurrentPrices

/// One ticker's position, by the product's definitions plus moving-average cost.
public struct Holding: Equatable, Sendable {
    public let ticker: String
    public let quantity: FixedDecimal
    /// Moving average cost per share still held; nil when nothing is held.
    public let averageCost: FixedDecimal?
    /// What the shares still held cost.
    public let costBasis: FixedDecimal
    /// Sells less the cost of the shares sold, plus dividends, less fees.
    public let realizedProfit: FixedDecimal
    /// Sum of all buys and of the fees naming this ticker.
    public let expenses: FixedDecimal
    /// Sum of all sells and dividends.
    public let income: FixedDecimal
    /// Nil when no price could be had: the holding is then left out of every total.
    public let price: LoadedPrice?
    /// A buy of shares at a cost not known yet (an import's opening) is counted, at 0: the
    /// profit (and, while those shares are held, the cost basis) leave that cost out.
    public let costUnknown: Bool

    public init(ticker: String, quantity: FixedDecimal, averageCost: FixedDecimal?, costBasis: FixedDecimal, realizedProfit: FixedDecimal,
                expenses: FixedDecimal, income: FixedDecimal, price: LoadedPrice?, costUnknown: Bool = false) {
        (self.ticker, self.quantity, self.averageCost, self.costBasis) = (ticker, quantity, averageCost, costBasis)
        (self.realizedProfit, self.expenses, self.income, self.price, self.costUnknown) = (realizedProfit, expenses, income, price, costUnknown)
    }

    /// Nil without a price, or when quantity × price is too large to count.
    public var value: FixedDecimal? { price.flatMap { quantity.multiplied(by: $0.price.price) } }
    public var unrealizedProfit: FixedDecimal? { value.map { $0 - costBasis } }
    public var unrealizedProfitPercent: FixedDecimal? { unrealizedProfit.flatMap { percent($0, of: costBasis) } }
    /// value + income − expenses; for a sold-out ticker, value is 0 and needs no price.
    public var profit: FixedDecimal? {
        let currentValue = quantity.isZero ? .zero : value
        return currentValue.map { $0 + income - expenses }
    }
    public var profitPercent: FixedDecimal? { profit.flatMap { percent($0, of: expenses) } }
    /// Change since the previous close, for the shares held.
    public var todayChange: FixedDecimal? {
        price.flatMap { quantity.multiplied(by: $0.price.price - $0.price.previousClose) }
    }
    public var isOpen: Bool { !quantity.isZero }
}

func percent(_ part: FixedDecimal, of whole: FixedDecimal) -> FixedDecimal? {
    part.scaled(by: FixedDecimal(100), over: whole)
}
