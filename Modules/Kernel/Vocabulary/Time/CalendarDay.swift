import Foundation

/// A trade date: a day in the proleptic Gregorian calendar, independent of time zones.
///
/// Parsed and formatted by hand because `ISO8601DateFormatter` costs ~60 µs per call on Linux,
/// which is seconds over a long history.
public struct CalendarDay: Hashable, Comparable, Sendable {
    /// Days since 1970-01-01.
    public let daysSinceEpoch: Int32

    public init(daysSinceEpoch: Int32) {
        self.daysSinceEpoch = daysSinceEpoch
    }

    /// Nil unless year/month/day name a real date (so 2023-02-30 is rejected).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= Self.daysInMonth(year: year, month: month) else { return nil }
        self.daysSinceEpoch = Int32(CivilCalendar.days(year: year, month: month, day: day))
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(iso text: String) {
        var text = text
        guard let day = text.withUTF8({ Self.parse($0) }) else { return nil }
        self = day
    }

    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> CalendarDay? {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = bytes[index] &- 48
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        return CalendarDay(year: year, month: month, day: day)
    }

    /// The UTC day that contains `date`.
    public init(containing date: Date) {
        self.daysSinceEpoch = Int32((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    public var components: (year: Int, month: Int, day: Int) {
        CivilCalendar.date(days: Int(daysSinceEpoch))
    }

    /// Written digit by digit into one string: an export writes a million of them.
    public var iso: String {
        let (year, month, day) = components
        guard (0...9999).contains(year) else { return Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2) }
        return String(unsafeUninitializedCapacity: 10) { bytes in
            func digits(_ value: Int, endingBefore end: Int, count: Int) {
                var rest = value
                for index in (end - count..<end).reversed() {
                    bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            digits(year, endingBefore: 4, count: 4)
            digits(month, endingBefore: 7, count: 2)
            digits(day, endingBefore: 10, count: 2)
            bytes[4] = UInt8(ascii: "-")
            bytes[7] = UInt8(ascii: "-")
            return 10
        }
    }

    /// Midnight UTC at the start of this day.
    public var startDate: Date { Date(timeIntervalSince1970: TimeInterval(daysSinceEpoch) * 86_400) }

    public func adding(days: Int) -> CalendarDay { CalendarDay(daysSinceEpoch: daysSinceEpoch + Int32(days)) }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    private static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    private static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

}

extension CalendarDay: CustomStringConvertible {
    public var description: String { iso }
}
