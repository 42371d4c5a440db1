import XCTest
import Analytics
import CurrentPrices
import Ledger
import TestSupport
import TransactionsTestSupport

/// "did I beat the index?", money-weighted as well as time-weighted. Worked by
/// hand: cash only (no growth), three deposits and a withdrawal, and a benchmark with known closes.
final class BenchmarkComparisonTests: XCTestCase {
    func test_compare_replaysEveryFlowInTheBenchmark_atThatDaysClose() throws {
        let yours = try XCTUnwrap(Returns.measure(PerformanceSeries.build([
            makeTransaction(date: "2024-01-01", type: .deposit, sum: "1000"), makeTransaction(date: "2024-01-04", type: .deposit, sum: "1000"),
            makeTransaction(date: "2024-01-07", type: .deposit, sum: "500"), makeTransaction(date: "2024-01-09", type: .withdrawal, sum: "600"),
        ], history: PriceHistory(), from: nil, to: day("2024-01-10"))))
        let closes = PriceHistory([("2024-01-01", "100"), ("2024-01-04", "125"), ("2024-01-07", "50"), ("2024-01-09", "120"), ("2024-01-10", "150")]
            .map { DailyClose(ticker: "IDX", day: day($0.0), close: fixed($0.1)) })

        let comparison = try XCTUnwrap(BenchmarkComparison.compare(yours, with: "IDX", closes: closes))

        // 1000 / 100 = 10 units, + 1000 / 125 = 8, + 500 / 50 = 10, − 600 / 120 = 5: 23 units at 150.
        XCTAssertEqual(comparison.replayUnits, fixed("23"))
        XCTAssertEqual(comparison.replayValue, fixed("3450"))
        XCTAssertEqual(yours.finalValue, fixed("1900"))
        XCTAssertEqual(comparison.moneyDifference, fixed("-1550"))
        let sameMoney = Dictionary(comparison.sameMoney.map { ($0.day.iso, $0.value) }) { $1 }
        XCTAssertEqual([sameMoney["2024-01-01"], sameMoney["2024-01-03"], sameMoney["2024-01-04"], sameMoney["2024-01-07"], sameMoney["2024-01-09"]],
                       [fixed("1000"), fixed("1000"), fixed("2250"), fixed("1400"), fixed("2760")], "10 × 100, held at 100, 18 × 125, 28 × 50, 23 × 120")
        let expected = try XCTUnwrap(XIRR.solve([(0, -1000), (3, -1000), (6, -500), (8, 600), (10, 3450)]))
        XCTAssertEqual(try XCTUnwrap(comparison.replayXIRR), expected, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(comparison.benchmark.twr), 0.5, accuracy: 1e-12, "bought at 100, held to 150")
        XCTAssertEqual(try XCTUnwrap(comparison.benchmark.maxDrawdown?.depth), 0.6, accuracy: 1e-12, "125 down to 50")
        XCTAssertEqual(try XCTUnwrap(comparison.timeWeightedPoints), -(try XCTUnwrap(comparison.benchmark.annualizedTWR)) * 100, accuracy: 1e-9,
                       "a TWR of 0 against the benchmark's")
        XCTAssertLessThan(try XCTUnwrap(comparison.moneyWeightedPoints), 0)
    }

    /// A window begun after the first trade counts its first day's move, from the value at the
    /// last close before it: the benchmark is measured from that close too, not from the first
    /// close inside the window. Holding only the benchmark then compares equal, both ways.
    func test_compare_ofAWindowBegunMidHistory_startsTheBenchmarkAtTheLastCloseBeforeIt_soHoldingOnlyItComparesEqual() throws {
        let closes = PriceHistory([("2024-01-02", "100"), ("2024-01-05", "100"), ("2024-01-08", "110"), ("2024-01-10", "120")]
            .map { DailyClose(ticker: "IDX", day: day($0.0), close: fixed($0.1)) })
        let history = [makeTransaction(date: "2024-01-02", type: .buy, ticker: "IDX", quantity: "10", sum: "1000")]

        // Saturday (no close that day) and Monday (a close, whose move counts for you).
        for from in ["2024-01-06", "2024-01-08"] {
            let yours = try XCTUnwrap(Returns.measure(PerformanceSeries.build(history, history: closes, from: day(from), to: day("2024-01-10"))))
            let comparison = try XCTUnwrap(BenchmarkComparison.compare(yours, with: "IDX", closes: closes))

            XCTAssertEqual(yours.openingValue, fixed("1000"), from)
            XCTAssertEqual(try XCTUnwrap(yours.twr), 0.2, accuracy: 1e-12, "from 100 to 120, from \(from)")
            XCTAssertEqual(try XCTUnwrap(comparison.benchmark.twr), 0.2, accuracy: 1e-12, "the benchmark from the same close, from \(from)")
            XCTAssertEqual(comparison.benchmark.from, yours.from, from)
            XCTAssertEqual(comparison.replayValue, fixed("1200"), "the opening 1000 bought 10 at 100, from \(from)")
            XCTAssertEqual(comparison.moneyDifference, .zero, from)
            XCTAssertEqual(try XCTUnwrap(comparison.timeWeightedPoints), 0, accuracy: 1e-9, from)
            XCTAssertEqual(try XCTUnwrap(comparison.moneyWeightedPoints), 0, accuracy: 1e-9, from)
        }
    }

    /// A window that begins with the history has no opening value: the benchmark is bought at
    /// the close of the first day, or the last one before it when that day has none.
    func test_compare_ofAWindowBegunOnADayWithoutAClose_buysTheBenchmarkAtTheLastCloseBeforeIt() throws {
        let closes = PriceHistory([("2024-01-05", "100"), ("2024-01-08", "110"), ("2024-01-10", "120")]
            .map { DailyClose(ticker: "IDX", day: day($0.0), close: fixed($0.1)) })
        let yours = try XCTUnwrap(Returns.measure(PerformanceSeries.build([makeTransaction(date: "2024-01-06", type: .deposit, sum: "1000")],
                                                                          history: closes, from: nil, to: day("2024-01-10"))))

        let comparison = try XCTUnwrap(BenchmarkComparison.compare(yours, with: "IDX", closes: closes))

        XCTAssertEqual(comparison.benchmark.from, day("2024-01-06"))
        XCTAssertEqual(try XCTUnwrap(comparison.benchmark.twr), 0.2, accuracy: 1e-12, "from Friday's 100, not Monday's 110")
        XCTAssertEqual(comparison.replayValue, fixed("1200"))
    }

    func test_compare_withoutAnyCloseOfTheBenchmark_isNil() throws {
        let yours = try XCTUnwrap(Returns.measure(PerformanceSeries.build([makeTransaction(date: "2024-01-01", type: .deposit, sum: "1000")],
                                                                          history: PriceHistory(), from: nil, to: day("2024-01-10"))))

        XCTAssertNil(BenchmarkComparison.compare(yours, with: "IDX", closes: PriceHistory()))
    }

    private func day(_ iso: String) -> CalendarDay { CalendarDay(iso: iso)! }
}
