import XCTest
import Analytics
import Transactions
import TestSupport
import TransactionsTestSupport
import CurrentPrices
import Ledger

final class CloseImportTests: XCTestCase {
    func test_add_keepsOneClosePerTickerAndDay_theLastRowForIt() {
        var sut = CloseImport(today: day("2024-07-03"))

        for line in 2...10_001 { sut.add(CloseRow(line: line, date: "2024-06-03", ticker: "AAPL", close: "190")) }
        sut.add(CloseRow(line: 10_002, date: "2024-06-04", ticker: "aapl", close: "191"))
        sut.add(CloseRow(line: 10_003, date: "2024-06-03", ticker: "AAPL", close: "192"))

        XCTAssertEqual(sut.closes, [DailyClose(ticker: "AAPL", day: day("2024-06-03"), close: fixed("192")),
                                    DailyClose(ticker: "AAPL", day: day("2024-06-04"), close: fixed("191"))])
        XCTAssertEqual(sut.problemCount, 0)
    }

    func test_add_keepsTheFirstProblems_andCountsThemAll() {
        var sut = CloseImport(today: day("2024-07-03"))

        for line in 2...(CloseImport.keptProblems + 11) { sut.add(CloseRow(line: line, date: "2099-01-01", ticker: "AAPL", close: "x")) }

        XCTAssertEqual(sut.problemCount, CloseImport.keptProblems + 10)
        XCTAssertEqual(sut.problems.count, CloseImport.keptProblems)
        XCTAssertEqual(sut.problems.first?.messages, ["date: 2099-01-01 is in the future (today is 2024-07-03)", "close: 'x' is not a price greater than 0"])
        XCTAssertEqual(sut.closes, [])
    }
}
