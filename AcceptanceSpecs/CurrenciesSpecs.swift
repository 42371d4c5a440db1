import XCTest
import InvestCLITestSupport
import TestSupport

/// The ECB's reference rates through Frankfurter's API, kept on the
/// ledger, fetched once per day and range, and read offline from what is kept.
final class CurrenciesSpecs: XCTestCase {
    func test_rateFetch_keepsTheECBsRatesIntoTheBaseCurrency_andAsksForNoDayTwice() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.environment["INVEST_BASE_CURRENCY"] = "GBP"
        invest.environment["INVEST_FX_URL"] = emulator.baseURL.absoluteString

        let fetched = invest.run(["rate", "fetch", "USD", "EUR", "--from", "2024-06-28", "--format", "json"])
        invest.environment["INVEST_FX_URL"] = "http://127.0.0.1:9"
        let again = invest.run(["rate", "fetch", "USD", "--from", "2024-06-29", "--format", "json"])
        let history = try invest.run(["rate", "history", "USD", "--format", "json"]).jsonRows()

        XCTAssertEqual(fetched.status, 0, fetched.errors)
        // Friday 28 June to Wednesday 3 July, the driver's today: four working days.
        XCTAssertEqual(try fetched.jsonRows().map { $0["rates"] as? Int }, [4, 4])
        XCTAssertEqual(again.status, 0, "the days asked about already need no server: \(again.errors)")
        XCTAssertEqual(history.map { $0["date"] as? String }, ["2024-06-28", "2024-07-01", "2024-07-02", "2024-07-03"])
        XCTAssertEqual(Set(history.map { $0["into"] as? String }), ["GBP"])
        XCTAssertEqual(try again.jsonRows().first?["rate"] as? String, history.last?["rate"] as? String, "today's rate is the latest kept")
    }

    func test_rateFetch_ofACurrencyTheECBDoesNotFollow_keepsNothing_andSaysWhy() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.environment["INVEST_FX_URL"] = emulator.baseURL.absoluteString

        let unpublished = invest.run(["rate", "fetch", "AED", "--from", "2024-07-01"])
        let unknown = invest.run(["rate", "fetch", "XYZ"])
        invest.environment["INVEST_BASE_CURRENCY"] = "POUNDS"
        let badBase = invest.run(["rate", "history"])
        invest.environment["INVEST_BASE_CURRENCY"] = nil

        XCTAssertEqual(unpublished.status, 1)
        XCTAssertTrue(unpublished.errors.contains("the ECB publishes no rate of AED into USD"), unpublished.errors)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.errors.contains("'XYZ' is not an ISO 4217 currency code"), unknown.errors)
        XCTAssertEqual(badBase.status, 2)
        XCTAssertTrue(badBase.errors.contains("INVEST_BASE_CURRENCY 'POUNDS' is not an ISO 4217 currency code"), badBase.errors)
        XCTAssertTrue(invest.run(["rate", "history"]).output.contains("No exchange rates into USD are kept"))
    }

    /// A security's trading currency, set by the user and synced as a record; a
    /// minor unit is a hundredth of its currency.
    func test_securitySet_keepsATradingCurrency_minorUnitsAsAHundredth_andUndoTakesItBack() throws {
        let invest = makeInvestDriver()

        let vodafone = invest.run(["security", "set", "vod.l", "--currency", "GBp"])
        XCTAssertEqual(invest.run(["security", "set", "AAPL", "--currency", "usd"]).status, 0)
        let listed = try invest.run(["security", "list", "--format", "json"]).jsonRows()
        let refused = invest.run(["security", "set", "AAPL", "--currency", "dollars"])
        let undone = invest.run(["undo"])
        let after = try invest.run(["security", "list", "--format", "json"]).jsonRows()

        XCTAssertEqual(vodafone.status, 0, vodafone.errors)
        XCTAssertTrue(vodafone.output.contains("VOD.L trades in GBp (a hundredth of GBP"), vodafone.output)
        XCTAssertEqual(listed.map { "\($0["ticker"] ?? "") \($0["unit"] ?? "") \($0["currency"] ?? "") \($0["perCurrency"] ?? "") \($0["source"] ?? "")" },
                       ["AAPL USD USD 1 user", "VOD.L GBp GBP 100 user"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.errors.contains("'dollars' is not a currency"), refused.errors)
        XCTAssertEqual(undone.status, 0, undone.errors)
        XCTAssertEqual(after.map { $0["ticker"] as? String }, ["VOD.L"])
    }

    /// The history provider's metadata names a security's currency, kept unless the
    /// user has said otherwise.
    func test_priceFetch_keepsTheCurrencyTheProviderNames_butNeverOverTheUsers() throws {
        let emulator = try startEmulator()
        for ticker in ["VOD.L", "BP.L"] { try emulator.setQuote(ticker, price: 72, previousClose: 71) }
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.environment["TWELVE_DATA_API_KEY"] = ServicesEmulator.apiKey
        invest.environment["INVEST_TWELVE_DATA_URL"] = emulator.baseURL.absoluteString
        XCTAssertEqual(invest.run(["security", "set", "BP.L", "--currency", "GBP"]).status, 0)

        let fetched = invest.run(["price", "fetch", "VOD.L", "BP.L", "--from", "2024-07-01"])
        let securities = try invest.run(["security", "list", "--format", "json"]).jsonRows()

        XCTAssertEqual(fetched.status, 0, fetched.errors)
        XCTAssertEqual(securities.map { "\($0["ticker"] ?? "") \($0["unit"] ?? "") \($0["source"] ?? "")" }, ["BP.L GBP user", "VOD.L GBp provider"])
    }

    /// Each currency's cash is its own pot with its own rule: buys in dollars and in pounds, then
    /// a deposit in each dated before them, are all accepted, in either order.
    func test_buysInTwoCurrencies_thenADepositInEach_areBothAccepted() throws {
        let invest = makeInvestDriver()
        invest.environment["INVEST_BASE_CURRENCY"] = "GBP"
        let dollarBuy = invest.run(["add", "--type", "buy", "--ticker", "MSFT", "--quantity", "10", "--sum", "3700", "--currency", "USD", "--date", "2024-01-03"])
        let poundBuy = invest.run(["add", "--type", "buy", "--ticker", "VOD.L", "--quantity", "1000", "--sum", "700", "--currency", "GBP", "--date", "2024-01-03"])

        let dollars = invest.run(["add", "--type", "deposit", "--sum", "5000", "--currency", "USD", "--date", "2024-01-02"])
        let pounds = invest.run(["add", "--type", "deposit", "--sum", "1000", "--date", "2024-01-02"])
        let overdraft = invest.run(["add", "--type", "buy", "--ticker", "AAPL", "--quantity", "10", "--sum", "1500", "--currency", "USD", "--date", "2024-01-04"])
        let cash = try invest.run(["cash", "--format", "json"]).jsonObject()

        XCTAssertEqual(dollarBuy.status, 0, dollarBuy.errors)
        XCTAssertEqual(poundBuy.status, 0, poundBuy.errors)
        XCTAssertEqual(dollars.status, 0, "the pounds bought with are not this deposit's problem: \(dollars.errors)")
        XCTAssertEqual(pounds.status, 0, "nor are the dollars this one's: \(pounds.errors)")
        XCTAssertEqual(overdraft.status, 2, "once a pot holds a deposit, its rule holds")
        XCTAssertTrue(overdraft.errors.contains("1300.00 USD available"), overdraft.errors)
        // $5,000 in, $3,700 out; £1,000 in, £700 out.
        XCTAssertEqual((cash["balances"] as? [[String: Any]])?.map { "\($0["currency"] ?? "") \($0["balance"] ?? "")" }, ["GBP 300", "USD 1300"])
    }

    /// A pot that is empty today is worth nothing in any currency: it needs no rate, and a pot
    /// no trade was paid from doesn't stop the holdings being valued.
    func test_anEmptyPotInACurrencyWithNoRateKept_hidesNothing() throws {
        let invest = makeInvestDriver()
        invest.environment["INVEST_BASE_CURRENCY"] = "GBP"
        for arguments in [["add", "--type", "deposit", "--sum", "1000", "--date", "2024-01-02"],
                          ["add", "--type", "deposit", "--sum", "1000", "--currency", "JPY", "--date", "2024-01-02"],
                          ["add", "--type", "withdrawal", "--sum", "1000", "--currency", "JPY", "--date", "2024-01-03"],
                          ["price", "set", "ACME", "10"],
                          ["add", "--type", "buy", "--ticker", "ACME", "--quantity", "10", "--sum", "90", "--date", "2024-01-03"]] {
            XCTAssertEqual(invest.run(arguments).status, 0, arguments.joined(separator: " "))
        }

        let portfolio = invest.run(["portfolio", "--offline", "--format", "json"])
        let gains = invest.run(["gains", "--offline", "--format", "json"])

        XCTAssertEqual(portfolio.status, 0, portfolio.errors)
        let totals = try portfolio.jsonObject()["totals"] as? [String: Any]
        XCTAssertEqual(totals?["value"] as? String, "100")
        XCTAssertEqual(totals?["cash"] as? String, "910")
        XCTAssertEqual(gains.status, 0, gains.errors)
    }
}
