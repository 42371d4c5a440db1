import XCTest
import Ledger

/// Compact numbers are read back exactly, in the fewest bytes, and a checkpoint whose bytes
/// can't be one is damaged, never a trap.
final class PackedBytesTests: XCTestCase {
    func test_compactNumbers_readBackExactly_inAsFewBytesAsTheyNeed() throws {
        var random = SystemRandomNumberGenerator()
        let nineBytes = Int128(1) << 62, sixtyFourBits = Int128(1) << 63
        let edges: [Int128] = [0, 1, -1, 63, -64, 64, -65, 8_191, 8_192, Int128(Int64.max), Int128(Int64.min), .max, .min, .max - 1, .min + 1,
                               nineBytes - 1, nineBytes, -nineBytes, -nineBytes - 1, sixtyFourBits, -sixtyFourBits - 1]
        let values = edges + (0..<500).map { _ in Int128(Int64.random(in: .min ... .max, using: &random)) >> Int.random(in: 0..<64, using: &random) }
            + (0..<200).map { _ in Int128(bitPattern: UInt128.random(in: 0 ... .max, using: &random)) >> Int.random(in: 0..<128, using: &random) }
        for value in values {
            var writer = PackedWriter()
            writer.writeCompact(value)
            var reader = PackedReader(writer.bytes)

            XCTAssertEqual(try reader.readCompactInt128(), value)
            XCTAssertTrue(reader.isAtEnd)
            let magnitude = value < 0 ? -(value + 1) : value
            let bits = 128 - magnitude.leadingZeroBitCount + 1
            XCTAssertEqual(writer.bytes.count, max(1, (bits + 6) / 7), "\(value)")
        }
    }

    func test_compactStrings_andCounts_readBack() throws {
        var writer = PackedWriter()
        writer.writeCompact("T100")
        writer.writeCompact(String?.none)
        writer.writeCompact(String?.some(String(repeating: "é", count: 100)))
        writer.writeCompact(3)
        var reader = PackedReader(writer.bytes)

        XCTAssertEqual(try reader.readCompactString(), "T100")
        XCTAssertEqual(try reader.readCompactOptionalString(), nil)
        XCTAssertEqual(try reader.readCompactOptionalString(), String(repeating: "é", count: 100))
        XCTAssertThrowsError(try reader.readCompactCount(), "a count beyond the bytes left")
    }

    func test_bytesThatAreNoCompactNumber_areDamaged() {
        let cases: [(String, [UInt8])] = [
            ("cut short", [0x80, 0x80]),
            ("past 128 bits", Array(repeating: 0xFF, count: 18) + [0x04]),
            ("longer than 19 bytes", Array(repeating: 0x80, count: 19) + [0x00]),
            ("nothing", []),
        ]
        for (name, bytes) in cases {
            var reader = PackedReader(bytes)
            XCTAssertThrowsError(try reader.readCompactInt128(), name)
        }
        var widest = PackedReader(Array(repeating: 0xFF, count: 18) + [0x03])
        XCTAssertEqual(try widest.readCompactInt128(), .min, "the widest number there is")
        var string = PackedReader([2, 0xC3, 0x28])
        XCTAssertThrowsError(try string.readCompactString(), "not UTF-8")
        var day = PackedWriter()
        day.writeCompact(Int128(Int32.max) + 1)
        var tooLate = PackedReader(day.bytes)
        XCTAssertThrowsError(try tooLate.readCompactInt32())
    }

    func test_skippingAString_movesPastWhatReadingItWould_andRefusesWhatReadingItWould() throws {
        var writer = PackedWriter()
        for text in ["", "ascii-id", String(repeating: "é", count: 40)] { writer.write(text) }
        writer.write(7)
        var reader = PackedReader(writer.bytes)
        for _ in 0..<3 { try reader.skipString() }
        XCTAssertEqual(try reader.readInt64(), 7)

        var notText = PackedWriter()
        notText.write([UInt8]([0xC3, 0x28]))
        var refused = PackedReader(notText.bytes), alsoRefused = PackedReader(notText.bytes)
        XCTAssertThrowsError(try refused.readString(), "not UTF-8")
        XCTAssertThrowsError(try alsoRefused.skipString(), "not UTF-8, though never made")
        var cut = PackedReader(Array(writer.bytes.prefix(20)))
        try cut.skipString()
        XCTAssertThrowsError(try cut.skipString(), "cut short")
    }

    func test_checksum_changesWithEveryFlippedBit_aZeroMore_orTwoWordsSwapped() {
        var random = SystemRandomNumberGenerator()
        for count in [0, 1, 7, 8, 31, 32, 33, 64, 100, 1_000] {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0 ... .max, using: &random) }
            let checksum = bytes.withUnsafeBytes { StableHash.checksum($0) }
            for bit in 0..<(count * 8) {
                var flipped = bytes
                flipped[bit / 8] ^= 1 << (bit % 8)
                XCTAssertNotEqual(flipped.withUnsafeBytes { StableHash.checksum($0) }, checksum, "bit \(bit) of \(count) bytes")
            }
            XCTAssertNotEqual((bytes + [0]).withUnsafeBytes { StableHash.checksum($0) }, checksum, "a zero after \(count) bytes")
            if count >= 32, bytes[0..<8] != bytes[8..<16] {
                let swapped = Array(bytes[8..<16] + bytes[0..<8] + bytes[16...])
                XCTAssertNotEqual(swapped.withUnsafeBytes { StableHash.checksum($0) }, checksum, "the first two words of \(count) swapped")
            }
        }
    }
}
