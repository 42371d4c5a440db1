import XCTest
import Ledger
import FixedPoint
@testable import OptionsJournal
import TestSupport

/// The web app's calculations on a statement worked by hand (times in New York, EDT = UTC−4):
///
/// - SPY 580 CALL, cycle 1 on 3 July: buys 2 @ 1.20 and 1 @ 1.50 (cost 240 + 150 = 390), sells 2 @
///   1.80 and 1 @ 1.00 (proceeds 360 + 100 = 460): +70, ROI 70 ÷ 390 = 17.94871795%.
/// - SPY 580 CALL, cycle 2 on the same contract: 1 @ 2.00, sold @ 1.50: −50, ROI −25%.
/// - QQQ 582.5 PUT: 1 @ 0.75, sold @ 0.75: break-even.
/// - AAPL 200 CALL on 2 July: 3 @ 2.00, sold @ 2.50: cost 600, proceeds 750: +150, ROI 25%.
/// - A TSLA vertical on 2 July, a multi-leg order (the second leg has no Exec Time): both legs
///   still open, never counted.
final class TradeCyclesTests: XCTestCase {
    static let statement = """
    Account Statement for 12345678 since 7/2/25 through 7/3/25
    ,,
    Account Trade History
    ,Exec Time,Spread,Side,Qty,Pos Effect,Symbol,Exp,Strike,Type,Price,Net Price,Order Type
    ,7/3/25 09:31:12,SINGLE,BUY,+2,TO OPEN,SPY,3 JUL 25,580,CALL,1.20,1.20,LMT
    ,7/3/25 09:35:00,SINGLE,BUY,+1,TO OPEN,SPY,3 JUL 25,580,CALL,1.50,1.50,LMT
    ,7/3/25 09:40:00,SINGLE,SELL,-2,TO CLOSE,SPY,3 JUL 25,580,CALL,1.80,1.80,LMT
    ,7/3/25 09:45:00,SINGLE,SELL,-1,TO CLOSE,SPY,3 JUL 25,580,CALL,1.00,1.00,LMT
    ,7/3/25 10:00:00,SINGLE,BUY,+1,TO OPEN,SPY,3 JUL 25,580,CALL,2.00,2.00,LMT
    ,7/3/25 10:05:00,SINGLE,SELL,-1,TO CLOSE,SPY,3 JUL 25,580,CALL,1.50,1.50,LMT
    ,7/3/25 11:00:00,SINGLE,BUY,+1,TO OPEN,QQQ,3 JUL 25,582.5,PUT,.75,.75,MKT
    ,7/3/25 11:10:00,SINGLE,SELL,-1,TO CLOSE,QQQ,3 JUL 25,582.5,PUT,.75,.75,MKT
    ,7/2/25 15:00:00,SINGLE,BUY,+3,TO OPEN,AAPL,18 JUL 25,200,CALL,2.00,2.00,LMT
    ,7/2/25 15:30:00,SINGLE,SELL,-3,TO CLOSE,AAPL,18 JUL 25,200,CALL,2.50,2.50,LMT
    ,7/2/25 10:00:00,VERTICAL,BUY,+1,TO OPEN,TSLA,18 JUL 25,300,CALL,5.00,2.00,LMT
    ,,,SELL,-1,TO OPEN,TSLA,18 JUL 25,310,CALL,3.00,,LMT

    Profits and Losses
    ,Symbol,Description,P/L Open
    """

