import XCTest
import InvestCLITestSupport
import TestSupport

/// FIFO beside the moving average, and realized gains per sell. The history is
/// `CostBasisTests`'s a year earlier, worked by hand there: two buys, a sell, a 2:1 split, another sell.
final class CostBasisSpecs: XCTestCase {
    func test_portfolio_valuesCostBasisByFIFO_whenAskedOrConfigured() throws {
        let invest = try makeHistory()

        let average = try totals(invest.run(["portfolio", "--format", "json"]).jsonObject())
        let fifo = try totals(invest.run(["portfolio", "--cost-basis", "fifo", "--format", "json"]).jsonObject())
        XCTAssertEqual(invest.run(["config", "set", "INVEST_COST_BASIS", "fifo"]).status, 0)
        let configured = try invest.run(["portfolio", "--format", "json"]).jsonObject()
        let wrong = invest.run(["portfolio", "--cost-basis", "lifo"])

        XCTAssertEqual([average["costBasis"], average["realizedProfit"]] as? [String], ["375", "1275"], "average is today's behaviour")
        XCTAssertEqual([fifo["costBasis"], fifo["realizedProfit"]] as? [String], ["450", "1350"])
        XCTAssertEqual(try totals(configured)["costBasis"] as? String, "450")
        XCTAssertEqual(configured["costBasisMethod"] as? String, "fifo")
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.errors.contains("--cost-basis must be average or fifo"), wrong.errors)
    }

    func test_gains_listsEachSellWithTheLotsItConsumed_andYearlyTotals() throws {
        let invest = try makeHistory()

        let table = invest.run(["gains"])
        let json = try invest.run(["gains", "--format", "json"]).jsonObject()
        let csv = invest.run(["gains", "--format", "csv"])

        XCTAssertEqual(table.status, 0, table.errors)
        for text in ["2023-06-01", "2023-01-10", "2023-03-01", "1250.00", "Total 2023", "Total 2024", "FIFO"] {
            XCTAssertTrue(table.output.contains(text), "\(text): \(table.output)")
        }
        let sells = try XCTUnwrap(json["sells"] as? [[String: Any]])
        XCTAssertEqual(sells.map { $0["gain"] as? String }, ["1250", "100"])
        let lots = try XCTUnwrap(sells.first?["lots"] as? [[String: Any]])
        XCTAssertEqual(lots.map { $0["boughtOn"] as? String }, ["2023-01-10", "2023-03-01"])
        XCTAssertEqual(lots.map { $0["quantity"] as? String }, ["10", "5"])
        let years = try XCTUnwrap(json["years"] as? [[String: Any]])
        XCTAssertEqual(years.map { $0["gain"] as? String }, ["1250", "100"])
        XCTAssertEqual(json["costBasisMethod"] as? String, "fifo")
        XCTAssertEqual(csv.output, """
            date,ticker,quantity,proceeds,cost,gain,lot_bought_on,lot_quantity,lot_cost,cost_unknown
            2023-06-01,A,15,3000,1750,1250,2023-01-10,10,1000,false
            2023-06-01,A,15,3000,1750,1250,2023-03-01,5,750,false
            2024-03-01,A,4,400,300,100,2023-03-01,4,300,false

            """)
        XCTAssertEqual(invest.run(["gains", "--cost-basis", "average", "--format", "csv"]).output, """
            date,ticker,quantity,proceeds,cost,gain,lot_bought_on,lot_quantity,lot_cost,cost_unknown
            2023-06-01,A,15,3000,1875,1125,,,,false
            2024-03-01,A,4,400,250,150,,,,false

            """, "one row per sell, with no lot")
    }

    func test_gainsOfOneYear_takeLotsFromEarlierYears() throws {
        let invest = try makeHistory()

        let json = try invest.run(["gains", "--year", "2024", "--format", "json"]).jsonObject()
        let average = try invest.run(["gains", "--year", "2024", "--cost-basis", "average", "--format", "json"]).jsonObject()
        let badYear = invest.run(["gains", "--year", "25"])

        let sells = try XCTUnwrap(json["sells"] as? [[String: Any]])
        XCTAssertEqual(sells.map { $0["date"] as? String }, ["2024-03-01"])
        XCTAssertEqual(sells.first?["cost"] as? String, "300", "4 of the split lot bought in 2023")
        XCTAssertEqual((average["sells"] as? [[String: Any]])?.first?["cost"] as? String, "250")
        XCTAssertEqual(badYear.status, 2)
    }

    func test_editingTheNoteOfOneOfADaysBuys_changesNoGain() throws {
        let invest = makeInvestDriver()
        let dearer = try savedID(invest.run(["add", "--type", "buy", "--ticker", "B", "--quantity", "10", "--sum", "200", "--date", "2024-01-02", "--format", "json"]))
        for arguments in [["--type", "buy", "--quantity", "10", "--sum", "100", "--date", "2024-01-02"], ["--type", "sell", "--quantity", "10", "--sum", "300", "--date", "2024-02-01"]] {
            XCTAssertEqual(invest.run(["add", "--ticker", "B"] + arguments).status, 0)
        }
        XCTAssertEqual(invest.run(["price", "set", "B", "30"]).status, 0)
        let gains = invest.run(["gains", "--format", "csv"]).output
        let portfolio = invest.run(["portfolio", "--offline", "--cost-basis", "fifo", "--format", "csv"]).output

        XCTAssertEqual(invest.run(["edit", dearer, "--note", "typo fixed"]).status, 0)

        XCTAssertEqual(invest.run(["gains", "--format", "csv"]).output, gains)
        XCTAssertEqual(invest.run(["portfolio", "--offline", "--cost-basis", "fifo", "--format", "csv"]).output, portfolio)
        XCTAssertTrue(gains.contains("2024-02-01,B,10,300,100,200,2024-01-02,10,100"), "the cheaper of the day's lots first: \(gains)")
    }

    // MARK: - Helpers

    private func makeHistory() throws -> InvestDriver {
        let invest = makeInvestDriver()
        for step in [["buy", "10", "1000", "2023-01-10"], ["buy", "10", "1500", "2023-03-01"], ["sell", "15", "3000", "2023-06-01"],
                     ["split", "", "", "2024-02-01"], ["sell", "4", "400", "2024-03-01"]] {
            var arguments = ["add", "--type", step[0], "--ticker", "A", "--date", step[3]]
            arguments += step[0] == "split" ? ["--ratio", "2:1"] : ["--quantity", step[1], "--sum", step[2]]
            let run = invest.run(arguments)
            XCTAssertEqual(run.status, 0, run.errors)
        }
        XCTAssertEqual(invest.run(["price", "set", "A", "100"]).status, 0)
        return invest
    }

    private func savedID(_ run: InvestRun) throws -> String {
        XCTAssertEqual(run.status, 0, run.errors)
        return try XCTUnwrap(run.jsonObject()["id"] as? String)
    }

    private func totals(_ document: [String: Any]) throws -> [String: Any] {
        try XCTUnwrap(document["totals"] as? [String: Any])
    }
}
