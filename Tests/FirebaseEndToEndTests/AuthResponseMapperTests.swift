import XCTest
@testable import Firebase

final class AuthResponseMapperTests: XCTestCase {
    func test_seconds_takesAFiniteLifetimeUpToADay_andRefusesWhatAHostileServerCouldSend() {
        XCTAssertEqual(AuthResponseMapper.seconds("3600"), 3600)
        XCTAssertEqual(AuthResponseMapper.seconds(NSNumber(value: 60)), 60)
        for hostile: Any in ["1e300", "nan", "inf", "-5", "0", NSNumber(value: Double.infinity), "abc"] {
            XCTAssertNil(AuthResponseMapper.seconds(hostile), "\(hostile)")
        }
    }
}

final class SafeForDisplayTests: XCTestCase {
    func test_aServersWords_loseC0_DEL_andC1Controls_andAreCutShort() {
        let hostile = "bad\u{1B}]52;c;aGk=\u{07} \u{9B}2J \u{9D}0;title\u{9C}\u{7F}end" + String(repeating: "x", count: 300)

        let shown = String(safeForDisplay: hostile)

        XCTAssertFalse(shown.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, shown)
        XCTAssertTrue(shown.hasPrefix("bad]52;c;aGk= 2J 0;titleend"), shown)
        XCTAssertEqual(shown.unicodeScalars.count, 200 - 6, "at most 200 scalars are kept, before the controls go")
    }
}
