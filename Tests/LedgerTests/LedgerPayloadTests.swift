import XCTest
import Ledger
import TestSupport

final class LedgerPayloadTests: XCTestCase {
    func test_fields_roundTripAnyStringInNamesAndValues() {
        var random = SeededRandom(seed: 7)
        let alphabet: [Character] = ["a", "=", "\\", "\t", "\n", "\r", "\u{0}", "\u{1B}", "\u{7F}", "x", "3", "é", "🙂", "\u{2028}"]
        for _ in 0..<300 {
            let fields = (0..<random.below(4)).map { index in
                (name: "n\(index)" + String((0..<random.below(6)).map { _ in alphabet[random.below(alphabet.count)] }),
                 value: String((0..<random.below(10)).map { _ in alphabet[random.below(alphabet.count)] }))
            }
            let payload = LedgerPayload(fields)

            XCTAssertEqual(payload.fields.map(\.name), fields.map(\.name).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
            for field in fields { XCTAssertEqual(payload[field.name], field.value) }
            XCTAssertNil(payload["n9"], "a name no field has")
            XCTAssertFalse(payload.encodedBytes.contains { $0 == 0x0A || $0 == 0x0D || $0 < 0x09 || $0 == 0x7F },
                           "no line break or control byte survives the encoding: \(payload)")
        }
    }

    func test_encoding_isCanonical_whateverOrderTheFieldsCameIn() {
        let one = LedgerPayload([("sum", "1"), ("date", "2024-01-02"), ("ticker", "A")])
        let other = LedgerPayload([("ticker", "A"), ("sum", "1"), ("date", "2024-01-02")])

        XCTAssertEqual(one, other)
        XCTAssertEqual(one.description, "date=2024-01-02\tsum=1\tticker=A")
    }

    func test_encoding_escapesEveryByteThatCouldAddAFieldALineOrSteerATerminal() {
        let payload = LedgerPayload([("a=b", "t\tn\nr\r\\\u{1B}=\u{7F}")])

        XCTAssertEqual(payload.description, #"a\x3db=t\tn\nr\r\\\x1b=\x7f"#)
    }

    func test_unescape_isTotal_anUnknownEscapeStandsForItself() {
        let bytes = Array(#"a\qb\x4"#.utf8)

        XCTAssertEqual(bytes.withUnsafeBufferPointer { LedgerEscaping.unescape($0) }, #"a\qb\x4"#)
    }

    func test_identifiers_allowLettersDigitsDashAndUnderscoreUpTo128() {
        XCTAssertTrue(LedgerIdentifier.isValid("3fa2c4e1-aaaa-4bbb-8ccc-0123456789ab"))
        XCTAssertTrue(LedgerIdentifier.isValid("-NxYz_push-key"))
        XCTAssertTrue(LedgerIdentifier.isValid(String(repeating: "a", count: 128)))
        for invalid in ["", String(repeating: "a", count: 129), "evil\tid", "a.b", "a/b", "a$b", "a#b", "a[b]", "é", "a b"] {
            XCTAssertFalse(LedgerIdentifier.isValid(invalid), invalid)
        }
    }
}
