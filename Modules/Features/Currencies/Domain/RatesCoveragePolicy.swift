import Ledger

/// How far the days said to be asked about are believed: a coverage is written by whichever
/// device fetched, and synced, so one from a device whose clock ran ahead (or a hostile one)
/// could otherwise stop every fetch. It counts only as far as the rates kept reach, give or take
/// the longest run of days without a published rate.
public enum RatesCoveragePolicy {
    /// The longest run of days with no reference rate: Easter, Thursday to Tuesday.
    static let longestGap: Int32 = 5
    /// The euro's first reference rates: no provider has any earlier, so a coverage reaching
    /// back before them is believed once the rates kept start there.
    static let earliestPublished = CalendarDay(iso: "1999-01-04")!

    /// `coverage` cut to what `kept` (its pair's rates, by day) bears out; nil with none kept.
    public static func trusted(_ coverage: RatesCoverage, kept: [ExchangeRates.DayRate]) -> RatesCoverage? {
        guard let firstKept = kept.first?.day, let lastKept = kept.last?.day else { return nil }
        let startsAtTheFirstPublished = firstKept.daysSinceEpoch - earliestPublished.daysSinceEpoch <= longestGap
        let first = startsAtTheFirstPublished ? coverage.first : max(coverage.first, CalendarDay(daysSinceEpoch: firstKept.daysSinceEpoch - longestGap))
        let last = min(coverage.last, CalendarDay(daysSinceEpoch: lastKept.daysSinceEpoch + longestGap))
        guard first <= last else { return nil }
        return RatesCoverage(from: coverage.from, to: coverage.to, first: first, last: last)
    }
}
