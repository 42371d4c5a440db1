import XCTest
import FixedPoint
import TestSupport

/// A product or quotient too large for 128 bits is nil, never a trap, and one
/// that fits is exact: its product with the divisor is within half the divisor of the exact
/// 256-bit product (the standard library's `multipliedFullWidth`). Foundation's `Decimal` is no
/// oracle here: on Linux its division is off in the fourth digit at these sizes.
final class FixedDecimalOverflowTests: XCTestCase {
    func test_products_andQuotients_tooLargeForTheUnits_areNil() {
        let largest = FixedDecimal(units: .max), smallest = FixedDecimal(units: .min)

        XCTAssertNil(largest.multiplied(by: 2))
        XCTAssertNil(smallest.multiplied(by: -1))
        XCTAssertNil(largest.divided(by: FixedDecimal(units: 1)), "÷ 0.00000001 is × 100,000,000")
        XCTAssertNil(smallest.divided(by: -1))
        XCTAssertNil(FixedDecimal(1_000_000_000_000).scaled(by: FixedDecimal(1_000_000_000_000), over: FixedDecimal(units: 1)))
    }

    func test_results_atTheEdgeOfTheUnits_stillFit() {
        let largest = FixedDecimal(units: .max), smallest = FixedDecimal(units: .min)

        XCTAssertEqual(largest.multiplied(by: 1), largest)
        XCTAssertEqual(smallest.multiplied(by: 1), smallest)
        XCTAssertEqual(largest.scaled(by: largest, over: largest), largest, "a 256-bit product divided back")
        XCTAssertEqual(smallest.scaled(by: largest, over: largest), smallest)
        XCTAssertEqual(largest.divided(by: -1), FixedDecimal(units: -Int128.max))
    }

    func test_scaled_neverTraps_andIsExactOrNil_overRandomOperandsOfEveryMagnitude() {
        var random = SeededRandom(seed: 29)
        for _ in 0..<20_000 {
            let a = randomUnits(&random), b = randomUnits(&random), d = randomUnits(&random)
            guard d != 0 else { continue }
            let result = FixedDecimal(units: a).scaled(by: FixedDecimal(units: b), over: FixedDecimal(units: d))
            let size = Double(a.magnitude) * Double(b.magnitude) / Double(d.magnitude), limit = Double(Int128.max)
            if size > limit * 1.001 { XCTAssertNil(result, "\(a) × \(b) ÷ \(d)") }
            if size < limit * 0.999 {
                guard let units = result?.units else { return XCTFail("\(a) × \(b) ÷ \(d) fits but was nil") }
                XCTAssertTrue(isRoundedQuotient(units, of: a, b, d), "\(a) × \(b) ÷ \(d) gave \(units)")
            }
        }
    }

    // MARK: - Helpers

    /// Units of any magnitude, 1 to 38 digits, of either sign.
    private func randomUnits(_ random: inout SeededRandom) -> Int128 {
        let magnitude = Int128(truncatingIfNeeded: UInt128(random.next()) << 64 | UInt128(random.next())) >> random.below(127)
        return random.below(2) == 0 ? magnitude : -magnitude
    }

    /// Whether `q × d` is within half of `d` of `a × b`, all in 256 bits.
    private func isRoundedQuotient(_ q: Int128, of a: Int128, _ b: Int128, _ d: Int128) -> Bool {
        let exact = a.multipliedFullWidth(by: b), back = q.multipliedFullWidth(by: d)
        let (low, borrow) = exact.low.subtractingReportingOverflow(back.low)
        let (high, overflow) = exact.high.subtractingReportingOverflow(back.high &+ (borrow ? 1 : 0))
        guard !overflow else { return false }
        let difference: UInt128
        switch high {
        case 0: difference = low
        case -1: difference = 0 &- low
        default: return false
        }
        return difference <= d.magnitude / 2 + d.magnitude % 2
    }
}
