import XCTest
import Analytics
import FixedPoint
import MarketDataAPI
import Transactions
import TestSupport
import Ledger

final class SampleClosesTests: XCTestCase {
    func test_closes_endAtTheSamplePriceOnTheLatestWeekday_afterThePreviousClose() throws {
        let sut = SampleCloses(today: { CalendarDay(iso: "2026-11-22")! })  // a Sunday

        let closes = try sut.closes(of: "AAPL", from: CalendarDay(iso: "2026-11-01")!, to: CalendarDay(iso: "2026-11-22")!)

        XCTAssertEqual(closes.last?.day.iso, "2026-11-20", "Friday")
        XCTAssertEqual(closes.suffix(2).map(\.close), [fixed("172.88"), fixed("174.26")], "the sample's previous close, then its price")
        XCTAssertEqual(closes.count, 15, "the weekdays from 2 to 20 November")
        XCTAssertTrue(closes.allSatisfy { $0.close.rounded(toFractionDigits: 2) == $0.close && $0.close > .zero }, "whole cents")
    }

    func test_closes_areTheSameOnEveryCall_andEachDayMovesWithinTwoPercent() throws {
        let sut = SampleCloses(today: { CalendarDay(iso: "2026-11-23")! })
        let window = (CalendarDay(iso: "2024-11-23")!, CalendarDay(iso: "2026-11-23")!)

        let first = try sut.closes(of: "NVDA", from: window.0, to: window.1)
        let second = try sut.closes(of: "NVDA", from: window.0, to: window.1)

        XCTAssertEqual(first, second)
        XCTAssertGreaterThan(first.count, 500)
        for (before, after) in zip(first, first.dropFirst()) {
            let move = (after.close - before.close).scaled(by: FixedDecimal(100), over: before.close)!
            XCTAssertLessThanOrEqual(abs(move.units), fixed("2.01").units, "\(before.day.iso) → \(after.day.iso): \(move)% (2% and a rounded cent)")
        }
        let other = try sut.closes(of: "AMD", from: window.0, to: window.1)
        let nvdaMoves = zip(first, first.dropFirst()).map { $0.1.close > $0.0.close }
        let amdMoves = zip(other, other.dropFirst()).map { $0.1.close > $0.0.close }
        XCTAssertNotEqual(nvdaMoves, amdMoves, "each ticker walks its own way")
    }

    func test_closes_ofATickerNotInTheSample_isEmpty() throws {
        let sut = SampleCloses(today: { CalendarDay(iso: "2026-11-23")! })
        XCTAssertEqual(try sut.closes(of: "ZZZZ", from: CalendarDay(iso: "2026-01-01")!, to: CalendarDay(iso: "2026-11-23")!), [])
    }
}