    private let newYork = TimeZone(identifier: "America/New_York")!
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    func test_aManualFill_isReadAsAStatementRowWouldBe_andCheckedTheSameWay() throws {
        var fill = ThinkorswimStatement.ManualFill(time: ThinkorswimStatement.execTime(Date(timeIntervalSince1970: 1_751_551_200), in: newYork),
                                                   side: "BUY", quantity: "2", effect: "OPEN", symbol: "SPY", expiration: "3 JUL 25", strike: "580",
                                                   type: "CALL", price: "1.50", orderType: "")

        let execution = try ThinkorswimStatement.execution(fill, timeZone: newYork, now: Date(timeIntervalSince1970: 1_760_000_000))
        fill.quantity = "0"

        XCTAssertEqual(fill.time, "7/3/25 10:00:00", "the statement's own time format, in its zone")
        XCTAssertEqual(execution.execTime, Date(timeIntervalSince1970: 1_751_551_199), "10:00:00 is kept a second early, as the web app keeps it")
        XCTAssertEqual(execution.quantity, fixed("2"))
        XCTAssertEqual(execution.contractKey, "SPY-580-3 7 2025")
        XCTAssertThrowsError(try ThinkorswimStatement.execution(fill, timeZone: newYork, now: Date(timeIntervalSince1970: 1_760_000_000)))
    }

    func test_import_readsEveryExecution_legsTakingTheTimeAbove() throws {
        let executions = try parse(Self.statement)

        XCTAssertEqual(executions.count, 12)
        XCTAssertEqual(executions[0].execTime, Date(timeIntervalSince1970: 1_751_549_472), "9:31:12 in New York is 13:31:12 UTC")
        XCTAssertEqual(executions[0].tradeDate, "2025-07-03")
        XCTAssertEqual(executions[2].quantity, fixed("2"), "the absolute value of -2")
        XCTAssertEqual(executions[11].execTime, executions[10].execTime)
        XCTAssertEqual(executions[11].positionEffect, .open)
        XCTAssertEqual(executions[11].strike, fixed("310"))
        XCTAssertEqual(executions[6].price, fixed("0.75"))
    }

    func test_cycles_closeWhenThePositionIsBackToZero_withTheWebAppsMoney() throws {
        let result = TradeCycles.build(try parse(Self.statement))

        XCTAssertEqual(result.trades.map(\.symbol), ["AAPL", "SPY", "SPY", "QQQ"])
        XCTAssertEqual(result.trades.map(\.profitLoss), [fixed("150"), fixed("70"), fixed("-50"), fixed("0")])
        XCTAssertEqual(result.trades.map(\.netROI), [fixed("25"), fixed("17.94871795"), fixed("-25"), fixed("0")])
        XCTAssertEqual(result.trades[1].buyCost, fixed("390"))
        XCTAssertEqual(result.trades[1].sellProceeds, fixed("460"))
        XCTAssertEqual(result.trades[1].volume, fixed("3"))
        XCTAssertEqual(result.trades[1].key, "SPY-580-3 7 2025-2025-07-03T13:31:12.000Z")
        XCTAssertEqual(result.trades[3].key, "QQQ-582.5-3 7 2025-2025-07-03T15:00:00.000Z")
        XCTAssertEqual(result.trades.map(\.tradeDate), ["2025-07-02", "2025-07-03", "2025-07-03", "2025-07-03"])
        XCTAssertEqual(result.open.map(\.contractKey), ["TSLA-300-18 7 2025", "TSLA-310-18 7 2025"])
        XCTAssertEqual(result.open.map(\.direction), [.long, .short])
        XCTAssertEqual(result.unmatched, [])
    }

    func test_days_areNewestFirst_withWinnersLosersVolumeAndProfitFactor() throws {
        let days = JournalStats.days(TradeCycles.build(try parse(Self.statement)).trades)

        XCTAssertEqual(days, [
            DayStats(date: "2025-07-03", trades: 3, winners: 1, losers: 1, grossProfitLoss: fixed("20"), volume: fixed("5"), profitFactor: fixed("1.4")),
            DayStats(date: "2025-07-02", trades: 1, winners: 1, losers: 0, grossProfitLoss: fixed("150"), volume: fixed("3"), profitFactor: nil),
        ], "a day without losses has no profit factor (—)")
    }

