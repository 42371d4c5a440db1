import XCTest
import Savings
import TestSupport

final class SavingsBookTests: XCTestCase {
    func test_currentValue_isTheLatestUpdateByDate_notTheLastEntered() {
        let book = SavingsBook(accounts: [account("a", "ISA")], updates: [
            update("u1", "a", "300", day(-1)), update("u2", "a", "100", day(-30)), update("u3", "a", "200", day(-10)),
        ])

        XCTAssertEqual(book.currentValue(of: "a"), fixed("300"))
        XCTAssertEqual(book.updates.map(\.id), ["u2", "u3", "u1"], "kept in date order")
    }

    func test_updatesForTheSameMoment_countInTheOrderTheyWereRecorded() {
        let book = SavingsBook(accounts: [account("a", "ISA")], updates: [
            ValueUpdate(id: "a-recorded-later", accountID: "a", value: fixed("7"), at: day(-1), recordedAt: day(0)),
            ValueUpdate(id: "z-recorded-earlier", accountID: "a", value: fixed("5"), at: day(-1), recordedAt: day(-1)),
        ])

        XCTAssertEqual(book.currentValue(of: "a"), fixed("7"), "recorded later, though its id sorts first")
    }

    func test_currentValue_isZeroBeforeTheFirstUpdate() {
        XCTAssertEqual(SavingsBook(accounts: [account("a", "ISA")], updates: []).currentValue(of: "a"), .zero)
    }

    func test_total_sumsTheCurrentValuesOfActiveAccountsOnly() {
        let book = SavingsBook(accounts: [account("a", "ISA"), account("b", "Pension"), account("c", "Old", closedAt: day(-1))], updates: [
            update("1", "a", "100.50", day(-5)), update("2", "a", "120.25", day(-2)), update("3", "b", "1000", day(-3)), update("4", "c", "999", day(-4)),
        ])

        XCTAssertEqual(book.total, fixed("1120.25"))
    }

    func test_summary_fromUpdatesInAnyOrder_agreesWithTheBook() {
        let accounts = [account("b", "pension"), account("a", "ISA"), account("c", "Old", closedAt: day(-1))]
        let updates = [
            update("1", "a", "100", day(-5)), update("2", "b", "50", day(-1)), update("3", "a", "90", day(-9)), update("4", "c", "999", day(-4)),
            ValueUpdate(id: "a-recorded-later", accountID: "b", value: fixed("7"), at: day(-1), recordedAt: day(0)),
            ValueUpdate(id: "z-recorded-earlier", accountID: "b", value: fixed("5"), at: day(-1), recordedAt: day(-1)),
            update("y-same-moment", "a", "101", day(-5)), update("x-same-moment", "a", "102", day(-5)),
        ]
        let book = SavingsBook(accounts: accounts, updates: updates)

        for order in [updates, updates.reversed(), updates.sorted { $0.id < $1.id }] {
            let summary = SavingsSummary(accounts: accounts, updates: order)

            XCTAssertEqual(summary, book.summary)
            XCTAssertEqual(summary.accounts.map(\.name), ["ISA", "Old", "pension"], "by name, ignoring case")
            XCTAssertEqual(summary.latestUpdates["b"]?.value, fixed("7"), "recorded later")
            XCTAssertEqual(summary.latestUpdates["a"]?.id, "y-same-moment", "same moment, none recorded: the larger id")
            XCTAssertEqual(summary.total, fixed("108"), "the closed account left out")
        }
    }

    func test_accountNamed_ignoresCase() {
        let book = SavingsBook(accounts: [account("a", "HL S&S ISA")], updates: [])

        XCTAssertEqual(book.account(named: "hl s&s isa")?.id, "a")
        XCTAssertNil(book.account(named: "HL"))
    }
}

func account(_ id: String, _ name: String, createdAt: Date = day(-400), closedAt: Date? = nil) -> SavingsAccount {
    SavingsAccount(id: id, name: name, createdAt: createdAt, closedAt: closedAt)
}

func update(_ id: String, _ accountID: String, _ value: String, _ at: Date) -> ValueUpdate {
    ValueUpdate(id: id, accountID: accountID, value: fixed(value), at: at)
}
