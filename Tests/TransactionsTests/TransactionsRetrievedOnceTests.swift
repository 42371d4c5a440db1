import XCTest
import Transactions
import TransactionsTestSupport
import TestSupport

final class TransactionsRetrievedOnceTests: XCTestCase {
    func test_retrieve_readsTheStoreOnceForTheSameRequest_andAgainForAnother() throws {
        let spy = TransactionsRetrievingSpy()
        spy.stored = [makeTransaction(id: "a")]
        let sut = TransactionsRetrievedOnce(decoratee: spy)
        trackForMemoryLeaks(sut)

        let first = try sut.retrieve(.all, order: .unspecified)
        let second = try sut.retrieve(.all, order: .unspecified)
        _ = try sut.retrieve(.all, order: .newestFirst)

        XCTAssertEqual(first.map(\.id), ["a"])
        XCTAssertEqual(second.map(\.id), ["a"])
        XCTAssertEqual(spy.requests.map(\.order), [.unspecified, .newestFirst], "the same request is answered from what was read")
    }
}
