import Foundation

/// An exact decimal with eight fractional digits, stored as an `Int128` count of 10⁻⁸ units.
///
/// Foundation `Decimal` costs about 0.66 µs per addition on Linux, which dominates a portfolio
/// over a long history; integer arithmetic on `Int128` is exact for sums and differences and
/// roughly a hundred times cheaper. Products and quotients are rounded half-to-even to 8 digits,
/// and one too large for 128 bits is nil, never a trap: a hostile record or quote can make any
/// figure unrepresentable, and the caller says so.
public struct FixedDecimal: Hashable, Comparable, Sendable {
    public static let fractionDigits = 8
    public static let scale: Int128 = 100_000_000

    /// The value multiplied by 10⁸.
    public let units: Int128

    public init(units: Int128) {
        self.units = units
    }

    public init(_ integer: Int) {
        self.units = Int128(integer) * Self.scale
    }

    public static let zero = FixedDecimal(units: 0)

    public var isZero: Bool { units == 0 }
    public var isNegative: Bool { units < 0 }

    public static func < (lhs: FixedDecimal, rhs: FixedDecimal) -> Bool { lhs.units < rhs.units }
    public static func + (lhs: FixedDecimal, rhs: FixedDecimal) -> FixedDecimal { FixedDecimal(units: lhs.units + rhs.units) }
    public static func - (lhs: FixedDecimal, rhs: FixedDecimal) -> FixedDecimal { FixedDecimal(units: lhs.units - rhs.units) }
    public static prefix func - (value: FixedDecimal) -> FixedDecimal { FixedDecimal(units: -value.units) }
    public static func += (lhs: inout FixedDecimal, rhs: FixedDecimal) { lhs = lhs + rhs }
    public static func -= (lhs: inout FixedDecimal, rhs: FixedDecimal) { lhs = lhs - rhs }

    /// `self + other`; nil when too large, where `+` would trap.
    public func adding(_ other: FixedDecimal) -> FixedDecimal? {
        let (sum, overflow) = units.addingReportingOverflow(other.units)
        return overflow ? nil : FixedDecimal(units: sum)
    }

    /// `self − other`; nil when too large, where `-` would trap.
    public func subtracting(_ other: FixedDecimal) -> FixedDecimal? {
        let (difference, overflow) = units.subtractingReportingOverflow(other.units)
        return overflow ? nil : FixedDecimal(units: difference)
    }

    /// `self × other`, rounded half-to-even to 8 fractional digits; nil when too large.
    public func multiplied(by other: FixedDecimal) -> FixedDecimal? {
        Self.multiplyDivideRounded(units, other.units, Self.scale).map(FixedDecimal.init(units:))
    }

    /// `self ÷ other` rounded half-to-even to 8 fractional digits; nil when `other` is zero or
    /// the quotient is too large.
    public func divided(by other: FixedDecimal) -> FixedDecimal? {
        guard other.units != 0 else { return nil }
        return Self.multiplyDivideRounded(units, Self.scale, other.units).map(FixedDecimal.init(units:))
    }

    /// `self × numerator ÷ denominator` with a single rounding, so proportional splits (the cost of
    /// part of a position) stay exact wherever the result is representable; nil when
    /// `denominator` is zero or the result is too large.
    public func scaled(by numerator: FixedDecimal, over denominator: FixedDecimal) -> FixedDecimal? {
        guard denominator.units != 0 else { return nil }
        return Self.multiplyDivideRounded(units, numerator.units, denominator.units).map(FixedDecimal.init(units:))
    }


    /// Whether every fractional digit after the first `digits` (0...8) is zero: what
    /// `rounded(toFractionDigits:) == self` says, without a division of 128-bit numbers.
    public func hasFractionDigits(atMost digits: Int) -> Bool {
        precondition((0...Self.fractionDigits).contains(digits))
        let step = Self.powersOfTen[Self.fractionDigits - digits]
        if let small = Int64(exactly: units) { return small % Int64(step) == 0 }
        return units % step == 0
    }

    /// 10⁰ through 10¹⁸.
    private static let powersOfTen: [Int128] = (0...19).map { power in (0..<power).reduce(Int128(1)) { result, _ in result * 10 } }

    /// Rounded half-to-even to `digits` fractional digits (0...8).
    public func rounded(toFractionDigits digits: Int) -> FixedDecimal {
        precondition((0...Self.fractionDigits).contains(digits))
        var step: Int128 = 1
        for _ in 0..<(Self.fractionDigits - digits) { step *= 10 }
        return FixedDecimal(units: Self.divideRounded(units, by: step) * step)
    }

