import FixedPoint
import Ledger
@_spi(Projections) import Transactions

// The checkpoint layouts of the transactions' projections. A new layout gets a new name.

extension TransactionsTally: CheckpointableProjection {
    public var checkpointName: String { "transactions-tally-v8-\(base)" }

    public func write(to writer: inout PackedWriter) {
        writer.write(base)
        writer.write(pots.count)
        for (pot, tally) in pots {
            writer.write(pot)
            // Days as steps from the one before: a few bytes each, thousands of them in 20 years.
            writer.writeCompact(tally.days.count)
            var previous = Int(tally.days.first?.day.daysSinceEpoch ?? 0)
            writer.writeCompact(previous)
            for day in tally.days {
                writer.writeCompact(Int(day.day.daysSinceEpoch) - previous)
                previous = Int(day.day.daysSinceEpoch)
                writer.writeCompact(day.net.units)
                writer.writeCompact(day.moneyOut)
                writer.writeCompact(day.movements)
            }
        }
        writer.write(potTracking.count)
        for (pot, count) in potTracking {
            writer.write(pot)
            writer.write(count)
        }
        writer.write(holdings.count)
        for (key, holding) in holdings {
            writer.write(key.account)
            writer.write(key.ticker)
            writer.write(holding.held.units)
            writer.write(holding.wasViolated)
        }
        writer.write(combinedHoldings.count)
        for (ticker, holding) in combinedHoldings {
            writer.write(ticker)
            writer.write(holding.held.units)
            writer.write(holding.wasViolated)
        }
        writer.write(places: lastPlace)
    }

    public func decoded(from reader: inout PackedReader) throws(PackedReader.Damaged) -> TransactionsTally? {
        guard try reader.readString() == base else { return nil }
        var pots: [CashPot: Pot] = [:], holdings: [HoldingKey: Holding] = [:], combinedHoldings: [String: Holding] = [:]
        for _ in 0..<(try reader.readCount()) {
            let pot = try reader.readPot()
            let count = try reader.readCompactCount()
            var day = try reader.readCompactInt32()
            var days: [DayNet] = []
            days.reserveCapacity(count)
            for _ in 0..<count {
                let (step, overflow) = day.addingReportingOverflow(try reader.readCompactInt32())
                guard !overflow else { throw PackedReader.Damaged() }
                day = step
                let net = FixedDecimal(units: try reader.readCompactInt128())
                days.append(DayNet(day: CalendarDay(daysSinceEpoch: day), net: net, moneyOut: Int(try reader.readCompactInt32()),
                                   movements: Int(try reader.readCompactInt32())))
            }
            pots[pot] = Pot(days: days)
        }
        var potTracking: [CashPot: Int] = [:]
        for _ in 0..<(try reader.readCount()) {
            let pot = try reader.readPot(), count = try reader.readNonNegative()
            guard count > 0, potTracking.updateValue(count, forKey: pot) == nil else { throw PackedReader.Damaged() }
        }
        for _ in 0..<(try reader.readCount()) {
            let key = HoldingKey(account: try reader.readOptionalString(), ticker: try reader.readString())
            holdings[key] = Holding(held: FixedDecimal(units: try reader.readInt128()), wasViolated: try reader.readBool())
        }
        for _ in 0..<(try reader.readCount()) {
            combinedHoldings[try reader.readString()] = Holding(held: FixedDecimal(units: try reader.readInt128()), wasViolated: try reader.readBool())
        }
        return TransactionsTally(base: base, pots: pots, potTracking: potTracking, holdings: holdings, combinedHoldings: combinedHoldings,
                                 lastPlace: try reader.readPlaces())
    }
}

extension NewestTransactions: CheckpointableProjection {
    public var checkpointName: String { "newest-transactions-v4-\(capacity)-\(base)" }

    public func write(to writer: inout PackedWriter) {
        writer.write(base)
        writer.write(capacity)
        writer.write(transactions: newest)
        Self.write(countsByDay.sorted { $0.key < $1.key }, to: &writer) { $1.writeCompact(Int($0)) }
        Self.write(countsByTicker.sorted { $0.key < $1.key }, to: &writer) { $1.writeCompact($0) }
        Self.write(countsByType.sorted { $0.key.rawValue < $1.key.rawValue }, to: &writer) { $1.writeCompact($0.rawValue) }
    }