    /// The web app's dashboard files a trade under the UTC date of its first buy.
    func test_theDashboardsCumulativePL_filesATradeUnderTheUTCDateOfItsFirstBuy() throws {
        let statement = """
        Account Trade History
        ,Exec Time,Spread,Side,Qty,Pos Effect,Symbol,Exp,Strike,Type,Price,Net Price,Order Type
        ,7/2/25 20:30:00,SINGLE,BUY,+1,TO OPEN,SPY,18 JUL 25,580,CALL,1.00,1.00,LMT
        ,7/2/25 20:45:00,SINGLE,SELL,-1,TO CLOSE,SPY,18 JUL 25,580,CALL,1.50,1.50,LMT
        """
        let trades = TradeCycles.build(try parse(statement)).trades

        let dashboard = JournalStats.dashboard(trades)

        XCTAssertEqual(JournalStats.days(trades).map(\.date), ["2025-07-02"], "the day list keeps the trade date in New York")
        XCTAssertEqual(dashboard.cumulativeByDay.map(\.date), ["2025-07-03"], "20:30 in New York is 00:30 UTC the next day")
        XCTAssertEqual(dashboard.cumulativeByDay.map(\.profitLoss), [fixed("50")])
    }

    /// A close of more than was open kept the position open for good.
    func test_aCloseOfMoreThanIsOpen_closesWhatIsOpen_andTheContractsLaterCyclesStillClose() throws {
        let statement = """
        Account Trade History
        ,Exec Time,Spread,Side,Qty,Pos Effect,Symbol,Exp,Strike,Type,Price,Net Price,Order Type
        ,7/3/25 10:00:00,SINGLE,BUY,+1,TO OPEN,SPY,3 JUL 25,580,CALL,1.00,1.00,LMT
        ,7/3/25 10:01:00,SINGLE,SELL,-2,TO CLOSE,SPY,3 JUL 25,580,CALL,1.20,1.20,LMT
        ,7/3/25 10:04:00,SINGLE,BUY,+1,TO OPEN,SPY,3 JUL 25,580,CALL,1.00,1.00,LMT
        ,7/3/25 10:05:00,SINGLE,SELL,-1,TO CLOSE,SPY,3 JUL 25,580,CALL,1.50,1.50,LMT
        """

        let result = TradeCycles.build(try parse(statement))

        XCTAssertEqual(result.trades.map(\.profitLoss), [fixed("20"), fixed("50")], "1 × 0.20 × 100, then 1 × 0.50 × 100")
        XCTAssertEqual(result.open, [])
        XCTAssertEqual(result.unmatched.map(\.execution.quantity), [fixed("1")], "the one contract closed beyond what was open")
    }

    /// Two identical fills in one statement were taken as one imported twice.
    func test_identicalFillsInOneStatement_areEachAFill_andTheStatementImportedAgainAddsNothing() throws {
        let statement = """
        Account Trade History
        ,Exec Time,Spread,Side,Qty,Pos Effect,Symbol,Exp,Strike,Type,Price,Net Price,Order Type
        ,7/3/25 10:00:00,SINGLE,BUY,+2,TO OPEN,SPY,3 JUL 25,580,CALL,1.00,1.00,LMT
        ,7/3/25 10:03:00,SINGLE,SELL,-1,TO CLOSE,SPY,3 JUL 25,580,CALL,1.50,1.50,LMT
        ,7/3/25 10:03:00,SINGLE,SELL,-1,TO CLOSE,SPY,3 JUL 25,580,CALL,1.50,1.50,LMT
        """
        let executions = try parse(statement)
        let journal = LedgerJournalStore(ledger: InMemoryLedgerStore())
        let importer = ImportExecutionsUseCase(store: journal, now: { Date(timeIntervalSince1970: 1_760_000_000) })

        let first = try importer.importExecutions(executions, from: "statement.csv", dryRun: false)
        let again = try importer.importExecutions(try parse(statement), from: "statement.csv", dryRun: false)

        XCTAssertEqual(Set(executions.map(\.id)).count, 3)
        XCTAssertEqual(executions.map(\.occurrence), [1, 1, 2])
        XCTAssertEqual([first.added, again.added, again.alreadyThere], [3, 0, 3])
        let trades = TradeCycles.build(try journal.executions()).trades
        XCTAssertEqual(trades.map(\.profitLoss), [fixed("100")], "both sells close the two contracts: +50 each")
    }

