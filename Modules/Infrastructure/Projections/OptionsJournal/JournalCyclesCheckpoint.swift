import Foundation
import FixedPoint
import Ledger
@_spi(Projections) import OptionsJournal

extension JournalCycles: CheckpointableProjection {
    public var checkpointName: String { "journal-cycles-v1" }

    public func write(to writer: inout PackedWriter) {
        writer.write(latest != nil)
        writer.write((latest ?? Date(timeIntervalSince1970: 0)).timeIntervalSince1970.bitPattern)
        writer.write(positions.count)
        for (key, position) in positions {
            writer.write(key)
            writer.write(position.direction == .long)
            writer.write(position.quantity.units)
            writer.write(position.openings)
            writer.write(position.closings)
        }
        writer.write(trades.count)
        for trade in trades {
            writer.write(trade.direction == .long)
            writer.write(trade.openings)
            writer.write(trade.closings)
        }
        writer.write(unmatched.map(\.execution))
    }

    public func decoded(from reader: inout PackedReader) throws(PackedReader.Damaged) -> JournalCycles? {
        var cycles = JournalCycles()
        let hasLatest = try reader.readBool()
        let latest = Date(timeIntervalSince1970: Double(bitPattern: try reader.readUInt64()))
        cycles.latest = hasLatest ? latest : nil
        for _ in 0..<(try reader.readCount()) {
            let key = try reader.readString()
            let direction: JournalTrade.Direction = try reader.readBool() ? .long : .short
            let quantity = FixedDecimal(units: try reader.readInt128())
            let openings = try reader.readExecutions(), closings = try reader.readExecutions()
            guard !openings.isEmpty else { throw PackedReader.Damaged() }
            cycles.positions[key] = Position(direction: direction, quantity: quantity, openings: openings, closings: closings)
        }
        for _ in 0..<(try reader.readCount()) {
            let direction: JournalTrade.Direction = try reader.readBool() ? .long : .short
            let openings = try reader.readExecutions(), closings = try reader.readExecutions()
            guard !openings.isEmpty, !closings.isEmpty else { throw PackedReader.Damaged() }
            cycles.trades.append(Self.trade(direction, openings: openings, closings: closings))
        }
        cycles.unmatched = try reader.readExecutions().map(UnmatchedClose.init)
        return cycles
    }
}

private extension PackedWriter {
    /// Every field, exactly: the time's bits, the decimals' units.
    mutating func write(_ executions: [Execution]) {
        write(executions.count)
        for execution in executions {
            write(execution.execTime.timeIntervalSince1970.bitPattern)
            write(execution.tradeDate)
            write(execution.side.rawValue)
            write(execution.quantity.units)
            write(execution.symbol)
            write(execution.expiration)
            write(execution.strike.units)
            write(execution.price.units)
            write(execution.orderType)
            write(execution.positionEffect.rawValue)
            write(execution.type)
            write(execution.fees.units)
            write(execution.occurrence)
        }
    }
}

private extension PackedReader {
    mutating func readExecutions() throws(Damaged) -> [Execution] {
        var executions: [Execution] = []
        for _ in 0..<(try readCount()) {
            let execTime = Date(timeIntervalSince1970: Double(bitPattern: try readUInt64()))
            let tradeDate = try readString()
            guard let side = Execution.Side(rawValue: try readString()) else { throw Damaged() }
            let quantity = FixedDecimal(units: try readInt128())
            let symbol = try readString(), expiration = try readString()
            let strike = FixedDecimal(units: try readInt128()), price = FixedDecimal(units: try readInt128())
            let orderType = try readString()
            guard let effect = Execution.PositionEffect(rawValue: try readString()) else { throw Damaged() }
            let type = try readString()
            let fees = FixedDecimal(units: try readInt128())
            let occurrence = try readNonNegative()
            executions.append(Execution(execTime: execTime, tradeDate: tradeDate, side: side, quantity: quantity, symbol: symbol, expiration: expiration,
                                        strike: strike, price: price, orderType: orderType, positionEffect: effect, type: type, fees: fees,
                                        occurrence: occurrence))
        }
        return executions
    }
}
