import Foundation
import FixedPoint

/// Made-up prices: each step moves up to 2% either way from the last price, kept
/// within 50%–150% of the start and rounded to the cent, all in exact decimals. The randomness
/// is injected, so a test can fix it.
public struct RandomWalk {
    public private(set) var price: FixedDecimal
    private let low: FixedDecimal
    private let high: FixedDecimal

    public init(start: FixedDecimal) {
        price = start
        low = start.scaled(by: FixedDecimal(1), over: FixedDecimal(2))!
        high = start.scaled(by: FixedDecimal(3), over: FixedDecimal(2))!
    }

    /// - Parameter random: a number in 0...400, the step in hundredths of a percent from −2%.
    public mutating func step(_ random: Int) -> FixedDecimal {
        let basisPoints = FixedDecimal(min(max(random, 0), 400) - 200)
        let moved = price + price.scaled(by: basisPoints, over: FixedDecimal(10_000))!
        price = min(max(moved, low), high).rounded(toFractionDigits: 2)
        return price
    }
}

/// When to try a dropped connection again: doubling from half a second up to 30 s, each delay
/// spread by ±50% so many clients don't retry in step.
public enum ReconnectPolicy {
    /// - Parameters:
    ///   - attempt: failures in a row so far, from 0.
    ///   - jitter: a number in 0...1.
    public static func delay(afterAttempt attempt: Int, jitter: Double) -> TimeInterval {
        let base = min(30, 0.5 * Double(1 << min(attempt, 10)))
        return base * (0.5 + min(max(jitter, 0), 1))
    }
}
