import XCTest
import FixedPoint
import Transactions
import Analytics
import CurrentPrices
import TestSupport
import TransactionsTestSupport

/// A history worked by hand: three deposits, two buys, a dividend and a withdrawal, with known closes.
///
///     day     event                        cash   A (qty × close)  B (qty × close)  value   daily return
///     Jan  1  deposit 1000 (in)            1000                                     1000    1000 / (0 + 1000) − 1 = 0
///     Jan  2  buy A 10 for 500, A 50        500   10 × 50 = 500                     1000    0
///     Jan 31  A closes 55                   500   550                               1050    1050 / 1000 − 1 = 5%
///     Feb  1  deposit 1000 (in)            1500   550                               2050    2050 / (1050 + 1000) − 1 = 0
///     Feb  2  buy B 5 for 500, B 100       1000   550              500              2050    0
///     Mar  1  dividend A 20                1020   550              500              2070    2070 / 2050 − 1
///     Mar 31  A 60, B 80                   1020   600              400              2020    2020 / 2070 − 1
///     Apr  1  deposit 500 (in)             1520   600              400              2520    2520 / (2020 + 500) − 1 = 0
///     May  1  withdrawal 300 (out)         1220   600              400              2220    (2220 + 300) / 2520 − 1 = 0
///     Jun 30  A 66, B 110                  1220   660              550              2430    2430 / 2220 − 1
///
/// Money in 2500, out 300, final value 2430: ROI = (2430 + 300 − 2500) ÷ 2500 = 9.2%.
/// TWR = 1.05 × (2070/2050) × (2020/2070) × (2430/2220) − 1 = 1.05 × 202/205 × 243/222 − 1 = 51540.3 / 45510 − 1.
/// 181 days (2024 is a leap year): annualized = (1 + r)^(365/181) − 1.
final class ReturnsTests: XCTestCase {
    func test_measure_handWorkedHistory_givesEveryFigure() throws {
        let returns = try XCTUnwrap(Returns.measure(series(to: "2024-06-30")))

        XCTAssertEqual(returns.convention, .deposits)
        XCTAssertEqual([returns.moneyIn, returns.moneyOut, returns.finalValue], [2500, 300, 2430])
        XCTAssertEqual(returns.days, 181)
        XCTAssertEqual(try XCTUnwrap(returns.roi), 0.092, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(returns.annualizedROI), pow(1.092, 365.0 / 181) - 1, accuracy: 1e-12)
        let twr = 51540.3 / 45510 - 1
        XCTAssertEqual(try XCTUnwrap(returns.twr), twr, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(returns.annualizedTWR), pow(1 + twr, 365.0 / 181) - 1, accuracy: 1e-9)
        XCTAssertEqual(returns.flows.map(\.amount), [-1000, -1000, -500, 300, 2430])
        let xirr = try XCTUnwrap(returns.xirr)
        // Σ CFᵢ·(1+r)^(−tᵢ/365) = 0 with t = 0, 31, 91, 121, and 182 for the value at the end of Jun 30.
        let npv = [(0.0, -1000.0), (31, -1000), (91, -500), (121, 300), (182, 2430)].reduce(0.0) { $0 + $1.1 * pow(1 + xirr, -$1.0 / 365) }
        XCTAssertEqual(npv, 0, accuracy: 1e-7)
        XCTAssertGreaterThan(xirr, 0.18, "money arriving later earns for less time than ROI assumes")
    }

    /// `Fixtures/hledger-roi.txt` is `hledger roi` on `Fixtures/hand-worked.journal`, this same history;
    /// the command that made it is its first line.
    func test_xirr_agreesWithHledgerRoi_toOneHundredthOfAPoint() throws {
        let fixture = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/hledger-roi.txt"), encoding: .utf8)
        let row = try XCTUnwrap(fixture.split(separator: "\n").first { $0.contains("2024-01-01 | 2024-06-30") })
        let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let irr = try XCTUnwrap(Double(try XCTUnwrap(cells.dropLast().last).dropLast())) / 100

        let xirr = try XCTUnwrap(Returns.measure(series(to: "2024-06-30"))?.xirr)

        XCTAssertEqual(irr, 0.2482, "the fixture: \(row)")
        XCTAssertEqual(xirr, irr, accuracy: 0.0001)
    }

