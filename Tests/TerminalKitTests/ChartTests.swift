import XCTest
import TerminalKit
import FixedPoint
import TestSupport

final class ChartTests: XCTestCase {
    func test_downsampled_keepsEachBucketsFirstLowestHighestAndLast() {
        let values = ["10", "12", "3", "40", "11", "9", "8", "7"]
        let plot = makePlot(values)

        let kept = plot.downsampled(toBuckets: 1).points.map(\.value)

        XCTAssertEqual(kept, ["10", "3", "40", "7"].map(fixed), "first, lowest, highest, last, in time order")
    }

    func test_downsampled_millionPoints_keepsTheExtremesAndAtMostFourPerBucket() {
        var values = (0..<1_000_000).map { FixedDecimal(100 + $0 % 7) }
        values[123_457] = FixedDecimal(1)
        values[876_543] = FixedDecimal(9_999)
        let plot = Plot(points: values.enumerated().map { Plot.Point(at: Date(timeIntervalSince1970: Double($0.offset) * 60), value: $0.element) },
                        shape: .line, baseline: .fitted, valueLabel: { $0.description }, timeLabel: { _ in "" })

        let kept = plot.downsampled(toBuckets: 700).points

        XCTAssertLessThanOrEqual(kept.count, 2_800)
        XCTAssertEqual(kept.map(\.value).min(), FixedDecimal(1))
        XCTAssertEqual(kept.map(\.value).max(), FixedDecimal(9_999))
        XCTAssertEqual(kept.first?.at, plot.points.first?.at)
        XCTAssertEqual(kept.last?.at, plot.points.last?.at)
    }

    func test_lineChart_fitsTheWidth_labelsTheFittedAxis_andMarksFourDates() {
        let plot = makePlot(["100", "150", "120", "200"])

        let lines = LineChart.render(plot, width: 60, height: 8, colors: false).split(separator: "\n", omittingEmptySubsequences: false).dropLast()

        XCTAssertEqual(lines.count, 10, "8 rows, the axis and the dates")
        XCTAssertTrue(lines.allSatisfy { $0.count <= 60 }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines[0].hasPrefix("200 │"), "the top is the highest value: \(lines[0])")
        XCTAssertTrue(lines[7].hasPrefix("100 │"), "the bottom is the lowest, not 0: \(lines[7])")
        XCTAssertEqual(lines[9].split(separator: " ").count, 4, "four date marks: \(lines[9])")
        XCTAssertTrue(lines.dropLast(2).joined().unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "braille dots")
    }

    func test_lineChart_drawsTheHighestAndLowestPointsOfAMillion() {
        var values = (0..<1_000_000).map { _ in FixedDecimal(50) }
        values[500_000] = FixedDecimal(100)
        values[500_001] = FixedDecimal(0)
        let plot = Plot(points: values.enumerated().map { Plot.Point(at: Date(timeIntervalSince1970: Double($0.offset)), value: $0.element) },
                        shape: .line, baseline: .fitted, valueLabel: { $0.description }, timeLabel: { _ in "d" })

        let rows = LineChart.render(plot, width: 40, height: 5, colors: false).split(separator: "\n").prefix(5)

        XCTAssertTrue(rows.first!.contains { $0 != " " && $0 != "│" && !$0.isNumber }, "the one high point reaches the top row")
        XCTAssertTrue(rows.last!.contains { $0 != " " && $0 != "│" && !$0.isNumber }, "the one low point reaches the bottom row")
    }

    func test_lineChart_colorsByDirectionOnlyWhenAsked() {
        let up = LineChart.render(makePlot(["1", "2"]), width: 40, colors: true)
        let down = LineChart.render(makePlot(["2", "1"]), width: 40, colors: true)
        let plain = LineChart.render(makePlot(["2", "1"]), width: 40, colors: false)

        XCTAssertTrue(up.contains("\u{1B}[32m"))
        XCTAssertTrue(down.contains("\u{1B}[31m"))
        XCTAssertFalse(plain.contains("\u{1B}"))
    }

    func test_svg_lineGoesStraightThroughEveryPoint() throws {
        let plot = makePlot(["100", "150", "120", "200"])

        let svg = SVGChart.render(plot, title: "T")

        let points = try XCTUnwrap(svg.firstMatch(of: /class="line" points="([^"]+)"/)?.1).split(separator: " ")
        XCTAssertEqual(points.count, 4, "one vertex per close, no steps: \(points)")
        let ys = points.map { Int($0.split(separator: ",")[1])! }
        XCTAssertEqual(ys.first, 280, "the lowest close sits on the baseline")
        XCTAssertEqual(ys.last, 40, "the highest at the top")
    }

    // MARK: - Helpers

    private func makePlot(_ values: [String]) -> Plot {
        Plot(points: values.enumerated().map { Plot.Point(at: Date(timeIntervalSince1970: 1_700_000_000 + Double($0.offset) * 86_400), value: fixed($0.element)) },
             shape: .line, baseline: .fitted, valueLabel: { $0.formatted(fractionDigits: 0) },
             timeLabel: { String(Int($0.timeIntervalSince1970 / 86_400) % 100) })
    }
}
