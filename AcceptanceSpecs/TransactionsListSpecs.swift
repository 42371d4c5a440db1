import XCTest
import InvestCLITestSupport

/// Story "Transactions list" (the Investments stories).
final class TransactionsListSpecs: XCTestCase {
    func test_givenStoredTransactions_whenUserEntersTransactions_heSeesTheStoredList() {
        let invest = makeInvestDriver()
        invest.run(["add", "--date", "2024-01-02", "--type", "buy", "--ticker", "AAPL", "--quantity", "2", "--sum", "300"])
        invest.run(["add", "--date", "2024-03-04", "--type", "buy", "--ticker", "MSFT", "--quantity", "1", "--sum", "400"])

        let list = invest.run(["list"])

        XCTAssertEqual(list.status, 0)
        let rows = list.output.split(separator: "\n")
        XCTAssertEqual(rows.count, 3, list.output)
        XCTAssertTrue(rows[1].contains("2024-03-04") && rows[1].contains("MSFT"), "newest first: \(list.output)")
        XCTAssertTrue(rows[2].contains("2024-01-02") && rows[2].contains("AAPL") && rows[2].contains("150.00"), list.output)
    }

    func test_givenUserEditingAStoredTransaction_whenHeSavesIt_heSeesItInTheStoredTransactions() {
        let invest = makeInvestDriver()
        invest.run(["add", "--date", "2024-01-02", "--type", "buy", "--ticker", "AAPL", "--quantity", "2", "--sum", "300"])
        let id = invest.ids()[0]

        let edit = invest.run(["edit", String(id.prefix(6)), "--quantity", "3", "--note", "corrected"])

        XCTAssertEqual(edit.status, 0, edit.errors)
        XCTAssertEqual(invest.ids(), [id])
        let listed = invest.run(["list", "--format", "csv"]).output
        XCTAssertTrue(listed.contains("\(id),2024-01-02,buy,AAPL,3,100,300,corrected"), listed)
    }

    func test_givenUserRemovingAStoredTransaction_whenHeRemovesIt_heDoesNotSeeItInTheStoredTransactions() {
        let invest = makeInvestDriver()
        invest.run(["add", "--date", "2024-01-02", "--type", "buy", "--ticker", "AAPL", "--quantity", "2", "--sum", "300"])
        invest.run(["add", "--date", "2024-01-03", "--type", "buy", "--ticker", "TSLA", "--quantity", "1", "--sum", "250"])
        let tesla = invest.ids()[0]

        let delete = invest.run(["delete", tesla])

        XCTAssertEqual(delete.status, 0, delete.errors)
        XCTAssertFalse(invest.run(["list"]).output.contains("TSLA"))
        XCTAssertEqual(invest.ids().count, 1)
    }
}
