import XCTest
import InvestCLITestSupport

/// Story "Add new transaction" (the Investments stories).
final class AddNewTransactionSpecs: XCTestCase {
    func test_givenUserAddingATransaction_whenHeEntersQuantityAndSum_theSystemCalculatesThePrice() {
        let invest = makeInvestDriver()

        let add = invest.run(["add", "--type", "buy", "--ticker", "AAPL", "--quantity", "3", "--sum", "10"])

        XCTAssertEqual(add.status, 0, add.errors)
        XCTAssertTrue(add.output.contains("price 3.3333"), add.output)
        XCTAssertTrue(invest.run(["list", "--format", "json"]).output.contains(#""price": "3.33333333""#))
    }

    func test_givenUserAddingATransaction_whenHeSaves_theSystemChecksTheCorrectnessOfAllFields() {
        let invest = makeInvestDriver()

        let add = invest.run(["add", "--date", "2024-13-01", "--type", "swap", "--ticker", "TOOLONGTICKER", "--quantity", "-1", "--sum", "zero"])

        XCTAssertEqual(add.status, 2)
        for field in ["date:", "type:", "ticker:", "quantity:", "sum:"] {
            XCTAssertTrue(add.errors.contains(field), "no error for \(field) in \(add.errors)")
        }
    }

    func test_givenUserAddingATransaction_whenFieldsAreInvalid_theSystemDoesNotSaveUntilAllFieldsAreCorrect() {
        let invest = makeInvestDriver()

        XCTAssertEqual(invest.run(["add", "--type", "buy", "--ticker", "AAPL", "--quantity", "0", "--sum", "10"]).status, 2)
        XCTAssertEqual(invest.run(["add", "--type", "buy", "--ticker", "AAPL", "--quantity", "1", "--sum", "10", "--date", "2099-01-01"]).status, 2)
        XCTAssertEqual(invest.ids(), [], "nothing saved while any field is wrong")

        XCTAssertEqual(invest.run(["add", "--type", "buy", "--ticker", "AAPL", "--quantity", "1", "--sum", "10"]).status, 0)
        XCTAssertEqual(invest.ids().count, 1)
    }

    func test_givenUserAddingATransaction_whenHeSavesIt_heSeesItInTheStoredTransactions() {
        let invest = makeInvestDriver()

        let add = invest.run(["add"], answers: ["buy", "brk.b", "2", "812.40", "", "", "y"], interactive: true)

        XCTAssertEqual(add.status, 0, add.errors)
        XCTAssertEqual(add.prompts.last, "Save this transaction? [y/N] ")
        XCTAssertTrue(invest.run(["list"]).output.contains("BRK.B"))
    }

    func test_givenUserAddingATransaction_whenHeCancelsIt_heDoesNotSeeItInTheStoredTransactions() {
        let invest = makeInvestDriver()

        let add = invest.run(["add", "--ticker", "AAPL"], answers: ["buy", "2", "300", "", "", "n"], interactive: true)

        XCTAssertEqual(add.status, 0)
        XCTAssertTrue(add.errors.contains("Cancelled"), add.errors)
        XCTAssertEqual(invest.ids(), [])
    }
}