    public func decoded(from reader: inout PackedReader) throws(PackedReader.Damaged) -> NewestTransactions? {
        guard try reader.readString() == base, try reader.readNonNegative() == capacity else { return nil }
        let decoded = NewestTransactions(
            base: base, capacity: capacity, newest: try reader.readTransactions(),
            countsByDay: try Self.readCounts(&reader) { reader throws(PackedReader.Damaged) in try reader.readCompactInt32() },
            countsByTicker: try Self.readCounts(&reader) { reader throws(PackedReader.Damaged) in try reader.readCompactString() },
            countsByType: try Self.readCounts(&reader) { reader throws(PackedReader.Damaged) in TransactionType(rawValue: try reader.readCompactString()) })

        // Every transaction has one ticker ("" for none) and one type.
        let total = decoded.total
        guard decoded.newest.count <= capacity, decoded.newest.count <= total,
              decoded.countsByTicker.values.reduce(0, +) == total, decoded.countsByType.values.reduce(0, +) == total else { throw PackedReader.Damaged() }
        return decoded
    }
}

extension NewestTransactions {
    /// Counts by a key: how many keys, then each key and its count, in order.
    private static func write<Key>(_ counts: [(key: Key, value: Int)], to writer: inout PackedWriter, key: (Key, inout PackedWriter) -> Void) {
        writer.writeCompact(counts.count)
        for (counted, count) in counts {
            key(counted, &writer)
            writer.writeCompact(count)
        }
    }

    /// What `write(_:to:key:)` wrote: each key once, each count at least one and none near
    /// billions, so their sum can't overflow.
    private static func readCounts<Key: Hashable>(_ reader: inout PackedReader,
                                                  key: (inout PackedReader) throws(PackedReader.Damaged) -> Key?) throws(PackedReader.Damaged) -> [Key: Int] {
        var counts: [Key: Int] = [:]
        for _ in 0..<(try reader.readCompactCount()) {
            let counted = try key(&reader), count = try reader.readCompactInt128()
            guard let counted, count > 0, count <= Int128(Int32.max), counts.updateValue(Int(count), forKey: counted) == nil else { throw PackedReader.Damaged() }
        }
        return counts
    }
}

extension CashTotals {
    /// Not a projection of its own: the portfolio's checkpoints keep it.
    public func write(to writer: inout PackedWriter) {
        writer.write(base)
        writer.write(pots.count)
        for (pot, total) in pots {
            writer.write(pot)
            writer.write(total.balance.units)
            writer.write(total.movements)
        }
        writer.write(counts: tracking)
    }

    /// Nil for another base's.
    public func decoded(from reader: inout PackedReader) throws(PackedReader.Damaged) -> CashTotals? {
        guard try reader.readString() == base else { return nil }
        var pots: [CashPot: Total] = [:]
        for _ in 0..<(try reader.readCount()) {
            let pot = try reader.readPot()
            let total = Total(balance: FixedDecimal(units: try reader.readInt128()), movements: try reader.readNonNegative())
            guard total.movements > 0, pots.updateValue(total, forKey: pot) == nil else { throw PackedReader.Damaged() }
        }
        return CashTotals(base: base, pots: pots, tracking: try reader.readCounts())
    }
}

/// A pot as both checkpoints of cash write it: its account, then its currency.
extension PackedWriter {
    mutating func write(_ pot: CashPot) {
        write(pot.account)
        write(pot.currency)
    }
}

extension PackedReader {
    mutating func readPot() throws(Damaged) -> CashPot {
        CashPot(account: try readOptionalString(), currency: try readOptionalString())
    }
}

/// Each ticker's last place folded, as the checkpoints of holdings and positions write it.
extension PackedWriter {
    mutating func write(places: [String: ReplayPlace]) {
        write(places.count)
        for (ticker, place) in places {
            write(ticker)
            write(place.dayAndRank)
            write(place.id)
        }
    }
}

extension PackedReader {
    mutating func readPlaces() throws(Damaged) -> [String: ReplayPlace] {
        let count = try readCount()
        var places: [String: ReplayPlace] = [:]
        places.reserveCapacity(count)
        for _ in 0..<count { places[try readString()] = ReplayPlace(dayAndRank: try readUInt64(), id: try readString()) }
        return places
    }
}

extension PackedWriter {
    /// Each as the ledger holds it: the codec's own entry, read back by the codec.
    public mutating func write(transactions: [Transaction]) {
        write(entries: transactions.map { TransactionsLedgerCodec.entry(for: $0, updatedAt: $0.updatedAt.millisecondsSince1970) })
    }
}

extension PackedReader {
    /// What `write(transactions:)` wrote.
    public mutating func readTransactions() throws(Damaged) -> [Transaction] {
        do {
            return try readEntries().map { entry throws(LedgerDecodingError) in
                guard let transaction = try TransactionsLedgerCodec.record(from: entry) else { throw .invalidField(id: entry.id, kind: entry.kind, field: "kind") }
                return transaction
            }
        } catch {
            throw Damaged()
        }
    }
}