    /// The web app's spreadsheet reader takes a comma between digits as a
    /// thousands separator.
    func test_quantities_readThousandsSeparatorsAsTheWebAppsReaderDoes() throws {
        let statement = """
        Account Trade History
        ,Exec Time,Spread,Side,Qty,Pos Effect,Symbol,Exp,Strike,Type,Price,Net Price,Order Type
        ,7/3/25 10:00:00,SINGLE,BUY,"+1,000",TO OPEN,SPY,3 JUL 25,580,CALL,1.00,1.00,LMT
        ,7/3/25 10:03:00,SINGLE,SELL,"-1,000",TO CLOSE,SPY,3 JUL 25,580,CALL,1.10,1.10,LMT
        """

        let executions = try parse(statement)

        XCTAssertEqual(executions.map(\.quantity), [fixed("1000"), fixed("1000")])
        XCTAssertEqual(ThinkorswimStatement.spreadsheetNumber("1,234,567"), fixed("1234567"), "each comma between digits goes")
        XCTAssertNil(ThinkorswimStatement.spreadsheetNumber("1,2,3"), "the regular expression's pass leaves '12,3', not a number")
    }

    /// The web app adds a day's trades up in the order they closed.
    func test_aDaysCumulativeChart_addsTradesInTheOrderTheyClosed() throws {
        let statement = """
        Account Trade History
        ,Exec Time,Spread,Side,Qty,Pos Effect,Symbol,Exp,Strike,Type,Price,Net Price,Order Type
        ,7/3/25 10:00:00,SINGLE,BUY,+1,TO OPEN,SPY,3 JUL 25,580,CALL,1.00,1.00,LMT
        ,7/3/25 10:01:00,SINGLE,BUY,+1,TO OPEN,QQQ,3 JUL 25,500,CALL,1.00,1.00,LMT
        ,7/3/25 10:02:00,SINGLE,SELL,-1,TO CLOSE,QQQ,3 JUL 25,500,CALL,1.50,1.50,LMT
        ,7/3/25 10:03:00,SINGLE,SELL,-1,TO CLOSE,SPY,3 JUL 25,580,CALL,.70,.70,LMT
        """
        let trades = TradeCycles.build(try parse(statement)).trades

        XCTAssertEqual(JournalStats.cumulative(trades), [fixed("0"), fixed("50"), fixed("20")], "QQQ +50 closed first, then SPY −30")
        XCTAssertEqual(JournalStats.cumulative(trades.reversed()), [fixed("0"), fixed("50"), fixed("20")], "whatever order they are given in")
    }

    func test_aDaysCumulativeChart_startsAtZero_inTheOrderTradesOpened() throws {
        let trades = TradeCycles.build(try parse(Self.statement)).trades.filter { $0.tradeDate == "2025-07-03" }

        XCTAssertEqual(JournalStats.cumulative(trades), [fixed("0"), fixed("70"), fixed("20"), fixed("20")])
    }

    func test_dashboard_worksOutTheWebAppsFigures() throws {
        let dashboard = JournalStats.dashboard(TradeCycles.build(try parse(Self.statement)).trades)

        XCTAssertEqual(dashboard.trades, 4)
        XCTAssertEqual(dashboard.netProfitLoss, fixed("170"))
        XCTAssertEqual(dashboard.profitFactor, .ratio(fixed("4.4")), "(70 + 150) ÷ 50")
        XCTAssertEqual(dashboard.winRate, fixed("50"), "the break-even trade counts in the denominator")
        XCTAssertEqual(dashboard.expectancy, fixed("42.5"))
        XCTAssertEqual(dashboard.averageWin, fixed("110"))
        XCTAssertEqual(dashboard.averageLoss, fixed("-50"))
        XCTAssertEqual(dashboard.largestWin, fixed("150"))
        XCTAssertEqual(dashboard.largestLoss, fixed("-50"))
        XCTAssertEqual(dashboard.cumulativeByDay.map(\.date), ["2025-07-02", "2025-07-03"])
        XCTAssertEqual(dashboard.cumulativeByDay.map(\.profitLoss), [fixed("150"), fixed("170")])
    }

