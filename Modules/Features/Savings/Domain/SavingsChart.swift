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

/// The seed's two charts, from raw updates. Both run on to `now`, so a chart shows how fresh its
/// data is.
public enum SavingsChart {
    /// One account's updates in date order.
    public static func account(_ accountID: String, in book: SavingsBook, now: Date) -> [ChartPoint] {
        extendedToNow(book.updates(of: accountID).map { ChartPoint(at: $0.at, value: $0.value) }, now: now)
    }

    /// The whole portfolio, built over every update in date order: each update sets its
    /// account's running value (by id, never by name), and a point is the sum of those values.
    /// Closed accounts are left out, as in the seed; with `includingClosed`, each counts until it
    /// closed, when its value leaves the sum.
    public static func portfolio(_ book: SavingsBook, includingClosed: Bool, now: Date) -> [ChartPoint] {
        let counted = Dictionary(uniqueKeysWithValues: book.accounts.filter { includingClosed || $0.isActive }.map { ($0.id, $0) })
        enum Event { case value(String, FixedDecimal), close(String) }
        var events: [(at: Date, order: Int, event: Event)] = []
        for (index, update) in book.updates.enumerated() {
            guard let account = counted[update.accountID] else { continue }
            if let closedAt = account.closedAt, update.at > closedAt { continue }
            events.append((update.at, index, .value(update.accountID, update.value)))
        }
        for account in counted.values {
            if let closedAt = account.closedAt { events.append((closedAt, Int.max, .close(account.id))) }
        }
        events.sort { $0.at != $1.at ? $0.at < $1.at : $0.order < $1.order }
        var running: [String: FixedDecimal] = [:]
        var total = FixedDecimal.zero
        var points: [ChartPoint] = []
        points.reserveCapacity(events.count)
        for (at, _, event) in events {
            switch event {
            case let .value(id, value):
                total += value - (running[id] ?? .zero)
                running[id] = value
            case let .close(id):
                total -= running.removeValue(forKey: id) ?? .zero
            }
            points.append(ChartPoint(at: at, value: total))
        }
        return extendedToNow(points, now: now)
    }

    private static func extendedToNow(_ points: [ChartPoint], now: Date) -> [ChartPoint] {
        guard let last = points.last, last.at < now else { return points }
        return points + [ChartPoint(at: now, value: last.value, isChange: false)]
    }
}
