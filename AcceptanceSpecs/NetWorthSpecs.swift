import XCTest
import InvestCLITestSupport
import TestSupport

/// A GBP-based investor with two accounts in two currencies, an fx
/// exchange and a share transfer, valued against the emulator's Frankfurter and Twelve Data; the
/// net worth equals the total worked by hand, and `invest-summary` gives the same.
final class NetWorthSpecs: XCTestCase {
    func test_networth_ofTwoAccountsInTwoCurrencies_withAnExchangeAndATransfer_equalsTheHandWorkedTotal_inBothClients() throws {
        let emulator = try startEmulator()
        try emulator.setQuote("AAPL", price: 200, previousClose: 190)
        try emulator.setQuote("VOD.L", price: 80, previousClose: 79)
        let phone = makeInvestDriver(servicesFrom: emulator)
        for driver in [phone] { useBritishSettings(driver, emulator: emulator) }
        phone.signUp("investor@example.com", password: "long enough")
        recordTwoAccountsInTwoCurrencies(phone)

        let worth = try phone.run(["networth", "--format", "json"]).jsonObject()
        let byAccount = try phone.run(["networth", "--by", "account", "--format", "json"]).jsonObject()
        let overTime = try phone.run(["networth", "--interval", "month", "--format", "json"]).jsonRows()
        let isa = try phone.run(["--account", "ISA", "portfolio", "--format", "json"]).jsonObject()
        let portfolio = try XCTUnwrap(try phone.run(["portfolio", "--format", "json"]).jsonObject()["totals"] as? [String: Any])
        XCTAssertEqual(phone.run(["sync"]).status, 0)
        let watch = makeInvestDriver(servicesFrom: emulator)
        useBritishSettings(watch, emulator: emulator)
        watch.environment["INVEST_EMAIL"] = "investor@example.com"
        watch.environment["INVEST_PASSWORD"] = "long enough"
        let summary = watch.summary(["--format", "json"])

        // The dollar is worth £0.78615 on 3 July (the emulator's ECB rate).
        // AAPL at $200: 6 shares here $1,200 → £943.38; 4 in the ISA $800 → £628.92.
        // VOD.L at 80p: 1,000 shares £800. Pounds here: 10,000 − 5,000 − 750 − 100 = £4,150.
        // Dollars here: 6,250 − 2,000 = $4,250 → £3,341.1375. Pounds in the ISA: £100.
        // Total £9,963.4375: £9,234.5175 here, £728.92 in the ISA.
        XCTAssertEqual(worth["base"] as? String, "GBP")
        XCTAssertEqual(worth["total"] as? String, "9963.4375")
        XCTAssertEqual((worth["items"] as? [[String: Any]])?.map { "\($0["kind"] ?? "") \($0["account"] ?? "") \($0["name"] ?? "") \($0["value"] ?? "")" },
                       ["holding default AAPL 943.38", "holding default VOD.L 800", "holding ISA AAPL 628.92",
                        "cash default GBP 4150", "cash default USD 3341.1375", "cash ISA GBP 100"])
        XCTAssertEqual((byAccount["byAccount"] as? [[String: Any]])?.map { "\($0["account"] ?? "") \($0["value"] ?? "")" },
                       ["default 9234.5175", "ISA 728.92"])
        // Over time: 30 June (a Sunday) takes Friday's rate, 0.77795, and no close is kept that early, so the
        // three holdings are valued at their trades' prices, as performance values them: £4,150 + $4,250 × 0.77795
        // (£3,306.2875) + £100, and 10 AAPL at $200 (£1,555.90) and 1,000 VOD.L at 75p (£750).
        XCTAssertEqual(overTime.map { "\($0["date"] ?? "") \($0["netWorth"] ?? "") \($0["unvalued"] ?? "") \($0["atTradePrice"] ?? "")" },
                       ["2024-06-30 9862.1875 0 3", "2024-07-03 9963.4375 0 0"], "today's row is today's net worth")
        // The portfolio is in pounds too: its holdings £943.38 + £800 + £628.92, and with cash the net worth.
        XCTAssertEqual(portfolio["value"] as? String, "2372.3")
        XCTAssertEqual(portfolio["valueWithCash"] as? String, "9963.4375")
        // The dollar fell from 0.78616 to 0.78615 since the buy: $2,000 of AAPL cost lost £0.02 to the currency;
        // VOD.L's £50 is all price.
        XCTAssertEqual(portfolio["currencyGain"] as? String, "-0.02")
        XCTAssertEqual(portfolio["priceGain"] as? String, "50")
        // The 4 shares took their cost with them: $2,000 ÷ 10 × 4 = $800, at the buy's rate of 5 June (0.78616), never today's.
        let isaHolding = try XCTUnwrap((isa["holdings"] as? [[String: Any]])?.first)
        XCTAssertEqual(isaHolding["costBasis"] as? String, "628.928")
        XCTAssertEqual(isaHolding["value"] as? String, "628.92")
        XCTAssertEqual(summary.status, 0, summary.errors)
        XCTAssertEqual(try summary.jsonObject()["value"] as? String, "2372.3")
        XCTAssertEqual(try summary.jsonObject()["netWorth"] as? String, "9963.4375", "the remote-only client gives the same net worth")
        XCTAssertEqual(try summary.jsonObject()["baseCurrency"] as? String, "GBP")
    }

