import XCTest
import CurrentPrices

final class PricesCachePolicyTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_720_000_000)
    private let sut = PricesCachePolicy(maxAge: 60)

    func test_isFresh_whenYoungerThanMaxAgeByOneSecond() {
        XCTAssertTrue(sut.isFresh(fetchedAt: now.addingTimeInterval(-59), now: now))
    }

    func test_isNotFresh_atExactlyMaxAge() {
        XCTAssertFalse(sut.isFresh(fetchedAt: now.addingTimeInterval(-60), now: now))
    }

    func test_isNotFresh_whenOlderThanMaxAgeByOneSecond() {
        XCTAssertFalse(sut.isFresh(fetchedAt: now.addingTimeInterval(-61), now: now))
    }

    func test_isNotFresh_whenFetchedInTheFuture() {
        XCTAssertFalse(sut.isFresh(fetchedAt: now.addingTimeInterval(1), now: now))
    }
}
