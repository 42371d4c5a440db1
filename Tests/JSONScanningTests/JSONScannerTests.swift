import XCTest
import JSONScanning

final class JSONScannerTests: XCTestCase {
    func test_parse_readsEveryKindOfValue_keepingANumbersText() throws {
        let json = try ServerJSON.parse(Array(#" {"a": [1, -0.50, 2E+3, true, false, null], "b": {"c": "d"}, "e": ""} "#.utf8))

        XCTAssertEqual(json, .object([
            .init(key: "a", value: .array([.number("1"), .number("-0.50"), .number("2E+3"), .bool(true), .bool(false), .null])),
            .init(key: "b", value: .object([.init(key: "c", value: .string("d"))])),
            .init(key: "e", value: .string("")),
        ]))
    }

    func test_parse_decodesEscapes_andSurrogatePairs() throws {
        let json = try ServerJSON.parse(Array(#"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u20AC", "\ud83d\ude00", "é€😀"]"#.utf8))

        XCTAssertEqual(json, .array([.string("a\"b\\c/d\u{8}\u{c}\n\r\t"), .string("é€"), .string("😀"), .string("é€😀")]))
    }

    func test_parse_agreesWithFoundation_onTheStringsItReads() throws {
        let texts = ["plain", "quote \" and \\ slash", "tab\there", "line\nbreak", "ünïcödé 😀", "\u{1}\u{1f}"]
        for text in texts {
            let encoded = try JSONSerialization.data(withJSONObject: [text])
            XCTAssertEqual(try ServerJSON.parse(encoded), .array([.string(text)]), text)
        }
    }

    func test_parse_refusesWhatIsNotJSON() {
        let malformed = ["", "{", "[1,]", "{\"a\" 1}", "{\"a\":1,}", "01", "1.", "-", "1e", ".5", "+1", "tru", "nul", "\"open",
                         "\"raw \u{1} control\"", "\"\\x\"", "\"\\ud800\"", "\"\\ud800\\u0041\"", "[1] 2", "{a:1}", "'a'", "NaN", "\"\\u12G4\""]
        for text in malformed {
            XCTAssertThrowsError(try ServerJSON.parse(Array(text.utf8)), text)
        }
    }

    func test_parse_refusesInvalidUTF8() {
        XCTAssertThrowsError(try ServerJSON.parse([UInt8(ascii: "\""), 0xC3, UInt8(ascii: "\"")]))
        XCTAssertThrowsError(try ServerJSON.parse([UInt8(ascii: "\""), 0xED, 0xA0, 0x80, UInt8(ascii: "\"")]))
    }

    func test_parse_refusesNestingPastTheLimit_withoutExhaustingTheStack() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertThrowsError(try ServerJSON.parse(Array(deep.utf8))) { XCTAssertEqual($0 as? JSONScanError, .tooDeep) }

        let allowed = String(repeating: "[", count: JSONScanner.maximumDepth) + String(repeating: "]", count: JSONScanner.maximumDepth)
        XCTAssertNoThrow(try ServerJSON.parse(Array(allowed.utf8)))
    }

    func test_members_readsAnObjectOneMemberAtATime() throws {
        var seen: [String] = []
        try JSONScanner.scan(Array(#"{"x": {"n": 1}, "y": [2], "z": null}"#.utf8)) { (scanner: inout JSONScanner) throws(JSONScanError) in
            try scanner.members { (scanner: inout JSONScanner, key: String) throws(JSONScanError) in
                seen.append(key + "=" + (try scanner.valueAndText().text))
            }
            try scanner.end()
        }

        XCTAssertEqual(seen, [#"x={"n": 1}"#, "y=[2]", "z=null"])
    }

    func test_null_consumesOnlyANull() throws {
        let answers = try JSONScanner.scan(Array(" null ".utf8)) { (scanner: inout JSONScanner) throws(JSONScanError) in
            let first = try scanner.null()
            try scanner.end()
            return first
        }
        XCTAssertTrue(answers)
        XCTAssertFalse(try JSONScanner.scan(Array("{}".utf8)) { (scanner: inout JSONScanner) throws(JSONScanError) in try scanner.null() })
    }

    func test_subscript_takesTheLastOfARepeatedKey() throws {
        let json = try ServerJSON.parse(Array(#"{"a": 1, "a": 2}"#.utf8))

        XCTAssertEqual(json["a"], .number("2"))
        XCTAssertNil(json["b"])
    }

    func test_skip_consumesExactlyOneValue_andStillRefusesWhatIsNotJSON() throws {
        let after = try JSONScanner.scan(Array(#"[{"a": [1, {"b": "\u00e9"}]}, [[], {}], "x", 2] "#.utf8)) { (scanner: inout JSONScanner) throws(JSONScanError) in
            var after: [String] = []
            try scanner.elements { (scanner: inout JSONScanner) throws(JSONScanError) in
                if after.count < 2 { try scanner.skip(); after.append("skipped") } else { after.append(try scanner.valueAndText().text) }
            }
            try scanner.end()
            return after
        }
        XCTAssertEqual(after, ["skipped", "skipped", #""x""#, "2"])

        for malformed in [#"{"a": [1,]}"#, #"[{"a" 1}]"#, "[\"\u{01}\"]", "[tru]"] {
            XCTAssertThrowsError(try JSONScanner.scan(Array(malformed.utf8)) { (scanner: inout JSONScanner) throws(JSONScanError) in try scanner.skip() }, malformed)
        }
        XCTAssertThrowsError(try JSONScanner.scan(Array((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8)) {
            (scanner: inout JSONScanner) throws(JSONScanError) in try scanner.skip()
        }) { XCTAssertEqual($0 as? JSONScanError, .tooDeep) }
    }

    func test_valueWithObjectLevels_keepsObjectsToThatDepth_andNoArray() throws {
        let json = try ServerJSON.parse(Array(#"{"a": "x", "f": {"g": "y", "h": {"deep": 1}, "l": [1, 2]}, "l": [{}, {}]}"#.utf8), objectLevels: 2)

        XCTAssertEqual(json, .object([
            .init(key: "a", value: .string("x")),
            .init(key: "f", value: .object([.init(key: "g", value: .string("y")), .init(key: "h", value: .array([])), .init(key: "l", value: .array([]))])),
            .init(key: "l", value: .array([])),
        ]))
        XCTAssertThrowsError(try ServerJSON.parse(Array(#"{"l": [{}, {]}"#.utf8), objectLevels: 1), "what is dropped is still checked")
    }
}
