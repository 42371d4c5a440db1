import XCTest
import Foundation
import InvestCLITestSupport
import TestSupport

/// A broker's own export imported as it is, known by its header.
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

    func test_aSchwabExportWithItsTitleLine_isKnownByTheHeaderBelowIt() throws {
        let invest = makeInvestDriver()
        let file = makeTemporaryDirectory().appendingPathComponent("schwab.csv")
        try Data(("\"Transactions  for account Individual ...123 as of 03/20/2024 10:00 PM ET\"\n" + Self.schwab).utf8).write(to: file)

        let imported = invest.run(["import", file.path])

        XCTAssertEqual(imported.status, 0, imported.errors)
        XCTAssertTrue(imported.output.contains("Imported 10 transactions"), imported.output)
    }

    func test_aSchwabRowThatCantBeMapped_isNamedByLine_andTheRestIsImported_orNothingWithStrict() throws {
        let invest = makeInvestDriver()
        let file = makeTemporaryDirectory().appendingPathComponent("schwab.csv")
        let withASplit = Self.schwab.replacingOccurrences(of: "\"03/01/2024\",\"Advisor Fee\"",
                                                          with: "\"03/02/2024\",\"Spin-off\",\"VTI\",\"VANGUARD TOTAL STOCK MARKET ETF\",\"5.2\",\"\",\"\",\"\"\n\"03/01/2024\",\"Advisor Fee\"")
        try Data(withASplit.utf8).write(to: file)

        let refused = invest.run(["import", file.path, "--broker", "schwab", "--strict"])
        let nothing = try invest.run(["list", "--format", "json"]).jsonRows()
        let imported = invest.run(["import", file.path, "--broker", "schwab"])
        let wrongBroker = invest.run(["import", file.path, "--broker", "schwb"])

        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.errors.contains("\(file.path):3: Spin-off: a corporate action or a transfer of shares, which this import can't record"), refused.errors)
        XCTAssertTrue(nothing.isEmpty, "--strict: all or nothing")
        XCTAssertEqual(imported.status, 0, imported.errors)
        XCTAssertTrue(imported.errors.contains("\(file.path):3: Spin-off: a corporate action or a transfer of shares, which this import can't record"), imported.errors)
        XCTAssertTrue(imported.output.contains("1 row was skipped"), imported.output)
        XCTAssertFalse(try invest.run(["list", "--format", "json"]).jsonRows().isEmpty)
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
        XCTAssertEqual(rows.map { "\($0["type"] ?? "") \($0["ticker"] ?? "-") \($0["quantity"] ?? "-") \($0["sum"] ?? "") \($0["fee"] ?? "-")" }.sorted(),
                       ["buy VOO 5 2200 <null>", "deposit <null> <null> 3000 <null>", "dividend VOO <null> 15.6 <null>", "interest <null> <null> 2.4 <null>",
                        "sell VOO 2 940 0.02"])
        // $3,000 in; −2,200; +15.60; +2.40; +939.98 (the sale net of its 2 cents of fees).
        XCTAssertEqual(cash["balance"] as? String, "1757.98")
    }

    // MARK: - Interactive Brokers, Vanguard, Trading 212, Degiro

    /// An Interactive Brokers Activity Statement in its shape (its own figures): sections, each
    /// with its header, data, subtotals and totals.
    private static let ibkr = """
        Statement,Header,Field Name,Field Value
        Statement,Data,BrokerName,Interactive Brokers LLC
        Statement,Data,Title,Activity Statement
        Statement,Data,Period,"January 1, 2024 - June 30, 2024"
        Account Information,Header,Field Name,Field Value
        Account Information,Data,Base Currency,USD
        Trades,Header,DataDiscriminator,Asset Category,Currency,Symbol,Date/Time,Quantity,T. Price,C. Price,Proceeds,Comm/Fee,Basis,Realized P/L,MTM P/L,Code
        Trades,Data,Order,Stocks,USD,AAPL,"2024-01-03, 10:30:00",20,185,184.25,-3700,-1,3701,0,-15,O
        Trades,Data,Order,Stocks,USD,MSFT,"2024-01-04, 11:00:00",5,370,371,-1850,-1,1851,0,5,O
        Trades,SubTotal,,Stocks,USD,AAPL,,20,,,-3700,-1,3701,0,-15,
        Trades,Data,Order,Stocks,USD,AAPL,"2024-04-02, 14:00:00",-5,170,169,850,-1,-925.25,-76.25,5,C
        Trades,Total,,Stocks,USD,,,,,,-4700,-3,,,,
        Dividends,Header,Currency,Date,Description,Amount
        Dividends,Data,USD,2024-02-15,AAPL(US0378331005) Cash Dividend USD 0.24 per Share (Ordinary Dividend),4.8
        Dividends,Data,USD,2024-03-14,MSFT(US5949181045) Cash Dividend USD 0.75 per Share (Ordinary Dividend),3.75
        Dividends,Data,Total,,,8.55
        Withholding Tax,Header,Currency,Date,Description,Amount,Code
        Withholding Tax,Data,USD,2024-02-15,AAPL(US0378331005) Cash Dividend USD 0.24 per Share - US Tax,-0.72,
        Withholding Tax,Data,Total,,,-0.72,
        Deposits & Withdrawals,Header,Currency,Settle Date,Description,Amount
        Deposits & Withdrawals,Data,USD,2024-01-02,Electronic Fund Transfer,10000
        Deposits & Withdrawals,Data,USD,2024-05-01,Disbursement Initiated by Jane Doe,-500
        Deposits & Withdrawals,Data,Total,,,9500
        Fees,Header,Subtitle,Currency,Date,Description,Amount
        Fees,Data,Other Fees,USD,2024-03-04,Market data: US Securities Snapshot Bundle for FEB 2024,-10
        Fees,Data,Total,,,,-10
        Interest,Header,Currency,Date,Description,Amount
        Interest,Data,USD,2024-03-05,USD Credit Interest for Feb-2024,12.34
        Interest,Data,Total,,,12.34
        Transfers,Header,Asset Category,Currency,Symbol,Date,Type,Direction,Xfer Company,Xfer Account,Qty,Xfer Price,Market Value,Realized P/L,Cash Amount,Code
        Transfers,Data,Stocks,USD,NVDA,2024-05-20,ACATS,In,Other Broker,XXX123,2,--,1900,0,0,
        Corporate Actions,Header,Asset Category,Currency,Report Date,Date/Time,Description,Quantity,Proceeds,Value,Realized P/L,Code
        Corporate Actions,Data,Stocks,USD,2024-06-10,"2024-06-07, 20:25:00",NVDA(US67066G1040) Split 10 for 1 (NVDA, NVIDIA CORP, US67066G1040),18,0,0,0,
        Corporate Actions,Data,Total,,,,,,0,0,0,
        Open Positions,Header,DataDiscriminator,Asset Category,Currency,Symbol,Quantity,Mult,Cost Price,Cost Basis,Close Price,Value,Unrealized P/L,Code
        Open Positions,Data,Summary,Stocks,USD,AAPL,15,1,185.05,2775.75,190,2850,74.25,

        """

    func test_anInteractiveBrokersStatement_isReadSectionBySection_withItsTaxSplitAndTransferIn() throws {
        let (invest, imported, again) = try importTwice(Self.ibkr, named: "U1234567_2024.csv", quotes: ["AAPL": 190, "MSFT": 400, "NVDA": 120])
        XCTAssertTrue(imported.errors.contains("as an Interactive Brokers activity statement export (--broker ibkr)"), imported.errors)
        XCTAssertTrue(again.output.contains("Imported 0 transactions"), "a re-export adds nothing: \(again.output)")
        let holdings = try holdings(invest)
        // AAPL: 20 bought for $3,701 (commission in), 5 sold; MSFT 5; NVDA: 2 transferred in at
        // their $1,900 market value, then split 10 for 1.
        XCTAssertEqual(holdings, ["AAPL 15 2775.75", "MSFT 5 1851", "NVDA 20 1900"])
        // $10,000 in; −3,701 − 1,851; +849 (850 less $1); +4.80 + 3.75 dividends; −0.72 tax;
        // −500 out; −10 market data; +12.34 interest; the transfer in puts in and spends $1,900.
        XCTAssertEqual(try invest.run(["cash", "--format", "json"]).jsonObject()["balance"] as? String, "4807.17")
        let fees = try invest.run(["list", "--type", "fee", "--format", "json"]).jsonRows()
        XCTAssertEqual(Set(fees.map { "\($0["date"] ?? "") \($0["ticker"] ?? "-") \($0["sum"] ?? "") \($0["note"] ?? "")" }),
                       ["2024-02-15 AAPL 0.72 IBKR: withholding tax on the AAPL dividend of 2024-02-15",
                        "2024-03-04 <null> 10 IBKR: Fees — Market data: US Securities Snapshot Bundle for FEB 2024"])
        let gains = try invest.run(["gains", "--cost-basis", "average", "--format", "json"]).jsonObject()
        XCTAssertEqual((gains["sells"] as? [[String: Any]])?.first?["gain"] as? String, "-76.25", "$849 for 5 of 20 costing $3,701")
    }

    /// A Vanguard download in its shape: the holdings, blank lines, then the transactions, each
    /// line ending with a comma.
    private static let vanguard = """
        Account Number,Investment Name,Symbol,Shares,Share Price,Total Value,
        12345678,VANGUARD TOTAL STOCK MARKET ETF,VTI,12.5,250.00,3125.00,
        12345678,VANGUARD FEDERAL MONEY MARKET FUND,VMFXX,3509.56,1.00,3509.56,



        Account Number,Trade Date,Settlement Date,Transaction Type,Transaction Description,Investment Name,Symbol,Shares,Share Price,Principal Amount,Commissions and Fees,Net Amount,Accrued Interest,Account Type,
        12345678,2024-03-28,2024-03-28,Reinvestment,Dividend Reinvestment,VANGUARD TOTAL STOCK MARKET ETF,VTI,0.5,240.00,-120.00,0.00,-120.00,0.0,CASH,
        12345678,2024-03-28,2024-03-28,Dividend,Dividend Received,VANGUARD TOTAL STOCK MARKET ETF,VTI,0.0,0.0,120.00,0.00,120.00,0.0,CASH,
        12345678,2024-03-01,2024-03-01,Dividend,Dividend Received,VANGUARD FEDERAL MONEY MARKET FUND,VMFXX,0.0,1.0,4.56,0.00,4.56,0.0,CASH,
        12345678,2024-03-01,2024-03-01,Reinvestment,Dividend Reinvestment,VANGUARD FEDERAL MONEY MARKET FUND,VMFXX,4.56,1.0,-4.56,0.00,-4.56,0.0,CASH,
        12345678,02/15/2024,02/16/2024,Sell,Sell,VANGUARD TOTAL STOCK MARKET ETF,VTI,-3.0,235.00,705.00,0.00,705.00,0.0,CASH,
        12345678,2024-02-01,2024-02-01,Transfer (incoming),Transfer from another firm,VANGUARD TOTAL STOCK MARKET ETF,VTI,5.0,230.00,0.00,0.00,0.00,0.0,CASH,
        12345678,2024-01-05,2024-01-08,Buy,Buy,VANGUARD TOTAL STOCK MARKET ETF,VTI,10.0,220.00,-2200.00,0.00,-2200.00,0.0,CASH,
        12345678,2024-01-05,2024-01-05,Sweep out,Sweep Out,VANGUARD FEDERAL MONEY MARKET FUND,VMFXX,-2200.0,1.0,2200.00,0.00,2200.00,0.0,CASH,
        12345678,2024-01-02,2024-01-02,Funds Received,Electronic Bank Transfer,CASH,,0.0,0.0,5000.00,0.00,5000.00,0.0,CASH,
        12345678,2024-01-02,2024-01-02,Sweep in,Sweep In,VANGUARD FEDERAL MONEY MARKET FUND,VMFXX,5000.0,1.0,-5000.00,0.00,-5000.00,0.0,CASH,

        """

    func test_aVanguardDownload_skipsItsHoldings_andImportsItsTransactions_withTheSettlementFundAsCash() throws {
        let (invest, imported, again) = try importTwice(Self.vanguard, named: "OfxDownload.csv", quotes: ["VTI": 250])
        XCTAssertTrue(imported.errors.contains("(--broker vanguard)"), imported.errors)
        XCTAssertTrue(again.output.contains("Imported 0 transactions"), again.output)
        // VTI: 10 bought for $2,200, 5 transferred in at 5 × $230, 3 sold at the average $223.33…
        // ($670), 0.5 reinvested for $120: 12.5 shares costing $2,800, as the holdings table says.
        XCTAssertEqual(try holdings(invest), ["VTI 12.5 2800"])
        // $5,000 in; −2,200; +705; +120 − 120 reinvested; +4.56 from the settlement fund.
        XCTAssertEqual(try invest.run(["cash", "--format", "json"]).jsonObject()["balance"] as? String, "3509.56")
        let income = try invest.run(["list", "--type", "dividend", "--format", "json"]).jsonRows()
            + invest.run(["list", "--type", "interest", "--format", "json"]).jsonRows()
        XCTAssertEqual(income.map { "\($0["type"] ?? "") \($0["ticker"] ?? "-") \($0["sum"] ?? "")" }, ["dividend VTI 120", "interest <null> 4.56"])
    }

    /// A Trading 212 history in its shape: a euro account buying dollar shares.
    private static let trading212 = """
        Action,Time,ISIN,Ticker,Name,No. of shares,Price / share,Currency (Price / share),Exchange rate,Result,Currency (Result),Total,Currency (Total),Withholding tax,Currency (Withholding tax),Notes,ID,Currency conversion fee,Currency (Currency conversion fee)
        Deposit,2024-01-02 09:00:00.000,,,,,,,,,,2000.00,"EUR",,,"Transaction ID: ABC123",dep-1,,
        Market buy,2024-01-03 14:30:03.613,US0378331005,AAPL,"Apple",2.0000000000,180.00,USD,1.10000,,"EUR",327.76,"EUR",,,,EOF1,0.49,"EUR"
        Market buy,2024-01-04 09:00:01.000,IE00B4L5Y983,IWDA,"iShares Core MSCI World",10.0000000000,80.00,EUR,1.00000,,"EUR",800.00,"EUR",,,,EOF2,,
        Dividend (Dividend),2024-02-16 10:00:00,US0378331005,AAPL,"Apple",2.0000000000,0.24,USD,Not available,,,0.37,"EUR",0.07,USD,,,,
        Market sell,2024-03-01 15:00:00.000,US0378331005,AAPL,"Apple",1.0000000000,190.00,USD,1.08000,12.00,"EUR",175.66,"EUR",,,,EOF3,0.26,"EUR"
        Interest on cash,2024-03-05 22:00:00.000,,,,,,,,,,0.85,"EUR",,,"Interest on cash",int-1,,
        Withdrawal,2024-03-10 10:00:00.000,,,,,,,,,,-100.00,"EUR",,,"Sent to Bank",wd-1,,
        Stock split close,2024-03-15 06:00:00.000,US0378331005,AAPL,"Apple",1.0000000000,190.00,USD,Not available,,"EUR",0.00,"EUR",,,,,,
        Stock split open,2024-03-15 06:00:00.000,US0378331005,AAPL,"Apple",4.0000000000,47.50,USD,Not available,,"EUR",0.00,"EUR",,,,,,

        """

    func test_aTrading212History_exchangesTheAccountsEurosForTheSharesDollars_linksTheWithholdingTax_andPairsASplitsRows() throws {
        let (invest, imported, again) = try importTwice(Self.trading212, named: "from_2024-01-01_to_2024-03-31.csv", quotes: ["AAPL": 200, "IWDA": 85], base: "EUR")
        XCTAssertTrue(imported.errors.contains("(--broker trading212)"), imported.errors)
        XCTAssertTrue(again.output.contains("Imported 0 transactions"), again.output)
        // AAPL: 2 bought, 1 sold, then split 4 for 1 (its close row 1 share, its open row 4).
        XCTAssertEqual(try holdings(invest).map { String($0.split(separator: " ").prefix(2).joined(separator: " ")) }, ["AAPL 4", "IWDA 10"])
        // Euros: 2,000 in; −327.76 for $360 of AAPL; −800 of IWDA; +0.37 for the dividend's net
        // $0.41; +175.66 for the $190 sale; +0.85 interest; −100 out. Dollars: +360 − 360, then
        // +0.48 gross dividend (2 × 0.24) − 0.07 withheld − 0.41 exchanged, then +190 − 190: none.
        let balances = try XCTUnwrap(try invest.run(["cash", "--format", "json"]).jsonObject()["balances"] as? [[String: Any]])
        XCTAssertEqual(balances.map { "\($0["currency"] ?? "") \($0["balance"] ?? "")" }, ["EUR 949.12", "USD 0"])
        let rows = try invest.run(["list", "--ticker", "AAPL", "--format", "json"]).jsonRows()
        XCTAssertEqual(Set(rows.map { "\($0["type"] ?? "") \($0["sum"] ?? "") \($0["currency"] ?? "")" }),
                       ["buy 360 USD", "sell 190 USD", "dividend 0.48 USD", "fee 0.07 USD", "split <null> <null>"], "the security's currency is on record")
        XCTAssertTrue(rows.contains { ($0["note"] as? String) == "Trading 212: withholding tax on the AAPL dividend of 2024-02-16" })
    }

    /// A Degiro account statement in its shape, in Dutch: ISINs, decimal commas, an Order Id
    /// wrapped onto a line of its own, and a dollar buy paid for with euros.
    private static let degiro = """
        Datum,Tijd,Valutadatum,Product,ISIN,Omschrijving,FX,Mutatie,,Saldo,,Order Id
        01-03-2024,12:00,01-03-2024,VANGUARD FTSE AW,IE00B3RBWM25,"Verkoop 4 @ 105 EUR",,EUR,"420,00",EUR,"1580,35",cccc-3333
        16-02-2024,08:37,16-02-2024,,,Valuta Creditering,,EUR,"0,38",EUR,"1162,85",
        16-02-2024,08:37,16-02-2024,,,Valuta Debitering,"1,0789",USD,"-0,41",USD,"0,00",
        16-02-2024,07:27,15-02-2024,APPLE INC,US0378331005,Dividendbelasting,,USD,"-0,07",USD,"0,41",
        16-02-2024,07:27,15-02-2024,APPLE INC,US0378331005,Dividend,,USD,"0,48",USD,"0,48",
        01-02-2024,08:00,31-01-2024,,,DEGIRO Aansluitingskosten 2024 (Nasdaq - NDQ),,EUR,"-2,50",EUR,"1162,47",
        05-01-2024,15:30,05-01-2024,APPLE INC,US0378331005,DEGIRO Transactiekosten en/of kosten van derden,,EUR,"-1,00",EUR,"1164,97",aaaa-1111
        05-01-2024,15:30,05-01-2024,APPLE INC,US0378331005,Valuta Creditering,"1,0970",USD,"360,00",USD,"360,00",aaaa-
        ,,,,,,,,,,,1111
        05-01-2024,15:30,05-01-2024,APPLE INC,US0378331005,Valuta Debitering,,EUR,"-328,15",EUR,"1165,97",aaaa-1111
        05-01-2024,15:30,05-01-2024,APPLE INC,US0378331005,"Koop 2 @ 180 USD",,USD,"-360,00",USD,"0,00",aaaa-1111
        04-01-2024,10:00,04-01-2024,VANGUARD FTSE AW,IE00B3RBWM25,DEGIRO Transactiekosten en/of kosten van derden,,EUR,"-3,00",EUR,"1494,00",bbbb-2222
        04-01-2024,10:00,04-01-2024,VANGUARD FTSE AW,IE00B3RBWM25,"Koop 10 @ 100,5 EUR",,EUR,"-1.005,00",EUR,"1497,00",bbbb-2222
        03-01-2024,09:00,03-01-2024,FLATEX EURO BANKACCOUNT,NLFLATEXACNT,Degiro Cash Sweep Transfer,,EUR,"2.000,00",EUR,"2500,00",
        03-01-2024,09:00,03-01-2024,,,"Overboeking van uw geldrekening bij flatexDEGIRO Bank 2.000,00 EUR",,,,EUR,"500,00",
        02-01-2024,09:00,02-01-2024,,,iDEAL Deposit,,EUR,"2.500,00",EUR,"2500,00",

        """

    func test_aDegiroStatement_readsDutchNumbersAndDates_pairsItsExchanges_andLinksTheWithholdingTax() throws {
        let (invest, imported, again) = try importTwice(Self.degiro, named: "Account.csv", quotes: ["US0378331005": 200, "IE00B3RBWM25": 110], base: "EUR")
        XCTAssertTrue(imported.errors.contains("(--broker degiro)"), imported.errors)
        XCTAssertTrue(again.output.contains("Imported 0 transactions"), again.output)
        // The ISIN is the ticker: 2 Apple bought; 10 of the FTSE All-World bought, 4 sold.
        XCTAssertEqual(try holdings(invest).map { String($0.split(separator: " ").prefix(2).joined(separator: " ")) }, ["IE00B3RBWM25 6", "US0378331005 2"])
        // Euros: 2,500 in (the sweep to flatex's bank is within the account); −328.15 for $360;
        // −1 and −3 fees; −1,005; −2.50 connection fee; +0.38 for the dividend's net $0.41; +420.
        // Dollars: +360 − 360; +0.48 − 0.07 − 0.41.
        let balances = try XCTUnwrap(try invest.run(["cash", "--format", "json"]).jsonObject()["balances"] as? [[String: Any]])
        XCTAssertEqual(balances.map { "\($0["currency"] ?? "") \($0["balance"] ?? "")" }, ["EUR 1580.73", "USD 0"])
        let fees = try invest.run(["list", "--type", "fee", "--ticker", "US0378331005", "--format", "json"]).jsonRows()
        XCTAssertTrue(fees.contains { ($0["note"] as? String) == "Degiro: withholding tax on the APPLE INC dividend of 2024-02-16" && ($0["sum"] as? String) == "0.07" },
                      "\(fees)")
    }

    /// Degiro's trades export in its shape: its account's currency in the columns' names, an
    /// AutoFX fee, and the Order Id after an empty column.
    private static let degiroTransactions = """
        Date,Time,Product,ISIN,Reference exchange,Venue,Quantity,Price,,Local value,,Value EUR,Exchange rate,AutoFX Fee,Transaction and/or third party fees EUR,Total EUR,Order ID,
        20-03-2024,16:00,APPLE INC,US0378331005,NDQ,XNAS,-1,"190,0000",USD,"190,00",USD,"175,00","1,0857","-0,44","-1,00","173,56",,ffff-6666
        10-03-2024,15:45,APPLE INC,US0378331005,NDQ,XNAS,3,"180,0000",USD,"-540,00",USD,"-496,00","1,0887","-1,24","-1,00","-498,24",,eeee-5555
        04-01-2024,10:00,VANGUARD FTSE AW,IE00B3RBWM25,EAM,XAMS,10,"100,5000",EUR,"-1005,00",EUR,"-1005,00",,"0,00","-3,00","-1008,00",,bbbb-2222

        """

    func test_aDegiroTransactionsExport_buysInTheAccountsCurrencyAtTheirTotal_andOthersThroughAnExchange() throws {
        let (invest, imported, again) = try importTwice(Self.degiroTransactions, named: "Transactions.csv", quotes: ["US0378331005": 200, "IE00B3RBWM25": 110], base: "EUR")
        XCTAssertTrue(imported.errors.contains("as a Degiro transactions export (--broker degiro-transactions)"), imported.errors)
        XCTAssertTrue(again.output.contains("Imported 0 transactions"), again.output)
        // The FTSE All-World at its €1,008 total, fees in; Apple: 3 bought for $540, 1 sold for $190.
        XCTAssertEqual(try holdings(invest).map { String($0.split(separator: " ").prefix(2).joined(separator: " ")) }, ["IE00B3RBWM25 10", "US0378331005 2"])
        let rows = try invest.run(["list", "--format", "json"]).jsonRows()
        XCTAssertEqual(Set(rows.map { "\($0["type"] ?? "") \($0["sum"] ?? "") \($0["currency"] ?? "") \($0["to_sum"] ?? "-") \($0["to_currency"] ?? "-")" }),
                       ["buy 1008 <null> <null> <null>", "fx 498.24 <null> 540 USD", "buy 540 USD <null> <null>", "sell 190 USD <null> <null>", "fx 190 USD 173.56 <null>"],
                       "the base currency (euros here) is written as none")
    }

    func test_aDegiroExchangeMissingItsOtherHalf_isNamedByLine_andNothingIsImportedWithStrict() throws {
        let invest = makeInvestDriver()
        let file = makeTemporaryDirectory().appendingPathComponent("Account.csv")
        try Data(Self.degiro.replacingOccurrences(of: "16-02-2024,08:37,16-02-2024,,,Valuta Creditering,,EUR,\"0,38\",EUR,\"1162,85\",\n", with: "").utf8).write(to: file)

        let refused = invest.run(["import", file.path, "--strict"])

        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.errors.contains("\(file.path):3: an exchange's other half"), refused.errors)
        XCTAssertTrue(try invest.run(["list", "--format", "json"]).jsonRows().isEmpty, "all or nothing")
    }

    // MARK: - Import what maps, name the rest

    /// A Schwab export of a history that began before it: a sale of shares bought earlier, a
    /// corporate action, and a buy paid with cash from before the file.
    private static let schwabMidway = """
        "Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"
        "03/15/2024","Sell","VTI","VANGUARD TOTAL STOCK MARKET ETF","5","$250.00","$0.65","$1,249.35"
        "03/02/2024","Spin-off","VTI","VANGUARD TOTAL STOCK MARKET ETF","5.2","","",""
        "01/10/2024","Buy","VXUS","VANGUARD TOTAL INTL STOCK ETF","20","$58.00","","-$1,160.00"
        "01/05/2024","Buy","VOO","VANGUARD S&P 500 ETF","10","$430.00","","-$4,300.00"
        "01/02/2024","MoneyLink Transfer","","Tfr BANK OF EXAMPLE","","","","$5,000.00"

        """

    func test_anExportOfAHistoryBegunEarlier_importsEveryRowThatMaps_withOpeningsForWhatWasHeldBefore_andNamesEachSkippedRow() throws {
        let invest = makeInvestDriver()
        let file = makeTemporaryDirectory().appendingPathComponent("Individual_XXX123_Transactions.csv")
        try Data(Self.schwabMidway.utf8).write(to: file)

        let dryRun = try invest.run(["import", file.path, "--dry-run", "--format", "json"]).jsonObject()
        let afterDryRun = try invest.run(["list", "--format", "json"]).jsonRows()
        let imported = invest.run(["import", file.path])
        let cash = try invest.run(["cash", "--format", "json"]).jsonObject()
        let again = invest.run(["import", file.path])
        let rows = try invest.run(["list", "--format", "json"]).jsonRows()
        let gains = try XCTUnwrap(try invest.run(["gains", "--format", "json"]).jsonObject()["sells"] as? [[String: Any]])
        let gainsTable = invest.run(["gains"])
        let portfolio = try invest.run(["portfolio", "--offline", "--format", "json"]).jsonObject()

        let skipped = try XCTUnwrap(dryRun["skipped"] as? [[String: Any]])
        XCTAssertEqual(skipped.map { $0["line"] as? Int }, [3])
        XCTAssertTrue((skipped[0]["reason"] as? String)?.hasPrefix("Spin-off:") == true, "\(skipped)")
        let openings = try XCTUnwrap(dryRun["openings"] as? [[String: Any]])
        // 5 VTI sold that the file never bought; $5,000 in, then $4,300 and $1,160 out: $460 short on 2024-01-10.
        XCTAssertEqual(openings.map { "\($0["date"] ?? "") \($0["type"] ?? "") \($0["ticker"] ?? "-") \($0["quantity"] ?? "-") \($0["sum"] ?? "")" },
                       ["2024-01-01 buy VTI 5 0", "2024-01-01 deposit <null> <null> 460"])
        XCTAssertEqual(openings.map { $0["costUnknown"] as? Bool }, [true, false])
        XCTAssertEqual(dryRun["imported"] as? Int, 4)
        XCTAssertEqual(afterDryRun.count, 0, "a dry run saves nothing")

        XCTAssertEqual(imported.status, 0, imported.errors)
        XCTAssertTrue(imported.output.contains("Imported 4 transactions from \(file.path); 1 row was skipped"), imported.output)
        XCTAssertTrue(imported.errors.contains("\(file.path):3: Spin-off"), imported.errors)
        XCTAssertTrue(imported.errors.contains("2 openings were added on 2024-01-01"), imported.errors)
        XCTAssertTrue(imported.errors.contains("5 VTI, cost unknown; set it with: invest add --type deposit --sum COST --date 2024-01-01 && invest edit "),
                      imported.errors)
        XCTAssertTrue(imported.errors.contains("460.00 in cash"), imported.errors)
        // 460 + 5,000 − 4,300 − 1,160 + 1,249.35.
        XCTAssertEqual(cash["balance"] as? String, "1249.35")
        XCTAssertEqual(again.status, 0, again.errors)
        XCTAssertFalse(again.errors.contains("opening"), "the openings are saved already: \(again.errors)")
        XCTAssertEqual(rows.count, 6, "the same file again adds nothing")
        // The VTI sold were the opening's: their cost, and so the sale's gain, aren't known until it is set.
        XCTAssertEqual(gains.map { "\($0["ticker"] ?? "") \($0["cost"] ?? "") \($0["costUnknown"] ?? "")" }, ["VTI 0 1"])
        XCTAssertTrue(gainsTable.output.contains("Cost unknown: sells of VTI took shares from before an imported history began"), gainsTable.output)
        XCTAssertTrue(gainsTable.output.contains("invest list --ticker VTI --type buy, then invest edit ID --sum COST"), gainsTable.output)
        let closed = try XCTUnwrap(portfolio["closedPositions"] as? [[String: Any]])
        XCTAssertEqual(closed.map { "\($0["ticker"] ?? "") \($0["costUnknown"] ?? "")" }, ["VTI 1"], "its profit counts the opening at no cost")

        // What the hint for an opening's cost says works as written: the cash it cost put in, then the cost set.
        let costHint = try XCTUnwrap(imported.errors.components(separatedBy: "\n").first { $0.contains("set it with: ") }?.components(separatedBy: "set it with: ").last)
        for command in costHint.replacingOccurrences(of: "COST", with: "1000").components(separatedBy: " && ") {
            let run = invest.run(command.split(separator: " ").dropFirst().map(String.init))
            XCTAssertEqual(run.status, 0, "\(command): \(run.errors)")
        }
        XCTAssertTrue(try invest.run(["list", "--format", "json"]).jsonRows().contains { $0["ticker"] as? String == "VTI" && $0["sum"] as? String == "1000" })
        let known = try XCTUnwrap(try invest.run(["gains", "--format", "json"]).jsonObject()["sells"] as? [[String: Any]])
        XCTAssertEqual(known.map { "\($0["ticker"] ?? "") \($0["cost"] ?? "") \($0["costUnknown"] ?? "")" }, ["VTI 1000 0"], "a cost set is known")
        XCTAssertFalse(invest.run(["gains"]).output.contains("Cost unknown"))
    }

    func test_aRowSkippedBefore_isSaidOnceAsSkippedBefore_andOnceRecordedByHand_resolveQuietsIt_inNextMonthsExportToo() throws {
        let invest = makeInvestDriver()
        let folder = makeTemporaryDirectory()
        let file = folder.appendingPathComponent("Individual_XXX123_Transactions.csv")
        try Data(Self.schwabMidway.utf8).write(to: file)
        // Next month's export: a new trade on top, so every row after it is a line further down.
        var lines = Self.schwabMidway.components(separatedBy: "\n")
        lines.insert(#""04/02/2024","Buy","VXUS","VANGUARD TOTAL INTL STOCK ETF","1","$60.00","","-$60.00""#, at: 1)
        let nextMonth = folder.appendingPathComponent("Individual_XXX123_Transactions_next.csv")
        try Data(lines.joined(separator: "\n").utf8).write(to: nextMonth)

        let first = invest.run(["import", file.path])
        let again = invest.run(["import", file.path])
        let againJSON = try invest.run(["import", file.path, "--format", "json"]).jsonObject()

        XCTAssertTrue(first.errors.contains("\(file.path):3: Spin-off"), first.errors)
        XCTAssertEqual(again.status, 0, again.errors)
        XCTAssertFalse(again.errors.contains("Spin-off"), "said once, not as a new problem: \(again.errors)")
        XCTAssertTrue(again.errors.contains("1 row skipped before was skipped again (\(file.path):3)"), again.errors)
        XCTAssertEqual((againJSON["skipped"] as? [[String: Any]])?.map { "\($0["line"] ?? "") \($0["before"] ?? "")" }, ["3 1"])

        // Recorded by hand, then marked so as the report says, word for word.
        let resolve = try XCTUnwrap(again.errors.components(separatedBy: "once recorded by hand, ").last?.components(separatedBy: " stops reporting").first)
        XCTAssertEqual(resolve, "invest import \(file.path) --resolve 3")
        let resolved = invest.run(Array(resolve.split(separator: " ").dropFirst().map(String.init)))
        let later = invest.run(["import", nextMonth.path])
        let wrongLine = invest.run(["import", file.path, "--resolve", "2"])

        XCTAssertEqual(resolved.status, 0, resolved.errors)
        XCTAssertTrue(resolved.errors.contains("1 row recorded by hand (--resolve) was left out"), resolved.errors)
        XCTAssertFalse(resolved.errors.contains("skipped before") || resolved.errors.contains("Spin-off"), resolved.errors)
        XCTAssertEqual(later.status, 0, later.errors)
        XCTAssertTrue(later.output.contains("Imported 1 transaction from"), later.output)
        XCTAssertFalse(later.errors.contains("Spin-off") || later.errors.contains("skipped before"), "handled, in any file: \(later.errors)")
        XCTAssertTrue(later.errors.contains("1 row recorded by hand (--resolve) was left out"), later.errors)
        XCTAssertTrue(wrongLine.errors.contains("--resolve: \(file.path):2 is not a skipped row; nothing was marked there"), wrongLine.errors)
        XCTAssertEqual(invest.run(["import", file.path, "--resolve", "x"]).status, 2)
    }

    func test_anExportOfAHistoryBegunEarlier_withoutOpenings_skipsWhatTheHistoryBeforeItCovers_andTheRestComeInOnceThatIsAdded() throws {
        let invest = makeInvestDriver()
        let file = makeTemporaryDirectory().appendingPathComponent("Individual_XXX123_Transactions.csv")
        try Data(Self.schwabMidway.utf8).write(to: file)

        let imported = invest.run(["import", file.path, "--openings", "none"])
        let cash = try invest.run(["cash", "--format", "json"]).jsonObject()
        // What the hints say: the cash and the shares held before the file, then the file again.
        XCTAssertEqual(invest.run(["add", "--type", "deposit", "--sum", "2000", "--date", "2023-12-01"]).status, 0)
        XCTAssertEqual(invest.run(["add", "--type", "buy", "--ticker", "VTI", "--quantity", "5", "--sum", "1000", "--date", "2023-12-01"]).status, 0)
        let done = invest.run(["import", file.path, "--openings", "none"])
        let rows = try invest.run(["list", "--format", "json"]).jsonRows()

        XCTAssertEqual(imported.status, 0, imported.errors)
        XCTAssertTrue(imported.output.contains("Imported 2 transactions from \(file.path); 3 rows were skipped"), imported.output)
        XCTAssertTrue(imported.errors.contains("\(file.path):2: selling 5 VTI on 2024-03-15 would leave a negative holding"), imported.errors)
        XCTAssertTrue(imported.errors.contains("\(file.path):4: buying for 1160.00 on 2024-01-10 would leave a negative cash balance: 700.00 available"),
                      imported.errors)
        XCTAssertTrue(imported.errors.contains("invest add --type buy") && imported.errors.contains("invest add --type deposit"), imported.errors)
        XCTAssertFalse(imported.errors.contains("opening"), imported.errors)
        // $5,000 in, $4,300 out for VOO.
        XCTAssertEqual(cash["balance"] as? String, "700")
        XCTAssertEqual(done.status, 0, done.errors)
        XCTAssertTrue(done.output.contains("Imported 2 transactions"), done.output)
        XCTAssertEqual(Set(rows.map { "\($0["type"] ?? "") \($0["ticker"] ?? "-") \($0["sum"] ?? "")" }),
                       ["deposit <null> 2000", "buy VTI 1000", "deposit <null> 5000", "buy VOO 4300", "buy VXUS 1160", "sell VTI 1250"])
        XCTAssertEqual(invest.run(["import", file.path, "--openings", "some"]).status, 2)
    }

    func test_aFileOfOnlyRowsThatCantBeImported_exitsTwoWithTheReport_andImportsNothing() throws {
        let invest = makeInvestDriver()
        let file = makeTemporaryDirectory().appendingPathComponent("schwab.csv")
        try Data("""
            "Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"
            "03/02/2024","Spin-off","VTI","VANGUARD TOTAL STOCK MARKET ETF","5.2","","",""
            "03/15/2024","Stock Merger","VTI","VANGUARD TOTAL STOCK MARKET ETF","5","","",""

            """.utf8).write(to: file)

        let run = invest.run(["import", file.path])
        let json = invest.run(["import", file.path, "--format", "json"])

        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.errors.contains("nothing was imported from \(file.path): 2 rows were skipped"), run.errors)
        XCTAssertTrue(run.errors.contains("\(file.path):2: Spin-off"), run.errors)
        XCTAssertTrue(run.errors.contains("\(file.path):3: Stock Merger"), run.errors)
        XCTAssertEqual(json.status, 2)
        XCTAssertEqual((try json.jsonObject()["skipped"] as? [[String: Any]])?.count, 2)
        XCTAssertTrue(try invest.run(["list", "--format", "json"]).jsonRows().isEmpty)
    }

    // MARK: - Helpers

    /// Imports `text` twice into a new home priced by the emulator: the first import, and the second.
    private func importTwice(_ text: String, named name: String, quotes: [String: Int], base: String? = nil) throws -> (InvestDriver, InvestRun, InvestRun) {
        let emulator = try startEmulator()
        for (ticker, price) in quotes { try emulator.setQuote(ticker, price: Decimal(price), previousClose: Decimal(price)) }
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.environment["INVEST_FX_URL"] = emulator.baseURL.absoluteString
        if let base { invest.environment["INVEST_BASE_CURRENCY"] = base }
        let file = makeTemporaryDirectory().appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        let imported = invest.run(["import", file.path])
        XCTAssertEqual(imported.status, 0, imported.errors)
        return (invest, imported, invest.run(["import", file.path]))
    }

    /// "TICKER quantity costBasis" for each holding, by ticker.
    private func holdings(_ invest: InvestDriver) throws -> [String] {
        let portfolio = try invest.run(["portfolio", "--format", "json"]).jsonObject()
        return try XCTUnwrap(portfolio["holdings"] as? [[String: Any]]).map { "\($0["ticker"] ?? "") \($0["quantity"] ?? "") \($0["costBasis"] ?? "")" }.sorted()
    }
}