    /// An exchange, a foreign buy and transfers go out with `export` and come
    /// back with `import`, in CSV and in JSON, as they were.
    func test_exchangesForeignTradesAndTransfers_roundTripThroughExportAndImport() throws {
        let invest = makeInvestDriver()
        invest.environment["INVEST_BASE_CURRENCY"] = "GBP"
        for command in [["account", "add", "ISA"],
                        ["add", "--type", "deposit", "--sum", "1000", "--date", "2024-06-03"],
                        ["add", "--type", "fx", "--sum", "400", "--to-sum", "500", "--to-currency", "USD", "--date", "2024-06-04"],
                        ["add", "--type", "buy", "--ticker", "AAPL", "--quantity", "2", "--sum", "300", "--currency", "USD", "--date", "2024-06-05"],
                        ["transfer", "--to", "ISA", "--ticker", "AAPL", "--quantity", "1", "--date", "2024-06-06"],
                        ["transfer", "--to", "ISA", "--sum", "50", "--currency", "USD", "--date", "2024-06-06"]] {
            let run = invest.run(command)
            XCTAssertEqual(run.status, 0, "\(command): \(run.errors)")
        }
        let original = try invest.run(["list", "--format", "json"]).jsonRows()
        let cash = try invest.run(["cash", "--format", "json"]).jsonObject()
        let directory = makeTemporaryDirectory()

        for format in ["csv", "json"] {
            let file = directory.appendingPathComponent("export.\(format)")
            try Data(invest.run(["export", "--format", format]).output.utf8).write(to: file)
            let elsewhere = makeInvestDriver()
            elsewhere.environment["INVEST_BASE_CURRENCY"] = "GBP"
            XCTAssertEqual(elsewhere.run(["account", "add", "ISA"]).status, 0)

            let imported = elsewhere.run(["import", file.path])

            XCTAssertEqual(imported.status, 0, "\(format): \(imported.errors)")
            XCTAssertEqual(try elsewhere.run(["list", "--format", "json"]).jsonRows().map(Self.described), original.map(Self.described), format)
            XCTAssertEqual(try elsewhere.run(["cash", "--format", "json"]).jsonObject()["balances"] as? [[String: String]],
                           cash["balances"] as? [[String: String]], format)
        }
        // £1,000 − £400; $500 − $300 − $50 here, $50 in the ISA.
        XCTAssertEqual(cash["balances"] as? [[String: String]], [["currency": "GBP", "balance": "600"], ["currency": "USD", "balance": "200"]])
    }

    private static func described(_ row: [String: Any]) -> String {
        ["id", "date", "type", "ticker", "quantity", "sum", "account", "currency", "to_sum", "to_currency", "to_account"]
            .map { "\(row[$0] ?? "-")" }.joined(separator: " ")
    }
}
