import Foundation

/// Decides whether a cached price is recent enough to use instead of asking the network.
public struct PricesCachePolicy: Sendable {
    public let maxAge: TimeInterval

    public init(maxAge: TimeInterval) {
        self.maxAge = maxAge
    }

    public func isFresh(fetchedAt: Date, now: Date) -> Bool {
        now.timeIntervalSince(fetchedAt) < maxAge && fetchedAt <= now
    }
}
