import XCTest
import Savings
import FixedPoint
import TestSupport

final class SavingsChartTests: XCTestCase {
    func test_accountChart_isItsUpdatesInDateOrder_extendedToNow() {
        let book = SavingsBook(accounts: [account("a", "ISA"), account("b", "Other")], updates: [
            update("2", "a", "200", day(-10)), update("1", "a", "100", day(-20)), update("3", "b", "5", day(-15)),
        ])

        let points = SavingsChart.account("a", in: book, now: july27)

        XCTAssertEqual(points, [ChartPoint(at: day(-20), value: fixed("100")), ChartPoint(at: day(-10), value: fixed("200")),
                                ChartPoint(at: july27, value: fixed("200"), isChange: false)])
    }

    func test_accountChart_addsNoPointWhenTheLastUpdateIsNow() {
        let book = SavingsBook(accounts: [account("a", "ISA")], updates: [update("1", "a", "100", july27)])

        XCTAssertEqual(SavingsChart.account("a", in: book, now: july27), [ChartPoint(at: july27, value: fixed("100"))])
    }

    func test_portfolioChart_setsEachAccountsRunningValue_andSumsThem() {
        let book = SavingsBook(accounts: [account("a", "ISA"), account("b", "Pension")], updates: [
            update("1", "a", "100", day(-30)), update("2", "b", "1000", day(-20)), update("3", "a", "150", day(-10)),
        ])

        let points = SavingsChart.portfolio(book, includingClosed: false, now: july27)

        XCTAssertEqual(points.map(\.value), [fixed("100"), fixed("1100"), fixed("1150"), fixed("1150")])
        XCTAssertEqual(points.map(\.isChange), [true, true, true, false])
    }

    /// The seed keyed running values by name: two accounts that share one would overwrite each other.
    func test_portfolioChart_keysRunningValuesByAccountID_notByName() {
        let book = SavingsBook(accounts: [account("a", "Savings"), account("b", "Savings")], updates: [
            update("1", "a", "100", day(-30)), update("2", "b", "50", day(-20)),
        ])

        XCTAssertEqual(SavingsChart.portfolio(book, includingClosed: false, now: july27).last?.value, fixed("150"))
    }

    func test_portfolioChart_leavesClosedAccountsOut_unlessAskedToCountThemUntilTheyClosed() {
        let book = SavingsBook(accounts: [account("a", "ISA"), account("c", "Closed", closedAt: day(-15))], updates: [
            update("1", "a", "100", day(-30)), update("2", "c", "40", day(-25)), update("3", "a", "200", day(-10)),
        ])

        let active = SavingsChart.portfolio(book, includingClosed: false, now: july27)
        let all = SavingsChart.portfolio(book, includingClosed: true, now: july27)

        XCTAssertEqual(active.map(\.value), [fixed("100"), fixed("200"), fixed("200")])
        XCTAssertEqual(all.map(\.at), [day(-30), day(-25), day(-15), day(-10), july27])
        XCTAssertEqual(all.map(\.value), [fixed("100"), fixed("140"), fixed("100"), fixed("200"), fixed("200")])
    }

    /// The third sample set, worked by hand: £100 more each month, on the 1st (account 1, 10:00) and
    /// the 15th (account 2, 14:00), for the six months after the accounts opened on 2026-05-23.
    /// Today is 2026-11-23, so all twelve are in the past: £600 each, £1,200 together, and the
    /// portfolio rises by £100 at each of the twelve updates.
    func test_set3_portfolioRisesByAHundredAtEachUpdate_toTwelveHundred() throws {
        let now = try XCTUnwrap(ISO8601DateFormatter().date(from: "2026-11-23T12:00:00Z"))
        let set = SavingsSampleSets.set3(now: now, timeZone: TimeZone(identifier: "UTC")!)
        let book = SavingsBook(accounts: set.accounts.enumerated().map { account("a\($0.offset)", $0.element.name, createdAt: $0.element.createdAt) },
                               updates: set.rows.enumerated().map { index, row in
                                   ValueUpdate(id: "u\(index)", accountID: row.account.hasPrefix("Account 1") ? "a0" : "a1", value: row.value, at: row.at) })

        let points = SavingsChart.portfolio(book, includingClosed: false, now: now)

        XCTAssertEqual(set.accounts.map(\.createdAt), Array(repeating: try XCTUnwrap(ISO8601DateFormatter().date(from: "2026-05-23T00:00:00Z")), count: 2))
        XCTAssertEqual(set.rows.first?.at, ISO8601DateFormatter().date(from: "2026-06-01T10:00:00Z"))
        XCTAssertEqual(set.rows.last?.at, ISO8601DateFormatter().date(from: "2026-11-15T14:00:00Z"))
        XCTAssertEqual(book.currentValue(of: "a0"), fixed("600"))
        XCTAssertEqual(book.currentValue(of: "a1"), fixed("600"))
        XCTAssertEqual(book.total, fixed("1200"))
        XCTAssertEqual(points.filter(\.isChange).map(\.value), (1...12).map { FixedDecimal(100 * $0) })
    }

    /// On 2026-11-10 the 15 November update is still in the future: account 2 has five (£500).
    func test_set3_skipsUpdatesAfterNow() throws {
        let now = try XCTUnwrap(ISO8601DateFormatter().date(from: "2026-11-10T09:00:00Z"))

        let rows = SavingsSampleSets.set3(now: now, timeZone: TimeZone(identifier: "UTC")!).rows

        XCTAssertEqual(rows.filter { $0.account.hasPrefix("Account 1") }.map(\.value).last, fixed("600"))
        XCTAssertEqual(rows.filter { $0.account.hasPrefix("Account 2") }.map(\.value).last, fixed("500"))
        XCTAssertTrue(rows.allSatisfy { $0.at <= now })
    }

    func test_set2_isDeterministic_sixAccountsOverTwoYears() {
        let first = SavingsSampleSets.set2(now: july27, timeZone: TimeZone(identifier: "UTC")!)
        let second = SavingsSampleSets.set2(now: july27, timeZone: TimeZone(identifier: "UTC")!)

        XCTAssertEqual(first, second)
        XCTAssertEqual(Set(first.map(\.account)).count, 6)
        XCTAssertGreaterThan(first.count, 200)
        XCTAssertTrue(first.allSatisfy { $0.at <= july27 && $0.at > day(-2 * 366) && !$0.value.isNegative })
    }
}
