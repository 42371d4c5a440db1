import Foundation
import FixedPoint

/// A point of a value-over-time chart.
public struct ChartPoint: Equatable, Sendable {
    public let at: Date
    public let value: FixedDecimal
    /// False for the point that carries the line on to today, where nothing changed.
    public let isChange: Bool

    public init(at: Date, value: FixedDecimal, isChange: Bool = true) {
        self.at = at
        self.value = value
        self.isChange = isChange
    }
}

/// The two charts, from raw updates. Both run on to `now`, so a chart shows how fresh its
/// data is.
public enum SavingsChart {
    /// One account's updates in date order.
    public static func account(_ accountID: String, in book: SavingsBook, now: Date) -> [ChartPoint] {
        extendedToNow(book.updates(of: accountID).map { ChartPoint(at: $0.at, value: $0.value) }, now: now)
    }

    /// The whole portfolio, built over every update in date order: each update sets its
    /// account's running value (by id, never by name), and a point is the sum of those values.
    /// Closed accounts are left out, as a user expects; with `includingClosed`, each counts until it
    /// closed, when its value leaves the sum.
    public static func portfolio(_ book: SavingsBook, includingClosed: Bool, now: Date) -> [ChartPoint] {
        let counted = book.accounts.filter { includingClosed || $0.isActive }
        let position = Dictionary(uniqueKeysWithValues: counted.enumerated().map { ($0.element.id, $0.offset) })
        let closes = counted.indices.compactMap { index in counted[index].closedAt.map { (at: $0, account: index) } }.sorted { $0.at < $1.at }
        // Running values by account position, not by name or in a dictionary: one lookup per update.
        var running = [FixedDecimal](repeating: .zero, count: counted.count)
        var total = FixedDecimal.zero, nextClose = 0
        var points: [ChartPoint] = []
        points.reserveCapacity(book.updates.count + closes.count + 1)
        func close(before time: Date?) {
            while nextClose < closes.count, time.map({ closes[nextClose].at < $0 }) ?? true {
                let (at, account) = closes[nextClose]
                total -= running[account]
                running[account] = .zero
                points.append(ChartPoint(at: at, value: total))
                nextClose += 1
            }
        }
        for update in book.updates {
            guard let account = position[update.accountID] else { continue }
            if let closedAt = counted[account].closedAt, update.at > closedAt { continue }
            close(before: update.at)
            total += update.value - running[account]
            running[account] = update.value
            points.append(ChartPoint(at: update.at, value: total))
        }
        close(before: nil)
        return extendedToNow(points, now: now)
    }

    /// Times are kept to the second, so the chart ends at this second.
    private static func extendedToNow(_ points: [ChartPoint], now: Date) -> [ChartPoint] {
        let now = SavingsRules.toTheSecond(now)
        guard let last = points.last, last.at < now else { return points }
        return points + [ChartPoint(at: now, value: last.value, isChange: false)]
    }
}