    /// `a × b ÷ divisor`, with a 256-bit intermediate when `a × b` overflows 128 bits; nil when
    /// the rounded quotient does not fit in 128 bits.
    private static func multiplyDivideRounded(_ a: Int128, _ b: Int128, _ divisor: Int128) -> Int128? {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        // A quotient no larger than the product fits, except Int128.min ÷ -1.
        if !overflow, !(product == .min && divisor == -1) { return divideRounded(product, by: divisor) }
        let negative = ((a < 0) != (b < 0)) != (divisor < 0)
        let wide = a.magnitude.multipliedFullWidth(by: b.magnitude), magnitude = divisor.magnitude
        // The quotient needs more than 128 bits exactly when the high half is not below the divisor.
        guard wide.high < magnitude else { return nil }
        let (quotient, remainder) = magnitude.dividingFullWidth(wide)
        // remainder < magnitude ≤ 2^127, so doubling it can't overflow.
        let twiceRemainder = remainder << 1
        let awayFromZero = twiceRemainder > magnitude || (twiceRemainder == magnitude && quotient & 1 == 1)
        let (rounded, carried) = quotient.addingReportingOverflow(awayFromZero ? 1 : 0)
        let limit = negative ? UInt128(1) << 127 : UInt128(Int128.max)
        guard !carried, rounded <= limit else { return nil }
        return negative ? Int128(truncatingIfNeeded: 0 &- rounded) : Int128(rounded)
    }

    private static func divideRounded(_ dividend: Int128, by divisor: Int128) -> Int128 {
        let (quotient, remainder) = dividend.quotientAndRemainder(dividingBy: divisor)
        return roundedQuotient(quotient, remainder: remainder, divisor: divisor, negative: (dividend < 0) != (divisor < 0))
    }

    private static func roundedQuotient(_ quotient: Int128, remainder: Int128, divisor: Int128, negative: Bool) -> Int128 {
        let twiceRemainder = remainder.magnitude * 2
        let divisorMagnitude = divisor.magnitude
        let awayFromZero = twiceRemainder > divisorMagnitude
            || (twiceRemainder == divisorMagnitude && quotient % 2 != 0)
        guard awayFromZero else { return quotient }
        return negative ? quotient - 1 : quotient + 1
    }
}

// MARK: - Text

extension FixedDecimal: CustomStringConvertible, LosslessStringConvertible {
    /// Parses `[-+]digits[.digits]` exactly; nil for anything else, including more than 8
    /// fractional digits (which could not be stored without rounding the user's number).
    public init?(_ text: String) {
        var text = text
        let parsed: FixedDecimal? = text.withUTF8 { Self.parse($0) }
        guard let parsed else { return nil }
        self = parsed
    }

