import Ledger

/// The rates kept, indexed by pair and day: a conversion of a long history needs every day's
/// rate. A rate's id is its pair and day, so a rate fetched again is a change: taken out, put back.
extension ExchangeRates: RecordFold {
    public static let empty = ExchangeRates([])

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
}
