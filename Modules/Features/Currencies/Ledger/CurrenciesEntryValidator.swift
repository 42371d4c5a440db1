import Foundation
import Ledger

/// Rates, their coverage and securities from outside are read as this client reads its own: a
/// rate of zero never reaches a total. A rate or a coverage dated after the reader's tomorrow
/// (a day's slack for the time zones) can't have been fetched, and a coverage so dated would
/// stop every fetch. What both clients check pulled records with.
public struct CurrenciesEntryValidator: EntryByEntryValidating {
    private let today: () -> CalendarDay
    private let decoding = DecodingEntryValidator(DecodingEntryValidator.decoders(ExchangeRatesLedgerCodec.self)
        + DecodingEntryValidator.decoders(RatesCoverageLedgerCodec.self) + DecodingEntryValidator.decoders(SecuritiesLedgerCodec.self))

    public init(today: @escaping () -> CalendarDay) {
        self.today = today
    }

    public func rejections(of incoming: [LedgerEntry], over current: [LedgerEntry]) -> [LedgerRejection] {
        let unreadable = decoding.rejections(of: incoming, over: current)
        let refused = Set(unreadable.map(\.id))
        let tomorrow = CalendarDay(daysSinceEpoch: today().daysSinceEpoch + 1)
        return unreadable + incoming.compactMap { entry in
            guard !refused.contains(entry.id) else { return nil }
            let day: (field: String, day: CalendarDay)?
            if let rate = try? ExchangeRatesLedgerCodec.record(from: entry) {
                day = ("day", rate.day)
            } else if let coverage = try? RatesCoverageLedgerCodec.record(from: entry) {
                day = ("last", coverage.last)
            } else {
                day = nil
            }
            guard let day, day.day > tomorrow else { return nil }
            return LedgerRejection(id: entry.id, kind: entry.kind, reasons: ["\(day.field) \(day.day.iso) is after today"])
        }
    }
}