    /// The byte-level parser behind `init?(_:)`, usable on slices of a larger buffer.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> FixedDecimal? {
        var index = 0
        let count = bytes.count
        var negative = false
        if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        // Digits gather in a UInt64 (18 always fit), then move to the Int128 once: Int128
        // arithmetic per digit cost more than the rest of reading a ledger value.
        var units: Int128 = 0
        var pending: UInt64 = 0, pendingDigits = 0
        @inline(__always) func take(_ digit: UInt8) {
            if pendingDigits == 18 {
                units = units * 1_000_000_000_000_000_000 + Int128(pending)
                pending = 0
                pendingDigits = 0
            }
            pending = pending &* 10 &+ UInt64(digit)
            pendingDigits += 1
        }
        var integerDigits = 0
        while index < count, bytes[index] &- 48 < 10 {
            guard integerDigits < 28 else { return nil }
            take(bytes[index] &- 48)
            integerDigits += 1
            index += 1
        }
        var fractionDigits = 0
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < count, bytes[index] &- 48 < 10 {
                fractionDigits += 1
                guard fractionDigits <= Self.fractionDigits else { return nil }
                take(bytes[index] &- 48)
                index += 1
            }
            guard fractionDigits > 0 else { return nil }
        }
        guard index == count, integerDigits + fractionDigits > 0 else { return nil }
        var scale: UInt64 = 1
        for _ in fractionDigits..<Self.fractionDigits { scale &*= 10 }
        // Up to 18 digits, as nearly every amount has: one 64-by-64-bit product, no table.
        if integerDigits + fractionDigits <= 18 {
            let (high, low) = pending.multipliedFullWidth(by: scale)
            let magnitude = Int128(high) << 64 | Int128(low)
            return FixedDecimal(units: negative ? -magnitude : magnitude)
        }
        units = units * Self.powersOfTen[pendingDigits] + Int128(pending)
        units *= Int128(scale)
        return FixedDecimal(units: negative ? -units : units)
    }

    /// The shortest exact form: no exponent, no trailing fractional zeros.
    public var description: String {
        let magnitude = units.magnitude
        // Nearly every amount fits 64 bits, where division is a machine instruction: an export
        // writes millions of them.
        if let small = UInt64(exactly: magnitude) { return Self.describe(small, negative: units < 0) }
        let integerPart = magnitude / UInt128(Self.scale)
        var fraction = magnitude % UInt128(Self.scale)
        var sign = units < 0 ? "-" : ""
        guard fraction != 0 else { return sign + String(integerPart) }
        var digits = Self.fractionDigits
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        let fractionText = String(fraction)
        sign += String(integerPart) + "."
        return sign + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }

    /// The digits of `magnitude` units: the shortest exact form, or `fixedDigits` fractional
    /// digits of a value already rounded to them.
    private static func describe(_ magnitude: UInt64, negative: Bool, fixedDigits: Int? = nil) -> String {
        let scale = UInt64(Self.scale)
        var integerPart = magnitude / scale, fraction = magnitude % scale
        var fractionDigits = Self.fractionDigits
        // The shortest form drops trailing zeros; a fixed one, the digits rounded away.
        while fractionDigits > fixedDigits ?? 0, fixedDigits != nil || fraction % 10 == 0 {
            fraction /= 10
            fractionDigits -= 1
        }
        var integerDigits = 1
        while integerDigits < 20, Int128(integerPart) >= Self.powersOfTen[integerDigits] { integerDigits += 1 }
        let length = (negative ? 1 : 0) + integerDigits + (fractionDigits > 0 ? 1 + fractionDigits : 0)
        return String(unsafeUninitializedCapacity: length) { bytes in
            var end = length
            for _ in 0..<fractionDigits {
                end -= 1
                bytes[end] = UInt8(ascii: "0") + UInt8(fraction % 10)
                fraction /= 10
            }
            if fractionDigits > 0 {
                end -= 1
                bytes[end] = UInt8(ascii: ".")
            }
            for _ in 0..<integerDigits {
                end -= 1
                bytes[end] = UInt8(ascii: "0") + UInt8(integerPart % 10)
                integerPart /= 10
            }
            if negative { bytes[0] = UInt8(ascii: "-") }
            return length
        }
    }

    /// Fixed number of fractional digits, rounded half-to-even: for money columns.
    public func formatted(fractionDigits digits: Int) -> String {
        let rounded = rounded(toFractionDigits: digits)
        let magnitude = rounded.units.magnitude
        // In 64 bits where the value fits, as `description`: a table of 500 holdings formats
        // thousands of amounts, and a 128-bit division is a call.
        if (0...Self.fractionDigits).contains(digits), let small = UInt64(exactly: magnitude) {
            return Self.describe(small, negative: rounded.units < 0, fixedDigits: digits)
        }
        let integerPart = magnitude / UInt128(Self.scale)
        let sign = rounded.units < 0 ? "-" : ""
        guard digits > 0 else { return sign + String(integerPart) }
        var fraction = (magnitude % UInt128(Self.scale))
        for _ in 0..<(Self.fractionDigits - digits) { fraction /= 10 }
        let fractionText = String(fraction)
        return sign + String(integerPart) + "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }
}

// MARK: - Foundation Decimal interop

extension FixedDecimal {
    /// The exact value as a Foundation `Decimal`.
    public var decimal: Decimal {
        if let small = Int64(exactly: units) {
            return Decimal(sign: small < 0 ? .minus : .plus, exponent: -Self.fractionDigits,
                           significand: Decimal(small.magnitude))
        }
        return Decimal(string: description, locale: Locale(identifier: "en_US_POSIX"))!
    }

    /// Exact conversion; nil when `decimal` has more than 8 fractional digits or is out of range.
    public init?(exactly decimal: Decimal) {
        var value = decimal
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, Self.fractionDigits, .plain)
        guard rounded == decimal else { return nil }
        self.init(NSDecimalNumber(decimal: decimal).description(withLocale: Locale(identifier: "en_US_POSIX")))
    }
}

extension FixedDecimal: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self.init(value) }
}

extension FixedDecimal: Codable {
    /// Encoded as a JSON string so no decoder on the way can turn it into a binary float.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = FixedDecimal(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a decimal with at most 8 fractional digits")
        }
        self = value
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
