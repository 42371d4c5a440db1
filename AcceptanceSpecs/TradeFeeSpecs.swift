import XCTest
import InvestCLITestSupport
import TestSupport

/// A trade's commission is a field of its own: paid on top of a buy's sum, out of a sell's, in
/// the cost of the shares and out of the proceeds, everywhere a figure is shown.
final class TradeFeeSpecs: XCTestCase {
    func test_aTradesFee_isPaidOnTopOfABuyAndOutOfASell_inCashCostAndGains_andItsShownListedAndExported() throws {
        let invest = try makeHomeWithFees()

        let cash = try invest.run(["cash", "--format", "json"]).jsonObject()
        let gains = try XCTUnwrap(try invest.run(["gains", "--format", "json"]).jsonObject()["sells"] as? [[String: Any]])
        let holdings = try XCTUnwrap(try invest.run(["portfolio", "--offline", "--format", "json"]).jsonObject()["holdings"] as? [[String: Any]])
        let list = invest.run(["list"])
        let rows = try invest.run(["list", "--format", "json"]).jsonRows()

        // £2,000 in; 10 MSFT for £1,000 + £5; 4 sold for £500 − £2.50.
        XCTAssertEqual(cash["balance"] as? String, "1492.5")
        // The 4 sold cost 4/10 of £1,005; they brought £497.50.
        XCTAssertEqual(gains.map { "\($0["proceeds"] ?? "") \($0["cost"] ?? "") \($0["gain"] ?? "")" }, ["497.5 402 95.5"])
        XCTAssertEqual(holdings.first?["costBasis"] as? String, "603", "the 6 left carry their share of the buy's fee")
        XCTAssertEqual(holdings.first?["realizedProfit"] as? String, "95.5")
        XCTAssertTrue(list.output.contains("FEE"), list.output)
        XCTAssertEqual(rows.map { $0["fee"] as? String ?? "-" }, ["2.5", "5", "-"])
        XCTAssertEqual(rows.first?["sum"] as? String, "500", "the sum is what the shares sold for; the price is the sum's")
        XCTAssertEqual(rows.first?["price"] as? String, "125")

        // An export read back is the same history, fees and all.
        let file = makeTemporaryDirectory().appendingPathComponent("export.csv")
        try Data(invest.run(["export"]).output.utf8).write(to: file)
        XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).hasPrefix("id,date,type,ticker,quantity,price,sum,fee,note\n"))
        let restored = makeInvestDriver()
        XCTAssertEqual(restored.run(["import", file.path]).status, 0)
        XCTAssertEqual(try restored.run(["cash", "--format", "json"]).jsonObject()["balance"] as? String, "1492.5")
        XCTAssertEqual(try restored.run(["list", "--format", "json"]).jsonRows().map { $0["fee"] as? String ?? "-" }, ["2.5", "5", "-"])
        XCTAssertEqual(restored.run(["import", file.path]).status, 0)
        XCTAssertEqual(try restored.run(["list", "--format", "json"]).jsonRows().count, 3, "again, its ids replace what they wrote: nothing is added")
    }

    func test_aFee_isChangedOrRemovedByEdit_andRefusedWhereATypeHasNone() throws {
        let invest = try makeHomeWithFees()
        let buy = try XCTUnwrap(try invest.run(["list", "--type", "buy", "--format", "json"]).jsonRows().first?["id"] as? String)

        let removed = invest.run(["edit", buy, "--fee", ""])
        let cash = try invest.run(["cash", "--format", "json"]).jsonObject()
        let onADeposit = invest.run(["add", "--type", "deposit", "--sum", "10", "--fee", "1"])
        let tooLarge = invest.run(["add", "--type", "sell", "--ticker", "MSFT", "--quantity", "1", "--sum", "10", "--fee", "11"])

        XCTAssertEqual(removed.status, 0, removed.errors)
        XCTAssertEqual(cash["balance"] as? String, "1497.5", "£2,000 − 1,000 + 497.50")
        XCTAssertEqual(onADeposit.status, 2)
        XCTAssertTrue(onADeposit.errors.contains("fee: a deposit takes no fee"), onADeposit.errors)
        XCTAssertEqual(tooLarge.status, 2)
        XCTAssertTrue(tooLarge.errors.contains("fee: 11 is more than the sale's sum of 10"), tooLarge.errors)
    }

    func test_aTradesFee_isInTheBooksCost_andBothToolsAgreeWithCashAndGains() throws {
        let invest = try makeHomeWithFees()
        let folder = makeTemporaryDirectory()
        let journal = folder.appendingPathComponent("fees.journal").path, beancount = folder.appendingPathComponent("fees.beancount").path
        XCTAssertEqual(invest.run(["export", "--format", "hledger", "-o", journal]).status, 0)
        XCTAssertEqual(invest.run(["export", "--format", "beancount", "-o", beancount]).status, 0)

        let hledger = try installedTool("hledger")
        let checked = try runProcess(hledger, ["-f", journal, "check"])
        XCTAssertEqual(checked.status, 0, checked.stderr)
        let balances = try runProcess(hledger, ["-f", journal, "bal", "--flat", "-O", "csv", "Cash", "Gains"])
        XCTAssertTrue(balances.stdout.contains("\"1492.50 GBP\""), balances.stdout)
        XCTAssertTrue(balances.stdout.contains("\"-95.50 GBP\""), "the gain net of both fees: \(balances.stdout)")
        let python = try installedTool("python3")
        let beanCheck = try runProcess(python, ["-m", "beancount.scripts.check", beancount])
        XCTAssertEqual(beanCheck.status, 0, "bean-check: \(beanCheck.stdout)\(beanCheck.stderr)")
    }

    private func makeHomeWithFees() throws -> InvestDriver {
        let invest = makeInvestDriver()
        invest.environment["INVEST_BASE_CURRENCY"] = "GBP"
        for command in [["add", "--type", "deposit", "--sum", "2000", "--date", "2024-01-02"],
                        ["add", "--type", "buy", "--ticker", "MSFT", "--quantity", "10", "--sum", "1000", "--fee", "5", "--currency", "GBP", "--date", "2024-01-03"],
                        ["add", "--type", "sell", "--ticker", "MSFT", "--quantity", "4", "--sum", "500", "--fee", "2.50", "--currency", "GBP", "--date", "2024-02-01"]] {
            let run = invest.run(command)
            XCTAssertEqual(run.status, 0, "\(command): \(run.errors)")
        }
        return invest
    }
}
