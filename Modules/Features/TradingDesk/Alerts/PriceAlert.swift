import Foundation
import FixedPoint

/// When an alert fires. Prices are money; the rest are percentages.
public enum AlertCondition: Equatable, Sendable {
    /// The price is at or above this.
    case above(FixedDecimal)
    /// The price is at or below this.
    case below(FixedDecimal)
    /// The day's change, up or down, is at least this many percent.
    case move(FixedDecimal)
    /// The position's unrealized loss is at least this many percent of its cost.
    case loss(FixedDecimal)
    /// The holding is at least this many percent of the portfolio's value.
    case weight(FixedDecimal)

    public var name: String {
        switch self {
        case .above: return "above"
        case .below: return "below"
        case .move: return "move"
        case .loss: return "loss"
        case .weight: return "weight"
        }
    }

    public var threshold: FixedDecimal {
        switch self {
        case let .above(value), let .below(value), let .move(value), let .loss(value), let .weight(value): return value
        }
    }

    public var isPercent: Bool {
        switch self {
        case .above, .below: return false
        case .move, .loss, .weight: return true
        }
    }

    public static let names = ["above", "below", "move", "loss", "weight"]

    public init?(name: String, threshold: FixedDecimal) {
        switch name {
        case "above": self = .above(threshold)
        case "below": self = .below(threshold)
        case "move": self = .move(threshold)
        case "loss": self = .loss(threshold)
        case "weight": self = .weight(threshold)
        default: return nil
        }
    }
}

public struct PriceAlert: Equatable, Sendable {
    public struct Firing: Equatable, Sendable {
        public let at: Date
        public let price: FixedDecimal
        /// What the condition measured: the price, or the percentage it compares.
        public let measured: FixedDecimal

        public init(at: Date, price: FixedDecimal, measured: FixedDecimal) {
            self.at = at
            self.price = price
            self.measured = measured
        }
    }

    public let id: String
    public let ticker: String
    public let condition: AlertCondition
    /// Fires at every check its condition holds, instead of once until re-armed.
    public let repeats: Bool
    public let createdAt: Date
    /// The last time it fired; nil while armed and never fired.
    public let fired: Firing?

    public init(id: String, ticker: String, condition: AlertCondition, repeats: Bool, createdAt: Date, fired: Firing?) {
        self.id = id
        self.ticker = ticker
        self.condition = condition
        self.repeats = repeats
        self.createdAt = createdAt
        self.fired = fired
    }

    /// Whether a check looks at it: a one-shot alert that fired waits to be re-armed.
    public var isArmed: Bool { fired == nil || repeats }

    public func firing(_ firing: Firing?) -> PriceAlert {
        PriceAlert(id: id, ticker: ticker, condition: condition, repeats: repeats, createdAt: createdAt, fired: firing)
    }
}

/// Whether an alert's condition holds. Pure: the price and the position are given.
public enum AlertPolicy {
    public struct Position: Equatable, Sendable {
        public let value: FixedDecimal
        public let costBasis: FixedDecimal
        /// The value of every priced holding together.
        public let portfolioValue: FixedDecimal

        public init(value: FixedDecimal, costBasis: FixedDecimal, portfolioValue: FixedDecimal) {
            self.value = value
            self.costBasis = costBasis
            self.portfolioValue = portfolioValue
        }
    }

    /// The measured value when the condition holds, else nil. Loss and weight never hold for a
    /// stock not held.
    public static func measure(_ condition: AlertCondition, price: FixedDecimal, previousClose: FixedDecimal, position: Position?) -> FixedDecimal? {
        switch condition {
        case let .above(limit): return price >= limit ? price : nil
        case let .below(limit): return price <= limit ? price : nil
        case let .move(percent):
            guard let change = (price - previousClose).scaled(by: 100, over: previousClose) else { return nil }
            return abs(change) >= percent ? change : nil
        case let .loss(percent):
            guard let position, let loss = (position.costBasis - position.value).scaled(by: 100, over: position.costBasis) else { return nil }
            return loss >= percent ? loss : nil
        case let .weight(percent):
            guard let position, let weight = position.value.scaled(by: 100, over: position.portfolioValue) else { return nil }
            return weight >= percent ? weight : nil
        }
    }
}

private func abs(_ value: FixedDecimal) -> FixedDecimal { value < .zero ? -value : value }