    func test_measure_handWorkedHistory_givesTheDrawdownAndVolatility() throws {
        let returns = try XCTUnwrap(Returns.measure(series(to: "2024-06-30")))

        let drawdown = try XCTUnwrap(returns.maxDrawdown)
        XCTAssertEqual(drawdown.depth, 1 - 2020.0 / 2070, accuracy: 1e-12, "from the level of Mar 1 to that of Mar 31")
        XCTAssertEqual([drawdown.peak, drawdown.trough, drawdown.recovery], [day("2024-03-01"), day("2024-03-31"), day("2024-06-30")])
        // 182 daily returns (Jan 1 … Jun 30), all 0 but four; sample standard deviation × √365.
        var daily = [Double](repeating: 0, count: 182)
        daily[0...3] = [0.05, 2070.0 / 2050 - 1, 2020.0 / 2070 - 1, 2430.0 / 2220 - 1]
        let mean = daily.reduce(0, +) / 182
        let deviation = (daily.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / 181).squareRoot()
        XCTAssertEqual(try XCTUnwrap(returns.volatility), deviation * Double(365).squareRoot(), accuracy: 1e-12)
    }

    /// The index starts at 1 before the first day, so a fall on that day counts.
    func test_maxDrawdown_countsAFallOnTheFirstDay() throws {
        let history = [makeTransaction(date: "2025-01-06", type: .buy, ticker: "XYZ", quantity: "10", sum: "1000")]
        let closes = [("2025-01-06", "90"), ("2025-01-07", "110"), ("2025-01-08", "100")].map { DailyClose(ticker: "XYZ", day: day($0.0), close: fixed($0.1)) }

        let returns = try XCTUnwrap(Returns.measure(PerformanceSeries.build(history, history: PriceHistory(closes), from: nil, to: day("2025-01-08"))))

        let drawdown = try XCTUnwrap(returns.maxDrawdown)
        XCTAssertEqual(drawdown.depth, 0.10, accuracy: 1e-12, "1 → 0.9 on the first day, not 1.1 → 1.0 later (9.09%)")
        XCTAssertEqual(drawdown.peak, day("2025-01-06"))
        XCTAssertEqual(drawdown.trough, day("2025-01-06"))
        XCTAssertEqual(drawdown.recovery, day("2025-01-07"))
    }

    func test_series_handWorkedHistory_givesEachDaysValueCashAndContributions() throws {
        let points = series(to: "2024-06-30").points
        func point(_ iso: String) throws -> DailyPoint { try XCTUnwrap(points.first { $0.day == day(iso) }, iso) }

        XCTAssertEqual(points.count, 182)
        XCTAssertEqual([try point("2024-01-31").value, try point("2024-03-01").cash, try point("2024-03-31").marketValue], [1050, 1020, 1000])
        XCTAssertEqual([try point("2024-05-01").netContributions, try point("2024-06-30").profit], [2200, 230])
    }

    func test_measure_aWindow_countsTheOpeningValueAsMoneyIn() throws {
        let returns = try XCTUnwrap(Returns.measure(series(from: "2024-04-01", to: "2024-06-30")))

        // Opening value at the end of Mar 31: 2020; then in 500, out 300, final 2430.
        XCTAssertEqual([returns.moneyIn, returns.moneyOut], [2520, 300])
        XCTAssertEqual(returns.flows.first?.amount, -2020)
        XCTAssertEqual(try XCTUnwrap(returns.twr), 2430.0 / 2220 - 1, accuracy: 1e-12)
    }

    func test_series_withoutCash_countsBuysAndFeesInAndSellsAndDividendsOut() throws {
        let history = [makeTransaction(date: "2024-01-01", type: .buy, ticker: "A", quantity: "10", sum: "500"),
                       makeTransaction(date: "2024-01-02", type: .dividend, ticker: "A", quantity: "0", sum: "5"),
                       makeTransaction(date: "2024-01-03", type: .sell, ticker: "A", quantity: "4", sum: "240")]
        let series = PerformanceSeries.build(history, history: PriceHistory(), from: nil, to: day("2024-01-03"))

        XCTAssertEqual(series.convention, .trades)
        XCTAssertEqual(series.points.map(\.inflow), [500, 0, 0])
        XCTAssertEqual(series.points.map(\.outflow), [0, 5, 240])
        XCTAssertEqual(series.points.map(\.marketValue), [500, 500, 360], "valued at the latest trade's price without closes: 6 × 60")
        XCTAssertNil(series.points[0].cash)
    }

    func test_valuation_usesTheLatestCloseOnOrBefore_elseTheLatestTradePrice() {
        let closes = PriceHistory([DailyClose(ticker: "A", day: day("2024-01-05"), close: 70)])
        let history = [makeTransaction(date: "2024-01-01", type: .buy, ticker: "A", quantity: "1", sum: "50"),
                       makeTransaction(date: "2024-01-03", type: .buy, ticker: "A", quantity: "1", sum: "60")]

        let values = PerformanceSeries.build(history, history: closes, from: nil, to: day("2024-01-06")).points.map(\.marketValue)

        XCTAssertEqual(values, [50, 50, 120, 120, 140, 140])
    }

