import Foundation
import Ledger

/// Rates, their coverage and securities from outside are read as this client reads its own: a
/// rate of zero never reaches a total. A rate or a coverage dated after the reader's tomorrow
/// (a day's slack for the time zones) can't have been fetched, and a coverage so dated would
/// stop every fetch. What both clients check pulled records with.
public struct CurrenciesEntryValidator: EntryByEntryValidating {
    private let today: () -> CalendarDay

    public init(today: @escaping () -> CalendarDay) {
        self.today = today
    }

    public func rejections(of incoming: [LedgerEntry], over current: [LedgerEntry]) -> [LedgerRejection] {
        let tomorrow = CalendarDay(daysSinceEpoch: today().daysSinceEpoch + 1)
        return incoming.compactMap { entry in
            let reason: String?
            do throws(LedgerDecodingError) {
                reason = try Self.dated(entry).flatMap { field, day in day > tomorrow ? "\(field) \(day.iso) is after today" : nil }
            } catch {
                // A newer schema is kept for the release that reads it.
                guard case let .invalidField(_, _, field) = error else { return nil }
                reason = "\(field) is not valid"
            }
            return reason.map { LedgerRejection(id: entry.id, kind: entry.kind, reasons: [$0]) }
        }
    }

    /// The entry read by its kind's codec, and the day a rate is for or a coverage runs to.
    private static func dated(_ entry: LedgerEntry) throws(LedgerDecodingError) -> (field: String, day: CalendarDay)? {
        if let rate = try ExchangeRatesLedgerCodec.record(from: entry) { return ("day", rate.day) }
        if let coverage = try RatesCoverageLedgerCodec.record(from: entry) { return ("last", coverage.last) }
        _ = try SecuritiesLedgerCodec.record(from: entry)
        return nil
    }
}
