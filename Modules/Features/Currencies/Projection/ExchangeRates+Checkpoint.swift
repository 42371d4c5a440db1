import FixedPoint
import Ledger

/// The rates kept, indexed by pair and day in a checkpoint: a conversion of a long history needs
/// every day's rate, and reads them in microseconds instead of decoding thousands of entries.
/// A rate's id is its pair and day, so a rate fetched again is a change: taken out, put back.
extension ExchangeRates: CheckpointableProjection {
    public static let empty = ExchangeRates([])

    public var checkpointName: String { "exchange-rates-v1" }
    public var kinds: [LedgerKind] { ExchangeRatesLedgerCodec.kinds }

    public func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> ExchangeRate? {
        try ExchangeRatesLedgerCodec.record(from: entry)
    }

    public func replaying(_ rates: [ExchangeRate]) -> ExchangeRates { ExchangeRates(rates) }

    public mutating func fold(_ rate: ExchangeRate) -> Bool {
        insert(rate)
        return true
    }

    public func reading(toRevise changes: [Revision<ExchangeRate>]) -> RevisionReading? { .nothing }

    public mutating func revise(_ changes: [Revision<ExchangeRate>], given records: [ExchangeRate]) -> Bool {
        for change in changes {
            if let earlier = change.earlier { remove(earlier) }
            if let later = change.later { insert(later) }
        }
        return true
    }

    public func write(to writer: inout CheckpointWriter) {
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
    public func decoded(from reader: inout CheckpointReader) throws(CheckpointReader.Damaged) -> ExchangeRates? {
        var decoded = ExchangeRates.empty
        for _ in 0..<(try reader.readCount()) {
            guard let from = CurrencyCode(try reader.readString()), let to = CurrencyCode(try reader.readString()) else { throw CheckpointReader.Damaged() }
            let count = try reader.readCount()
            var rates: [DayRate] = []
            rates.reserveCapacity(count)
            for _ in 0..<count {
                rates.append(DayRate(day: CalendarDay(daysSinceEpoch: try reader.readInt32()), rate: FixedDecimal(units: try reader.readInt128())))
            }
            guard !rates.isEmpty, rates.isInDayOrder, decoded.byPair.updateValue(rates, forKey: Pair(from: from, to: to)) == nil else { throw CheckpointReader.Damaged() }
        }
        return decoded
    }
}
