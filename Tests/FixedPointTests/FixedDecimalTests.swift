import XCTest
import FixedPoint
import TestSupport

final class FixedDecimalTests: XCTestCase {
    func test_addingAndSubtracting_areExact_andNilPastTheRange() {
        XCTAssertEqual(FixedDecimal("0.1")!.adding(FixedDecimal("0.2")!), FixedDecimal("0.3"))
        XCTAssertEqual(FixedDecimal("0.1")!.subtracting(FixedDecimal("0.3")!), FixedDecimal("-0.2"))
        XCTAssertNil(FixedDecimal(units: .max).adding(FixedDecimal(units: 1)))
        XCTAssertNil(FixedDecimal(units: .min).subtracting(FixedDecimal(units: 1)))
    }

    func test_init_parsesExactDecimalText() {
        XCTAssertEqual(FixedDecimal("12.5")?.units, 1_250_000_000)
        XCTAssertEqual(FixedDecimal("-0.00000001")?.units, -1)
        XCTAssertEqual(FixedDecimal("+3")?.units, 300_000_000)
        XCTAssertEqual(FixedDecimal(".5")?.units, 50_000_000)
    }

    func test_init_parsesTheLongestNumbersExactly() {
        XCTAssertEqual(FixedDecimal("1234567890123456789012345678.12345678")?.units, 123_456_789_012_345_678_901_234_567_812_345_678)
        XCTAssertEqual(FixedDecimal("999999999999999999")?.units, 99_999_999_999_999_999_900_000_000, "18 digits: the last that fit a UInt64")
        XCTAssertEqual(FixedDecimal("1000000000000000000.5")?.units, 100_000_000_000_000_000_050_000_000, "19 digits, then a fraction")
        XCTAssertEqual(FixedDecimal("-9999999999.99999999")?.units, -999_999_999_999_999_999, "18 digits with a fraction: in 64-bit arithmetic")
        XCTAssertEqual(FixedDecimal("12345678901.2345678")?.units, 1_234_567_890_123_456_780)
        XCTAssertEqual(FixedDecimal("99999999999.99999999")?.units, 9_999_999_999_999_999_999, "19 digits with a fraction")
        XCTAssertEqual(FixedDecimal("-0.00000000000000000"), nil, "more than 8 fractional digits")
        XCTAssertNil(FixedDecimal("12345678901234567890123456789"), "29 integer digits")
    }

    func test_hasFractionDigits_isWhetherRoundingWouldChangeNothing() {
        for text in ["1.23", "1.234", "-1.2", "0.00000001", "5", "1234567890123456789012.01", "1234567890123456789012.011"] {
            let value = FixedDecimal(text)!
            for digits in 0...8 {
                XCTAssertEqual(value.hasFractionDigits(atMost: digits), value.rounded(toFractionDigits: digits) == value, "\(text) at \(digits) digits")
            }
        }
    }

    func test_init_rejectsTextThatIsNotAnExactDecimal() {
        for text in ["", "-", ".", "1.", "1e5", "1,5", "0x10", " 1", "1.123456789", "abc", "1.2.3", "NaN"] {
            XCTAssertNil(FixedDecimal(text), "accepted \(text)")
        }
    }

    func test_description_isShortestExactForm() {
        XCTAssertEqual(FixedDecimal("10.50")?.description, "10.5")
        XCTAssertEqual(FixedDecimal("-0.00000001")?.description, "-0.00000001")
        XCTAssertEqual(FixedDecimal("7")?.description, "7")
        XCTAssertEqual(FixedDecimal("0.000")?.description, "0")
    }

    func test_description_isExactEitherSideOfSixtyFourBits() {
        let limit = Int128(UInt64.max)
        XCTAssertEqual(FixedDecimal(units: limit).description, "184467440737.09551615")
        XCTAssertEqual(FixedDecimal(units: limit + 1).description, "184467440737.09551616")
        XCTAssertEqual(FixedDecimal(units: -limit).description, "-184467440737.09551615")
        XCTAssertEqual(FixedDecimal(units: -limit - 5).description, "-184467440737.0955162")
        XCTAssertEqual(FixedDecimal(units: 10_000_000_000_000_000_000).description, "100000000000")
        XCTAssertEqual(FixedDecimal(units: 100_000_000_000_000_000_000).description, "1000000000000")
    }

