import FixedPoint
import Ledger
@_spi(Projections) import Currencies

/// Read from a checkpoint, a conversion of a long history reads every day's rate in microseconds
/// instead of decoding thousands of entries.
extension ExchangeRates: CheckpointableProjection {
    public var checkpointName: String { "exchange-rates-v1" }

    public func write(to writer: inout PackedWriter) {
        let pairs = pairs
        writer.write(pairs.count)
        for pair in pairs {
            let rates = days(from: pair.from, to: pair.to)
            writer.write(pair.from.code)
            writer.write(pair.to.code)
            writer.write(rates.count)
            for rate in rates {
                writer.write(rate.day.daysSinceEpoch)
                writer.write(rate.rate.units)
            }
        }
    }

    /// Each pair's days as written, in day order: filed as they are, not sorted again.
    public func decoded(from reader: inout PackedReader) throws(PackedReader.Damaged) -> ExchangeRates? {
        var filed: [(from: CurrencyCode, to: CurrencyCode, rates: [DayRate])] = []
        for _ in 0..<(try reader.readCount()) {
            guard let from = CurrencyCode(try reader.readString()), let to = CurrencyCode(try reader.readString()) else { throw PackedReader.Damaged() }
            let count = try reader.readCount()
            var rates: [DayRate] = []
            rates.reserveCapacity(count)
            for _ in 0..<count {
                rates.append(DayRate(day: CalendarDay(daysSinceEpoch: try reader.readInt32()), rate: FixedDecimal(units: try reader.readInt128())))
            }
            filed.append((from, to, rates))
        }
        guard let decoded = ExchangeRates(filed: filed) else { throw PackedReader.Damaged() }
        return decoded

    }
}
