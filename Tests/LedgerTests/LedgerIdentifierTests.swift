import XCTest
import Ledger

final class LedgerIdentifierTests: XCTestCase {
    func test_random_isAValidIdOfFifteenLowerCaseLettersAndDigits() {
        let id = LedgerIdentifier.random()

        XCTAssertTrue(LedgerIdentifier.isValid(id), id)
        XCTAssertEqual(id.utf8.count, 15, "more than 15 bytes would no longer be stored inline by String")
        XCTAssertTrue(id.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }, id)
    }

    func test_random_drawsDistinctIdsOverTheWholeAlphabet() {
        let ids = (0..<10_000).map { _ in LedgerIdentifier.random() }

        XCTAssertEqual(Set(ids).count, ids.count)
        XCTAssertEqual(Set(ids.joined()).count, 36, "every letter and digit turns up in 150,000 draws")
    }

    func test_random_drawsEachOfTheFifteenPlacesOverTheWholeAlphabet() {
        let ids = (0..<10_000).map { _ in Array(LedgerIdentifier.random().utf8) }

        for place in 0..<15 {
            XCTAssertEqual(Set(ids.map { $0[place] }).count, 36, "place \(place): the random bits must last through the last digit")
        }
    }
}
