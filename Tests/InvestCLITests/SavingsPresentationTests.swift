import XCTest
import TerminalKit
import ClientComposition
import FixedPoint
import TestSupport

final class SavingsPresentationTests: XCTestCase {
    func test_money_groupsThousands_withTwoDecimalsAndTheSymbol() {
        XCTAssertEqual(Formatted.money(fixed("0"), symbol: "£"), "£0.00")
        XCTAssertEqual(Formatted.money(fixed("999.5"), symbol: "£"), "£999.50")
        XCTAssertEqual(Formatted.money(fixed("1000"), symbol: "£"), "£1,000.00")
        XCTAssertEqual(Formatted.money(fixed("1234567.89"), symbol: "€"), "€1,234,567.89")
        XCTAssertEqual(Formatted.money(fixed("-1234.5"), symbol: "£"), "-£1,234.50")
    }

    func test_shortMoney_usesKAndMFromTheExactValue_movingUpAUnitAtTheBoundary() {
        let cases: [(String, String)] = [("0", "£0"), ("950", "£950"), ("999.49", "£999"), ("999.5", "£1k"), ("12345", "£12k"),
                                         ("999499", "£999k"), ("999500", "£1.0M"), ("1250000", "£1.2M"), ("1350000", "£1.4M")]
        for (value, expected) in cases {
            XCTAssertEqual(Formatted.shortMoney(fixed(value), symbol: "£"), expected, value)
        }
    }

    func test_localTime_showsTheSeedsFormat_inTheUsersZone() {
        let london = LocalTime(timeZone: TimeZone(identifier: "Europe/London")!)

        XCTAssertEqual(london.dateAndTime(Date(timeIntervalSince1970: 1_753_623_000)), "27 Jul 2025, 14:30", "13:30 UTC is 14:30 in summer")
        XCTAssertEqual(london.date(Date(timeIntervalSince1970: 1_704_067_200)), "1 Jan 2024")
    }

    func test_localTime_parsesLocalUTCAndOffsetTimes_andRefusesTimesThatDontExist() {
        let london = LocalTime(timeZone: TimeZone(identifier: "Europe/London")!)
        let now = Date(timeIntervalSince1970: 1_720_000_000)

        XCTAssertEqual(london.parse("2024-06-30 14:30", now: now), Date(timeIntervalSince1970: 1_719_754_200))
        XCTAssertEqual(london.parse("2024-06-30T14:30:05", now: now), Date(timeIntervalSince1970: 1_719_754_205))
        XCTAssertEqual(london.parse("2024-06-30T13:30:00Z", now: now), Date(timeIntervalSince1970: 1_719_754_200))
        XCTAssertEqual(london.parse("2024-06-30T15:30+02:00", now: now), Date(timeIntervalSince1970: 1_719_754_200))
        XCTAssertEqual(london.parse("2024-01-01", now: now), Date(timeIntervalSince1970: 1_704_067_200))
        XCTAssertEqual(london.parse("now", now: now), now)
        for bad in ["2024-02-30", "2024-13-01 10:00", "2024-03-31 01:30", "2024-06-30 24:00", "30/06/2024", "2024-06-30 14:30 junk", ""] {
            XCTAssertNil(london.parse(bad, now: now), bad)
        }
    }
}
