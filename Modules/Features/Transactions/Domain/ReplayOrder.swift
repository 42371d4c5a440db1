import Ledger

/// Where a transaction goes when a history is replayed: by day, then by the holdings rule's rank
/// (`Transaction.holdingsRank`), then by id (`LedgerIdentifier.orderKey`, then the whole id).
/// Every part is the record's own content, so the same history gives the same order, and the
/// same figures, whatever order its lines were written in: on another device after a sync, after
/// a new note, rebuilt from the log or kept in a checkpoint. A new id ends with the time it was
/// made, so a day's records of one rank keep the order they were entered in (shares moved into an
/// account, then on from it), and an edit, which keeps the id, never moves one.
public struct ReplayPlace: Comparable, Hashable, Sendable {
    /// Day and rank, packed: the day's offset from `Int32.min` above two bits of rank.
    public let dayAndRank: UInt64
    public let id: String

    public init(dayAndRank: UInt64, id: String) {
        (self.dayAndRank, self.id) = (dayAndRank, id)
    }

    /// Before every transaction's place.
    public static let start = ReplayPlace(dayAndRank: 0, id: "")

    public static func < (lhs: ReplayPlace, rhs: ReplayPlace) -> Bool {
        lhs.dayAndRank != rhs.dayAndRank ? lhs.dayAndRank < rhs.dayAndRank : ReplayOrder.ids(lhs.id, before: rhs.id)
    }
}

extension Transaction {
    public var replayPlace: ReplayPlace { ReplayPlace(dayAndRank: replayDayAndRank, id: id) }

    /// Whether a replay folds this transaction before `other`.
    public func replays(before other: Transaction) -> Bool {
        let (day, otherDay) = (replayDayAndRank, other.replayDayAndRank)
        return day != otherDay ? day < otherDay : ReplayOrder.ids(id, before: other.id)
    }

    var replayDayAndRank: UInt64 { ReplayOrder.day(date) << 2 | UInt64(holdingsRank) }
}

public enum ReplayOrder {
    /// The indices of `transactions` in a replay's order (`ReplayPlace`).
    ///
    /// Sorts packed integer keys (day, rank, position), not the transactions: moving structs that
    /// hold strings costs a retain and release per move. Only a run of one day and rank, rare
    /// and short, is then ordered by id.
    public static func indices(of transactions: [Transaction]) -> [Int] {
        var keys = [UInt64](repeating: 0, count: transactions.count)
        for (position, transaction) in transactions.enumerated() {
            keys[position] = transaction.replayDayAndRank << 30 | UInt64(position)
        }
        sort(&keys, positionBits: 30) { transactions[$0].id }
        return keys.map { Int($0 & 0x3FFF_FFFF) }
    }

    /// Sorts `keys`, an order's fields above `positionBits` and a position below them, then each
    /// run of equal fields by `id(position)`, ties (two legs of one record) by position. Each id
    /// of a run is read, and its time decoded, once, not at every comparison.
    public static func sort(_ keys: inout [UInt64], positionBits: Int, id: (Int) -> String) {
        keys.sort()
        let mask: UInt64 = (1 << UInt64(positionBits)) - 1
        var start = 0
        while start < keys.count {
            var end = start + 1
            while end < keys.count, keys[end] >> positionBits == keys[start] >> positionBits { end += 1 }
            if end - start > 1 {
                let run = keys[start..<end].map { key in
                    let text = id(Int(key & mask))
                    return (order: LedgerIdentifier.orderKey(of: text), id: text, key: key)
                }.sorted { ($0.order, $0.id, $0.key) < ($1.order, $1.id, $1.key) }
                keys.replaceSubrange(start..<end, with: run.map(\.key))
            }
            start = end
        }
    }

    /// The order of two ids of one day and rank: when each was made, then the whole id.
    public static func ids(_ id: String, before other: String) -> Bool {
        let (key, otherKey) = (LedgerIdentifier.orderKey(of: id), LedgerIdentifier.orderKey(of: other))
        return key != otherKey ? key < otherKey : id < other
    }

    /// A day as an unsigned number in the same order.
    @inline(__always)
    public static func day(_ date: CalendarDay) -> UInt64 {
        UInt64(UInt32(bitPattern: date.daysSinceEpoch &+ Int32.min))
    }
}
