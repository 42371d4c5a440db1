import Foundation

/// A quote service's limit of so many requests in any 60 seconds (Finnhub's free plan: 60),
/// counted over time rather than per run: how long the next request must wait, given when the
/// last ones went, this run's and the runs' before it.
public struct QuotePacing: Equatable, Sendable {
    public static let window: TimeInterval = 60
    /// Finnhub's free plan.
    public static let freePlan = QuotePacing(perMinute: 60)

    public let perMinute: Int

    public init(perMinute: Int) {
        self.perMinute = max(1, perMinute)
    }

    /// 0 when a request may go at `now`; else the seconds until enough of the window's requests
    /// have left it.
    public func wait(at now: Date, after sent: [Date]) -> TimeInterval {
        let recent = inWindow(sent, at: now)
        guard recent.count >= perMinute else { return 0 }
        return recent[recent.count - perMinute].addingTimeInterval(Self.window).timeIntervalSince(now)
    }

    /// The requests still counted at `now`, oldest first: what is worth remembering.
    public func inWindow(_ sent: [Date], at now: Date) -> [Date] {
        sent.filter { $0 > now.addingTimeInterval(-Self.window) }.sorted()
    }
}
