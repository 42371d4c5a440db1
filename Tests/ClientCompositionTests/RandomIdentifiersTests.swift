import XCTest
import Ledger
import ClientComposition
import TestSupport

final class RandomIdentifiersTests: XCTestCase {
    func test_make_givesValidDistinctIds_eachPlaceOverTheWholeAlphabet_acrossBlocks() {
        let sut = makeSUT()
        // 10,000 ids read about forty 4 KiB blocks.
        let ids = (0..<10_000).map { _ in Array(sut.make().utf8) }

        XCTAssertTrue(ids.allSatisfy { $0.count == 15 && LedgerIdentifier.isValid(String(decoding: $0, as: UTF8.self)) })
        XCTAssertEqual(Set(ids).count, ids.count)
        for place in 0..<15 {
            XCTAssertEqual(Set(ids.map { $0[place] }).count, 36, "place \(place)")
        }
    }

    func test_make_asksTheSystemsGenerator_whenItsSourceCantBeRead() {
        let sut = makeSUT(source: "/nonexistent/urandom")

        let ids = (0..<100).map { _ in sut.make() }

        XCTAssertTrue(ids.allSatisfy(LedgerIdentifier.isValid))
        XCTAssertEqual(Set(ids).count, 100)
    }

    func test_make_asksTheSystemsGenerator_onceItsSourceRunsDry() throws {
        let file = makeTemporaryDirectory().appendingPathComponent("twenty-bytes")
        try Data(repeating: 7, count: 20).write(to: file)
        let sut = makeSUT(source: file.path)

        let fromTheFile = sut.make(), afterIt = sut.make(), andAgain = sut.make()

        XCTAssertEqual(fromTheFile, LedgerIdentifier.identifier(from: 0x0707_0707_0707_0707, 0x0707_0707_0707_0707), "16 of the 20 bytes")
        XCTAssertNotEqual(afterIt, andAgain, "then the system's generator, not the 4 bytes left")
    }

    // MARK: - Helpers

    private func makeSUT(source: String = "/dev/urandom", file: StaticString = #filePath, line: UInt = #line) -> RandomIdentifiers {
        let sut = RandomIdentifiers(source: source)
        trackForMemoryLeaks(sut, file: file, line: line)
        return sut
    }
}