    func test_profitFactor_isInfiniteWithOnlyWins_andZeroWithNeitherWinsNorLosses() throws {
        let wins = TradeCycles.build(try parse(Self.statement)).trades.filter { $0.profitLoss > .zero }
        let flat = TradeCycles.build(try parse(Self.statement)).trades.filter { $0.profitLoss.isZero }

        XCTAssertEqual(JournalStats.dashboard(wins).profitFactor, .infinite)
        XCTAssertEqual(JournalStats.dashboard(flat).profitFactor, .ratio(.zero))
    }

    func test_beyondTheWebApp_shortCyclesStocksAndFees() {
        let at = { (minute: Double) in Date(timeIntervalSince1970: 1_751_549_472 + minute * 60) }
        let executions = [
            Execution(execTime: at(0), tradeDate: "2025-07-03", side: .sell, quantity: fixed("1"), symbol: "SPY", expiration: "3 JUL 25",
                      strike: fixed("590"), price: fixed("2.00"), orderType: "LMT", positionEffect: .open, type: "CALL", fees: fixed("0.65")),
            Execution(execTime: at(5), tradeDate: "2025-07-03", side: .buy, quantity: fixed("1"), symbol: "SPY", expiration: "3 JUL 25",
                      strike: fixed("590"), price: fixed("0.50"), orderType: "LMT", positionEffect: .close, type: "CALL", fees: fixed("0.65")),
            Execution(execTime: at(10), tradeDate: "2025-07-03", side: .buy, quantity: fixed("10"), symbol: "AAPL", expiration: "N/A",
                      strike: .zero, price: fixed("100"), orderType: "MKT", positionEffect: .open, type: "STOCK"),
            Execution(execTime: at(20), tradeDate: "2025-07-03", side: .sell, quantity: fixed("10"), symbol: "AAPL", expiration: "N/A",
                      strike: .zero, price: fixed("101"), orderType: "MKT", positionEffect: .close, type: "STOCK"),
            Execution(execTime: at(30), tradeDate: "2025-07-03", side: .sell, quantity: fixed("1"), symbol: "MSFT", expiration: "N/A",
                      strike: .zero, price: fixed("400"), orderType: "MKT", positionEffect: .close, type: "STOCK"),
        ]

        let result = TradeCycles.build(executions)

        XCTAssertEqual(result.trades.map(\.direction), [.short, .long])
        XCTAssertEqual(result.trades.map(\.profitLoss), [fixed("148.70"), fixed("10")], "premium 200 − 50 to close − 1.30 fees; 10 shares × $1")
        XCTAssertEqual(result.unmatched.map(\.execution.symbol), ["MSFT"], "a close with nothing open is left out, not counted")
    }

    func test_import_chargesEachTradeRowsFeesFromTheCashBalance_toTheFillsOfThatOrder() throws {
        let executions = try parse("""
        Cash Balance
        DATE,TIME,TYPE,REF #,DESCRIPTION,Misc Fees,Commissions & Fees,AMOUNT,BALANCE
        7/3/25,09:31:12,TRD,="5001",BOT +2 SPY 100 3 JUL 25 580 CALL @1.20,-0.04,-1.30,-241.34,"9,758.66"
        7/3/25,09:40:00,TRD,="5002",SLD -2 SPY 100 3 JUL 25 580 CALL @1.80,-0.05,-1.30,358.65,"10,117.31"
        7/3/25,09:45:00,TRD,="5003",SLD -1 QQQ 100 3 JUL 25 582.5 PUT @.75,,-0.65,74.35,"10,191.66"
        7/3/25,12:00:00,FND,="5004",CLIENT REQUESTED ELECTRONIC FUNDING RECEIPT,,,"1,000.00","11,191.66"
        TOTAL,,,,,-0.09,-3.25,"1,191.66"

        Account Trade History
        ,Exec Time,Spread,Side,Qty,Pos Effect,Symbol,Exp,Strike,Type,Price,Net Price,Order Type
        ,7/3/25 09:31:12,SINGLE,BUY,+2,TO OPEN,SPY,3 JUL 25,580,CALL,1.20,1.20,LMT
        ,7/3/25 09:40:00,SINGLE,SELL,-2,TO CLOSE,SPY,3 JUL 25,580,CALL,1.80,1.80,LMT
        """)
        let trade = try XCTUnwrap(TradeCycles.build(executions).trades.first)

        XCTAssertEqual(executions.map(\.fees), [FixedDecimal("1.34")!, FixedDecimal("1.35")!], "a fee row with no fill at its time and symbol charges nothing")
        XCTAssertEqual(trade.fees, FixedDecimal("2.69")!)
        XCTAssertEqual(trade.profitLoss, FixedDecimal("117.31")!, "proceeds 360 − cost 240 − fees 2.69")
    }

