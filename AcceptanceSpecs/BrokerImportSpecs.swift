import XCTest
import Foundation
import InvestCLITestSupport
import TestSupport

/// Issue 32 §1, broker presets: a broker's own export imported as it is, known by its header.
final class BrokerImportSpecs: XCTestCase {
    /// A Schwab "Transaction History" export in Schwab's shape (its own figures), newest first.
    private static let schwab = """
        "Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"
        "03/15/2024","Sell","VTI","VANGUARD TOTAL STOCK MARKET ETF","5","$250.00","$0.65","$1,249.35"
        "03/01/2024","Advisor Fee","","TO ADVISOR","","","","-$12.50"
        "02/28/2024","Credit Interest","","SCHWAB1 INT 01/30-02/27","","","","$1.25"
        "02/15/2024 as of 02/14/2024","Foreign Tax Paid","VXUS","VANGUARD TOTAL INTL STOCK ETF","","","","-$1.80"
        "02/14/2024","Qualified Dividend","VXUS","VANGUARD TOTAL INTL STOCK ETF","","","","$12.00"
        "01/31/2024","Reinvest Shares","VTI","VANGUARD TOTAL STOCK MARKET ETF","0.2","$240.00","","-$48.00"
        "01/31/2024","Reinvest Dividend","VTI","VANGUARD TOTAL STOCK MARKET ETF","","","","$48.00"
        "01/10/2024","Buy","VXUS","VANGUARD TOTAL INTL STOCK ETF","20","$58.00","","-$1,160.00"
        "01/05/2024","Buy","VTI","VANGUARD TOTAL STOCK MARKET ETF","10","$230.00","","-$2,300.00"
        "01/02/2024","MoneyLink Transfer","","Tfr BANK OF EXAMPLE","","","","$5,000.00"
        Transactions Total,,,,,,,"$2,788.30"

        """

    func test_aSchwabExport_isKnownByItsHeader_andImportedWithItsHoldingsCashAndDividends_andAgainAddsNothing() throws {
        let emulator = try startEmulator()
        try emulator.setQuote("VTI", price: 260, previousClose: 259)
        try emulator.setQuote("VXUS", price: 60, previousClose: 59)
        let invest = makeInvestDriver(servicesFrom: emulator)
        let file = makeTemporaryDirectory().appendingPathComponent("Individual_XXX123_Transactions.csv")
        try Data(Self.schwab.utf8).write(to: file)

        let imported = invest.run(["import", file.path])
        let again = invest.run(["import", file.path])
        let portfolio = try invest.run(["portfolio", "--format", "json"]).jsonObject()
        let cash = try invest.run(["cash", "--format", "json"]).jsonObject()
        let gains = try invest.run(["gains", "--cost-basis", "average", "--format", "json"]).jsonObject()
        let dividends = try invest.run(["list", "--type", "dividend", "--format", "json"]).jsonRows()

        XCTAssertEqual(imported.status, 0, imported.errors)
        XCTAssertTrue(imported.errors.contains("reading \(file.path) as a Charles Schwab transactions export (--broker schwab)"), imported.errors)
        XCTAssertTrue(imported.output.contains("Imported 10 transactions"), imported.output)
        XCTAssertEqual(again.status, 0, again.errors)
        XCTAssertTrue(again.output.contains("Imported 0 transactions"), "a re-export adds nothing: \(again.output)")
        // VTI: 10 bought, 0.2 reinvested, 5 sold; VXUS: 20 bought.
        let holdings = try XCTUnwrap(portfolio["holdings"] as? [[String: Any]])
        XCTAssertEqual(Set(holdings.map { "\($0["ticker"] ?? "") \($0["quantity"] ?? "")" }), ["VTI 5.2", "VXUS 20"])
        // $5,000 in; −2,300 − 1,160; +48 − 48 reinvested; +12 dividend; −1.80 tax; +1.25 interest; −12.50 fee; +1,249.35.
        XCTAssertEqual(cash["balance"] as? String, "2788.3")
        XCTAssertEqual(Set(dividends.map { "\($0["ticker"] ?? "") \($0["sum"] ?? "")" }), ["VTI 48", "VXUS 12"])
        // The 5 sold at the average cost of $2,348 for 10.2 shares: $1,150.98039216; $1,249.35 less that.
        XCTAssertEqual((gains["sells"] as? [[String: Any]])?.first?["gain"] as? String, "98.36960784")
    }