    /// A holdings-only history that starts with a fee had a TWR of −100%.
    func test_twr_ofAHoldingsOnlyHistoryStartingWithAFee_isTheHoldingsReturn() throws {
        let history = [makeTransaction(date: "2025-01-03", type: .fee, ticker: "", quantity: "0", sum: "5"),
                       makeTransaction(date: "2025-01-06", type: .buy, ticker: "XYZ", quantity: "10", sum: "1000")]
        let closes = PriceHistory([DailyClose(ticker: "XYZ", day: day("2025-01-06"), close: 100), DailyClose(ticker: "XYZ", day: day("2025-01-07"), close: 110)])

        let returns = try XCTUnwrap(Returns.measure(PerformanceSeries.build(history, history: closes, from: nil, to: day("2025-01-07"))))

        XCTAssertEqual(try XCTUnwrap(returns.twr), 0.10, accuracy: 1e-12, "the fee paid with nothing held moves no holding")
        XCTAssertNil(returns.maxDrawdown, "the index never fell")
    }

    /// Three shares bought for 10 were worth 9.99999999 at the rounded price.
    func test_valuation_atTheLastTradePrice_isExact_throughASplit() {
        let history = [makeTransaction(date: "2024-01-01", type: .buy, ticker: "XYZ", quantity: "3", sum: "10"),
                       makeTransaction(date: "2024-01-02", type: .split, ticker: "XYZ", quantity: "0", sum: "0", ratio: "7:1")]

        let values = PerformanceSeries.build(history, history: PriceHistory(), from: nil, to: day("2024-01-02")).points.map(\.marketValue)

        XCTAssertEqual(values, [10, 10], "3 × 10 ÷ 3, then 21 × 10 ÷ 21")
    }

    /// A manual price had no effect on returns.
    func test_valuation_countsAManualPriceAsItsDaysClose_overAKeptOne() {
        let history = [makeTransaction(date: "2024-01-01", type: .buy, ticker: "FUND", quantity: "2", sum: "100")]
        let kept = PriceHistory([DailyClose(ticker: "FUND", day: day("2024-01-02"), close: 55), DailyClose(ticker: "FUND", day: day("2024-01-04"), close: 57)])
        let manual = [ManualPrice(ticker: "FUND", price: 60, day: "2024-01-02", setAt: Date()), ManualPrice(ticker: "FUND", price: 70, day: "2024-01-03", setAt: Date())]

        let values = PerformanceSeries.build(history, history: kept.adding(manual), from: nil, to: day("2024-01-04")).points.map(\.marketValue)

        XCTAssertEqual(values, [100, 120, 140, 114], "trade price, manual over kept, manual, then the later kept close")
    }

    func test_xirr_matchesExcelsDocumentedExample() throws {
        // Microsoft's XIRR example: 2008-01-01 −10000, 03-01 2750, 10-30 4250, 2009-02-15 3250, 04-01 2750 → 0.373362535.
        let start = day("2008-01-01").daysSinceEpoch
        let flows = [("2008-01-01", -10000.0), ("2008-03-01", 2750), ("2008-10-30", 4250), ("2009-02-15", 3250), ("2009-04-01", 2750)]
            .map { (Double(day($0.0).daysSinceEpoch - start), $0.1) }
        XCTAssertEqual(try XCTUnwrap(XIRR.solve(flows)), 0.373362535, accuracy: 2e-9, "Excel shows nine decimals")
        XCTAssertNil(XIRR.solve([(0, -1), (10, -1)]), "no money ever comes back: no rate")
    }

    // MARK: - Helpers

    private func series(from: String? = nil, to: String) -> PerformanceSeries {
        let history = [
            makeCash(date: "2024-01-01", type: .deposit, sum: "1000"),
            makeTransaction(date: "2024-01-02", type: .buy, ticker: "A", quantity: "10", sum: "500"),
            makeCash(date: "2024-02-01", type: .deposit, sum: "1000"),
            makeTransaction(date: "2024-02-02", type: .buy, ticker: "B", quantity: "5", sum: "500"),
            makeTransaction(date: "2024-03-01", type: .dividend, ticker: "A", quantity: "0", sum: "20"),
            makeCash(date: "2024-04-01", type: .deposit, sum: "500"),
            makeCash(date: "2024-05-01", type: .withdrawal, sum: "300"),
        ]
        let closes = [("A", "2024-01-02", "50"), ("A", "2024-01-31", "55"), ("B", "2024-02-02", "100"), ("A", "2024-03-31", "60"),
                      ("B", "2024-03-31", "80"), ("A", "2024-06-30", "66"), ("B", "2024-06-30", "110")]
            .map { DailyClose(ticker: $0.0, day: day($0.1), close: fixed($0.2)) }
        return PerformanceSeries.build(history, history: PriceHistory(closes), from: from.map(day), to: day(to))
    }
}
