import FixedPoint
import Ledger

extension TransactionsTally: TransactionsProjection {
    public var checkpointName: String { "transactions-tally-v6-\(base)" }

    public func replaying(_ history: [Transaction]) -> TransactionsTally {
        TransactionsTally(base: base, history: history)
    }

    public func write(to writer: inout CheckpointWriter) {
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
        writer.write(counts: tracking)
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
        writer.write(lastPlace.count)
        for (ticker, place) in lastPlace {
            writer.write(ticker)
            writer.write(place)
        }
    }

    public func decoded(from reader: inout CheckpointReader) throws(CheckpointReader.Damaged) -> TransactionsTally? {
        guard try reader.readString() == base else { return nil }
        var tally = TransactionsTally(base: base)
        for _ in 0..<(try reader.readCount()) {
            let pot = try reader.readPot()
            var state = Pot()
            let count = try reader.readCompactCount()
            var day = try reader.readCompactInt32()
            state.days.reserveCapacity(count)
            for _ in 0..<count {
                let (step, overflow) = day.addingReportingOverflow(try reader.readCompactInt32())
                guard !overflow else { throw CheckpointReader.Damaged() }
                day = step
                var net = DayNet(day: CalendarDay(daysSinceEpoch: day))
                net.net = FixedDecimal(units: try reader.readCompactInt128())
                (net.moneyOut, net.movements) = (Int(try reader.readCompactInt32()), Int(try reader.readCompactInt32()))
                state.days.append(net)
            }
            tally.pots[pot] = state
        }
        tally.tracking = try reader.readCounts()
        for _ in 0..<(try reader.readCount()) {
            let key = HoldingKey(account: try reader.readOptionalString(), ticker: try reader.readString())
            tally.holdings[key] = Holding(held: FixedDecimal(units: try reader.readInt128()), wasViolated: try reader.readBool())
        }
        for _ in 0..<(try reader.readCount()) {
            tally.combinedHoldings[try reader.readString()] = Holding(held: FixedDecimal(units: try reader.readInt128()), wasViolated: try reader.readBool())
        }
        for _ in 0..<(try reader.readCount()) { tally.lastPlace[try reader.readString()] = try reader.readUInt64() }
        return tally
    }
}