    func test_aSchwabRowThatCantBeMapped_isNamedByLine_andNothingIsImported() throws {
        let invest = makeInvestDriver()
        let file = makeTemporaryDirectory().appendingPathComponent("schwab.csv")
        let withASplit = Self.schwab.replacingOccurrences(of: "\"03/01/2024\",\"Advisor Fee\"",
                                                          with: "\"03/02/2024\",\"Stock Split\",\"VTI\",\"VANGUARD TOTAL STOCK MARKET ETF\",\"5.2\",\"\",\"\",\"\"\n\"03/01/2024\",\"Advisor Fee\"")
        try Data(withASplit.utf8).write(to: file)

        let refused = invest.run(["import", file.path, "--broker", "schwab"])
        let wrongBroker = invest.run(["import", file.path, "--broker", "schwb"])

        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.errors.contains("\(file.path):3: Stock Split: a corporate action gives shares without their ratio or cost"), refused.errors)
        XCTAssertTrue(try invest.run(["list", "--format", "json"]).jsonRows().isEmpty, "all or nothing")
        XCTAssertEqual(wrongBroker.status, 2)
        XCTAssertTrue(wrongBroker.errors.contains("Did you mean 'schwab'?") || wrongBroker.errors.contains("did you mean"), wrongBroker.errors)
    }

    /// A Fidelity "History" export in Fidelity's shape (its own figures): blank lines before the
    /// header, a space before each row, money-market sweeps, and a footer of disclaimers.
    private static let fidelity = """



        Run Date,Action,Symbol,Security Description,Security Type,Quantity,Price ($),Commission ($),Fees ($),Accrued Interest ($),Amount ($),Settlement Date
         03/15/2024,YOU SOLD VANGUARD INDEX FDS S&P 500 ETF (VOO) (Cash),VOO,VANGUARD INDEX FDS S&P 500 ETF,Cash,-2,470.00,0.00,0.02,,939.98,03/18/2024
         02/28/2024,DIVIDEND RECEIVED VANGUARD INDEX FDS S&P 500 ETF (VOO) (Cash),VOO,VANGUARD INDEX FDS S&P 500 ETF,Cash,0.000,,,,,15.60,
         02/15/2024,INTEREST EARNED FDIC INSURED DEPOSIT AT (QPCTQ) (Cash),QPCTQ,FDIC INSURED DEPOSIT,Cash,0.000,,,,,2.40,
         01/10/2024,YOU BOUGHT VANGUARD INDEX FDS S&P 500 ETF (VOO) (Cash),VOO,VANGUARD INDEX FDS S&P 500 ETF,Cash,5,440.00,0.00,0.00,,-2200.00,01/12/2024
         01/09/2024,PURCHASE INTO CORE ACCOUNT FIDELITY GOVERNMENT MONEY MARKET (SPAXX) (Cash),SPAXX,FIDELITY GOVERNMENT MONEY MARKET,Cash,500,1,,,,-500.00,
         01/02/2024,Electronic Funds Transfer Received (Cash), ,No Description,Cash,0.000,,,,,3000.00,


        "The data and information in this spreadsheet is provided to you solely for your use and is not for distribution."
        "Date downloaded 03/20/2024 3:38 pm"

        """

    func test_aFidelityHistory_isKnownByItsHeaderAfterBlankLines_andImportedWithItsHoldingsCashAndDividends() throws {
        let invest = makeInvestDriver()
        let file = makeTemporaryDirectory().appendingPathComponent("History_for_Account_X12345678.csv")
        try Data(Self.fidelity.utf8).write(to: file)

        let imported = invest.run(["import", file.path])
        let cash = try invest.run(["cash", "--format", "json"]).jsonObject()
        let rows = try invest.run(["list", "--format", "json"]).jsonRows()

        XCTAssertEqual(imported.status, 0, imported.errors)
        XCTAssertTrue(imported.errors.contains("as a Fidelity account history export (--broker fidelity)"), imported.errors)
        // The core money-market sweep is cash here, so left out: 5 transactions of 6 rows.
        XCTAssertEqual(rows.map { "\($0["type"] ?? "") \($0["ticker"] ?? "-") \($0["quantity"] ?? "-") \($0["sum"] ?? "")" }.sorted(),
                       ["buy VOO 5 2200", "deposit <null> <null> 3000", "dividend VOO <null> 15.6", "interest <null> <null> 2.4", "sell VOO 2 939.98"])
        // $3,000 in; −2,200; +15.60; +2.40; +939.98 (the sale net of its 2 cents of fees).
        XCTAssertEqual(cash["balance"] as? String, "1757.98")
    }
}
