import Foundation
import Ledger

/// A statement's times and expirations as the web app stores them. It reads the CSV with
/// SheetJS 0.18, which takes `7/3/25 14:00:00` and `3 JUL 25` for local dates and keeps them as
/// spreadsheet serials (days since 1899-12-30, a JavaScript number, measured from that day's
/// local midnight in whole minutes of offset); the web app then rebuilds the clock from the
/// serial's fraction with three floors, so a time whose fraction falls short comes out a second
/// early (`13:59:59`), and in a zone whose 1899 offset had seconds it comes out that many late.
///
/// Each step repeats the JavaScript's, in its IEEE doubles: these are the web app's figures, not
/// money, and the fill's key (the rating's key) must come out identical to the web app's.
///
/// One reads one statement: it remembers the zone's offsets and the expirations it has seen,
/// which a statement of half a million rows asks for again and again.
public final class WebAppSpreadsheet {
    public let timeZone: TimeZone
    /// `new Date(1899, 11, 30)`: SheetJS's base date, in milliseconds and its whole-minute offset.
    private let baseMilliseconds: Int64
    private let baseOffsetMinutes: Int
    private var offsets: [Int64: Int64] = [:]
    private var expirations: [String: String] = [:]

    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
        let base = Self.utcSeconds(ofWall: Int64(CivilCalendar.days(year: 1899, month: 12, day: 30)) * 86_400, in: timeZone)
        baseMilliseconds = base * 1000
        baseOffsetMinutes = Self.offsetMinutes(Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(base)))))
    }

    /// A wall-clock time read from a statement, in the user's zone.
    public struct WallTime: Equatable, Sendable {
        public var year, month, day, hour, minute, second: Int

        public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
            (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
        }

        /// Its day; days past a month's end run on.
        var calendarDay: CalendarDay { CalendarDay(daysSinceEpoch: Int32(CivilCalendar.days(year: year, month: month, day: day))) }

        /// Seconds since 1970 had the wall clock been UTC; days past a month's end run on.
        var seconds: Int64 { Int64(CivilCalendar.days(year: year, month: month, day: day)) * 86_400 + Int64(hour * 3600 + minute * 60 + second) }
    }

    /// What the web app stores for a row whose Exec Time is `wall`: the instant of its `ExecTime`
    /// and the day of its `TradeDate`.
    public func execTime(_ wall: WallTime) -> (time: Date, day: WallTime) {
        // SheetJS's date guess refuses a date on January 1 and any in 2001 (it reads them as a year
        // alone); the web app then splits the text itself, exactly.
        guard readsAsDate(wall), let serial = serial(wall), let code = Self.dateCode(serial) else {
            return (Date(timeIntervalSince1970: TimeInterval(utcSeconds(ofWall: wall.seconds))), wall)
        }
        let fraction = serial.truncatingRemainder(dividingBy: 1)
        let hours = (fraction * 24).rounded(.down)
        let minutes = ((fraction * 24 - hours) * 60).rounded(.down)
        let seconds = (((fraction * 24 - hours) * 60 - minutes) * 60).rounded(.down)
        let rebuilt = WallTime(year: code.year, month: code.month, day: code.day, hour: Int(hours), minute: Int(minutes), second: Int(seconds))
        return (Date(timeIntervalSince1970: TimeInterval(utcSeconds(ofWall: rebuilt.seconds))), code)
    }

    /// The `Expiration` the web app stores for a statement's `Exp`: `3 JUL 25` becomes `3 7 2025`
    /// (day, month, year of the serial SheetJS made of it; `31 JUN 25` is `1 7 2025`). Text that
    /// isn't `D MON YY` (or `D MON YYYY`) is kept as it is written.
    public func expiration(_ text: String) -> String {
        if let known = expirations[text] { return known }
        var kept = text
        if let wall = Self.expirationDate(text), readsAsDate(wall), let serial = serial(wall), let code = Self.dateCode(serial) {
            kept = "\(code.day) \(code.month) \(code.year)"
        }
        expirations[text] = kept
        return kept
    }

    /// A statement's month abbreviations, as `3 JUL 25` writes them.
    static let months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]

    /// `3 JUL 25` for the `3 7 2025` the web app keeps: the statement's words, which a terminal
    /// shows and earlier releases kept; nil for any other text.
    public static func statementExpiration(_ kept: String) -> String? {
        let parts = kept.split(separator: " ").map { Int($0) }
        guard parts.count == 3, let day = parts[0], let month = parts[1], (1...12).contains(month), let year = parts[2], (1000...9999).contains(year) else {
            return nil
        }
        return "\(day) \(months[month - 1]) " + String(String(year).suffix(2))
    }

    /// `M/D/YYYY`, as the web app writes `TradeDate`.
    public static func tradeDate(_ day: WallTime) -> String { "\(day.month)/\(day.day)/\(day.year)" }

    // MARK: SheetJS's steps

    /// `fuzzydate`'s last test: a date it can't tell from a bare year (January 1, or any day of
    /// 2001) passes only as digits and separators, which a statement's cell never is.
    private func readsAsDate(_ wall: WallTime) -> Bool {
        let days = CivilCalendar.days(year: wall.year, month: wall.month, day: wall.day)
        let (year, month, day) = CivilCalendar.date(days: days)
        return (month > 1 || day > 1) && year != 2001 && (1900...9999).contains(year)
    }

    /// `datenum(new Date(text))`: the local time's milliseconds less the base date's, corrected
    /// by the difference of their offsets in whole minutes, as `getTimezoneOffset` truncates them.
    private func serial(_ wall: WallTime) -> Double? {
        let epoch = utcSeconds(ofWall: wall.seconds)
        let threshold = Double(baseMilliseconds) + Double((Self.offsetMinutes(offset(at: epoch)) - baseOffsetMinutes) * 60_000)
        let serial = (Double(epoch * 1000) - threshold) / 86_400_000
        return serial > 61 && serial < 2_958_465 ? serial : nil
    }

    /// `SSF.parse_date_code`'s day: the serial's whole days (a time within 0.1 ms of midnight
    /// rounds on to the next), past Lotus's 29 February 1900.
    private static func dateCode(_ serial: Double) -> WallTime? {
        var date = Int(serial)
        var time = (86_400 * (serial - Double(date))).rounded(.down)
        var rest = 86_400 * (serial - Double(date)) - time
        if abs(rest) < 1e-6 { rest = 0 }
        if rest > 0.9999 {
            time += 1
            if time == 86_400 { date += 1 }
        }
        guard date > 60 else { return nil }
        let (year, month, day) = CivilCalendar.date(days: CivilCalendar.days(year: 1899, month: 12, day: 31) + date - 1)
        return WallTime(year: year, month: month, day: day)
    }

    /// `D MON YY` or `D MON YYYY` as V8 reads it: a two-digit year below 50 is 20YY, else 19YY.
    private static func expirationDate(_ text: String) -> WallTime? {
        let parts = text.trimmedSpaces.uppercased().split(separator: " ")
        guard parts.count == 3, let day = Int(parts[0]), (1...31).contains(day), let month = months.firstIndex(of: String(parts[1])),
              [2, 4].contains(parts[2].count), parts[2].allSatisfy(\.isASCII), var year = Int(parts[2]) else { return nil }
        if parts[2].count == 2 { year += year < 50 ? 2000 : 1900 }
        return WallTime(year: year, month: month + 1, day: day)
    }

    // MARK: The zone, as V8 asks it

    /// The instant `wall` names in this zone, as `utcSeconds(ofWall:in:)` finds it.
    public func utcSeconds(ofWall wall: Int64) -> Int64 { Self.utcSeconds(ofWall: wall, offset: offset(at:)) }

    /// The zone's offset at `seconds`. Offsets change at most once in a quarter hour, so one that
    /// is the same at a quarter hour's both ends holds all through it and is remembered for it.
    private func offset(at seconds: Int64) -> Int64 {
        let quarter = seconds >= 0 ? seconds / 900 : (seconds - 899) / 900
        if let known = offsets[quarter] { return known }
        func asked(_ seconds: Int64) -> Int64 { Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))) }
        let start = asked(quarter * 900)
        guard start == asked(quarter * 900 + 899) else { return asked(seconds) }
        offsets[quarter] = start
        return start
    }

    /// The instant a local wall time names, as V8 resolves it: with the offset in force a day
    /// before when that one names it (in an overlap, the earlier instant), else the one a day
    /// after; in a gap (the spring-forward hour) with the offset from before the change.
    static func utcSeconds(ofWall wall: Int64, in zone: TimeZone) -> Int64 {
        utcSeconds(ofWall: wall) { Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval($0)))) }
    }

    private static func utcSeconds(ofWall wall: Int64, offset: (Int64) -> Int64) -> Int64 {
        let before = offset(wall - 86_400), after = offset(wall + 86_400)
        for candidate in [before, after] where offset(wall - candidate) == candidate { return wall - candidate }
        return wall - before
    }

    /// `Date.prototype.getTimezoneOffset` for an offset of `seconds` ahead of UTC: minutes
    /// behind UTC, truncated toward zero.
    private static func offsetMinutes(_ seconds: Int64) -> Int { Int(-seconds / 60) }
}
