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

    func test_identifierRandomTime_isSixRandomDigits_aMark_thenTheTimeInEightOrderedDigits() {
        let id = LedgerIdentifier.identifier(random: 36 * 36 * 36 * 36 * 36 + 35, time: 36 + 1)

        XCTAssertEqual(id, "z00001" + "_" + "00000011")
        XCTAssertTrue(LedgerIdentifier.isValid(id))
    }

    func test_identifierRandomTime_keepsATimePastItsLimitAtTheLast() {
        XCTAssertEqual(LedgerIdentifier.identifier(random: 0, time: .max).suffix(8), "zzzzzzzz")
    }

    func test_orderKey_ordersIdsByTheTimeTheyWereMade_whateverTheirRandomDigits() {
        let earlier = LedgerIdentifier.identifier(random: .max, time: 1_000)
        let later = LedgerIdentifier.identifier(random: 0, time: 1_001)

        XCTAssertGreaterThan(earlier, later, "as strings, the random digits decide")
        XCTAssertLessThan(LedgerIdentifier.orderKey(of: earlier), LedgerIdentifier.orderKey(of: later))
    }

    func test_orderKey_ofAnIdMadeOtherwise_isBelowEveryMadeOnes() {
        let made = LedgerIdentifier.identifier(random: 0, time: 0)

        for other in [LedgerIdentifier.random(), "zzzzzz_zzzzzzzz!", "t1", "zzzzzz-zzzzzzzz", "abcdef_ghijk-lm"] {
            XCTAssertEqual(LedgerIdentifier.orderKey(of: other), 0, other)
        }
        XCTAssertGreaterThan(LedgerIdentifier.orderKey(of: made), 0)
    }
}
