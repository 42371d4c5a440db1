import XCTest
import Transactions
import Ledger

final class CalendarDayTests: XCTestCase {
    func test_iso_matchesFoundationOverFourCenturies() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        // From 1700 on: before 1582 Foundation switches to the Julian calendar.
        for days in stride(from: -98_000, to: 146_097, by: 37) {
            let day = CalendarDay(daysSinceEpoch: Int32(days))
            XCTAssertEqual(day.iso, formatter.string(from: day.startDate))
            XCTAssertEqual(CalendarDay(iso: day.iso), day)
        }
    }

    func test_containing_usesTheUTCDay() {
        XCTAssertEqual(CalendarDay(containing: Date(timeIntervalSince1970: 86_399)).iso, "1970-01-01")
        XCTAssertEqual(CalendarDay(containing: Date(timeIntervalSince1970: -1)).iso, "1969-12-31")
    }
}