    func test_description_readsBackAsTheSameValueInShortestForm() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let units = Int128(Int64.random(in: .min ... .max, using: &generator)) / Int128(10).power(Int.random(in: 0...18, using: &generator))
            let text = FixedDecimal(units: units).description
            XCTAssertEqual(FixedDecimal(text)?.units, units, text)
            XCTAssertFalse(text.contains(".") && text.hasSuffix("0"), text)
            XCTAssertFalse(text.hasPrefix("0") && text.count > 1 && !text.hasPrefix("0."), text)
        }
    }

    func test_formatted_roundsHalfToEvenToRequestedDigits() {
        XCTAssertEqual(FixedDecimal("2.345")?.formatted(fractionDigits: 2), "2.34")
        XCTAssertEqual(FixedDecimal("2.355")?.formatted(fractionDigits: 2), "2.36")
        XCTAssertEqual(FixedDecimal("-1.005")?.formatted(fractionDigits: 2), "-1.00")
        XCTAssertEqual(FixedDecimal("3")?.formatted(fractionDigits: 2), "3.00")
        XCTAssertEqual(FixedDecimal("0.5")?.formatted(fractionDigits: 0), "0")
    }

    func test_formatted_isTheRoundedValuesExactForm_paddedToTheDigits_smallOrLarge() {
        var random = SystemRandomNumberGenerator()
        let values = (0..<2_000).map { _ in FixedDecimal(units: Int128(Int64.random(in: .min ... .max, using: &random)) >> Int.random(in: 0..<64, using: &random)) }
            + (0..<200).map { _ in FixedDecimal(units: Int128(Int64.random(in: .min ... .max, using: &random)) * Int128(UInt64.random(in: 0 ... .max, using: &random))) }
            + [FixedDecimal(units: Int128(UInt64.max)), FixedDecimal(units: -Int128(UInt64.max)), FixedDecimal(units: Int128(UInt64.max) + 1)]
        for value in values {
            for digits in 0...8 {
                let exact = value.rounded(toFractionDigits: digits).description
                let parts = exact.split(separator: ".", omittingEmptySubsequences: false)
                let fraction = parts.count > 1 ? String(parts[1]) : ""
                let expected = digits == 0 ? String(parts[0]) : parts[0] + "." + fraction + String(repeating: "0", count: digits - fraction.count)
                XCTAssertEqual(value.formatted(fractionDigits: digits), expected, "\(value) to \(digits)")
            }
        }
    }

    func test_arithmetic_isExactWhereBinaryFloatingPointIsNot() {
        var total = FixedDecimal.zero
        for _ in 0..<10 { total += FixedDecimal("0.1")! }
        XCTAssertEqual(total, FixedDecimal(1))
        XCTAssertEqual(FixedDecimal("0.1")! + FixedDecimal("0.2")!, FixedDecimal("0.3")!)
    }

    func test_multipliedAndDivided_roundOnceHalfToEven() {
        XCTAssertEqual(FixedDecimal("1.5")!.multiplied(by: FixedDecimal("1.5")!), FixedDecimal("2.25"))
        XCTAssertEqual(FixedDecimal(10).divided(by: FixedDecimal(3)), FixedDecimal("3.33333333"))
        XCTAssertEqual(FixedDecimal(20).divided(by: FixedDecimal(3)), FixedDecimal("6.66666667"))
        XCTAssertNil(FixedDecimal(1).divided(by: .zero))
        XCTAssertEqual(FixedDecimal(50).scaled(by: FixedDecimal(1), over: FixedDecimal(3)), FixedDecimal("16.66666667"))
    }

    func test_multiplied_survivesIntermediateOverflowOf128Bits() {
        let large = FixedDecimal("1000000000000")!
        XCTAssertEqual(large.multiplied(by: large), FixedDecimal("1000000000000000000000000"))
        XCTAssertEqual(large.scaled(by: large, over: large), large)
    }

    func test_decimal_roundTripsExactly() {
        for text in ["0", "1", "-2.5", "0.00000001", "123456789.12345678", "99999999999999999999.99999999"] {
            let value = FixedDecimal(text)!
            XCTAssertEqual(value.decimal, Decimal(string: text), text)
            XCTAssertEqual(FixedDecimal(exactly: value.decimal), value, text)
        }
        XCTAssertNil(FixedDecimal(exactly: Decimal(string: "0.000000001")!))
    }

    func test_codable_encodesAsStringSoNoFloatIsInvolved() throws {
        let data = try JSONEncoder().encode([FixedDecimal("0.1")!])
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"["0.1"]"#)
        XCTAssertEqual(try JSONDecoder().decode([FixedDecimal].self, from: data), [FixedDecimal("0.1")!])
    }

    func test_parse_matchesDecimalOnRandomInput() {
        var generator = SeededRandom(seed: 42)
        for _ in 0..<2_000 {
            let integer = generator.next() % 1_000_000_000
            let fraction = generator.next() % 100_000_000
            let text = "\(generator.next() % 2 == 0 ? "-" : "")\(integer).\(String(fraction).leftPadded(to: 8))"
            XCTAssertEqual(FixedDecimal(text)?.decimal, Decimal(string: text), text)
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

private extension Int128 {
    func power(_ exponent: Int) -> Int128 { (0..<exponent).reduce(1) { product, _ in product * self } }
}