    func test_import_namesABadFeeByLine_andImportsNothing() {
        XCTAssertThrowsError(try parse("""
        Cash Balance
        DATE,TIME,TYPE,REF #,DESCRIPTION,Misc Fees,Commissions & Fees,AMOUNT,BALANCE
        7/3/25,09:31:12,TRD,="5001",BOT +2 SPY 100 3 JUL 25 580 CALL @1.20,-0.04,lots,-241.34,100

        Account Trade History
        ,Exec Time,Spread,Side,Qty,Pos Effect,Symbol,Exp,Strike,Type,Price,Net Price,Order Type
        ,7/3/25 09:31:12,SINGLE,BUY,+2,TO OPEN,SPY,3 JUL 25,580,CALL,1.20,1.20,LMT
        """)) { error in
            guard case let .badRows(problems) = error as? ThinkorswimStatement.Failure else { return XCTFail("\(error)") }
            XCTAssertEqual(problems.map(\.line), [3])
            XCTAssertEqual(problems.map(\.message), ["Commissions & Fees 'lots' is not an amount"])
        }
    }

    func test_import_namesEveryBadRowByLine_andRefusesAFileWithoutTheSection() {
        let bad = """
        Account Trade History
        ,Exec Time,Spread,Side,Qty,Pos Effect,Symbol,Exp,Strike,Type,Price,Net Price,Order Type
        ,7/3/25 09:31:12,SINGLE,HOLD,+2,TO OPEN,SPY,3 JUL 25,580,CALL,1.20,1.20,LMT
        ,13/3/25 09:31:12,SINGLE,BUY,+2,TO OPEN,SPY,3 JUL 25,580,CALL,-1,1.20,LMT
        ,,,BUY,+1,TO OPEN,SPY,3 JUL 25,580,CALL,1,1,LMT
        """

        XCTAssertThrowsError(try parse(bad)) { error in
            guard case let .badRows(problems) = error as? ThinkorswimStatement.Failure else { return XCTFail("\(error)") }
            XCTAssertEqual(problems.map(\.line), [3, 4, 5])
            XCTAssertEqual(problems[0].message, "Side 'HOLD' is not BUY or SELL")
            XCTAssertEqual(problems[1].message, "Exec Time '13/3/25 09:31:12' is not M/D/YY HH:MM:SS; Price '-1' is not a price")
        }
        XCTAssertThrowsError(try parse("Cash Balance\n,DATE,TIME\n")) { XCTAssertEqual($0 as? ThinkorswimStatement.Failure, .noTradeHistory) }
    }

    // MARK: - Helpers

    /// A CSV line's fields; quotes only as thinkorswim writes them, around whole fields.
    private static func fields(_ line: String) -> [String] {
        var fields: [String] = [], current = "", quoted = false
        for character in line {
            switch character {
            case "\"": quoted.toggle()
            case "," where !quoted: fields.append(current); current = ""
            default: current.append(character)
            }
        }
        return fields + [current]
    }

    private func parse(_ text: String) throws -> [Execution] {
        let records = text.components(separatedBy: "\n").enumerated().map { (line: $0.offset + 1, fields: Self.fields($0.element)) }
        return try ThinkorswimStatement.executions(in: records, timeZone: newYork, now: now)
    }
}
