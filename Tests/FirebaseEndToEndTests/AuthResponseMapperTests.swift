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
