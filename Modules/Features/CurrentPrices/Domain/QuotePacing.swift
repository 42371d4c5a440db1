import Foundation

/// A service's limit of so many requests in any `window` (Finnhub's free plan: 60 a minute;
/// Twelve Data's: 8 a minute and 800 a day), counted over time rather than per run: how long the
/// next request must wait, given when the last ones went, this run's and the runs' before it.
public struct QuotePacing: Equatable, Sendable {
    public static let minute: TimeInterval = 60
    /// Finnhub's free plan.
    public static let freePlan = QuotePacing(perMinute: 60, margin: Self.margin)
    /// How long past its window a request is still counted: the service counts a request from
    /// when it arrives, which is after the pacer let it go (a connection made, a slow network),
    /// and by its own clock.
    public static let margin: TimeInterval = 2

    public let limit: Int
    public let window: TimeInterval
    public let margin: TimeInterval

    public init(limit: Int, per window: TimeInterval, margin: TimeInterval = 0) {
        self.limit = max(1, limit)
        self.window = window
        self.margin = max(0, margin)
    }

    public init(perMinute: Int, margin: TimeInterval = 0) {
        self.init(limit: perMinute, per: Self.minute, margin: margin)
    }

    /// 0 when a request may go at `now`; else the seconds until enough of the window's requests
    /// have left it.
    public func wait(at now: Date, after sent: [Date]) -> TimeInterval {
        let recent = inWindow(sent, at: now)
        guard recent.count >= limit else { return 0 }
        return recent[recent.count - limit].addingTimeInterval(window + margin).timeIntervalSince(now)
    }

    /// The requests still counted at `now`, oldest first: what is worth remembering.
    public func inWindow(_ sent: [Date], at now: Date) -> [Date] {
        sent.filter { $0 > now.addingTimeInterval(-(window + margin)) }.sorted()
    }

    /// How the limit reads in a message: "60 requests a minute", "800 requests a day".
    public var wording: String {
        let per = window == Self.minute ? "a minute" : window == 86_400 ? "a day" : "in \(Int(window)) s"
        return "\(limit) requests \(per)"
    }
}
