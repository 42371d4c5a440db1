import XCTest
import Ledger
import ClientComposition
import TestSupport

final class NewIdentifiersTests: XCTestCase {
    func test_make_givesValidDistinctIds_eachRandomPlaceOverTheWholeAlphabet_acrossBlocks() {
        let sut = makeSUT()
        // 10,000 ids read about twenty 4 KiB blocks.
        let ids = (0..<10_000).map { _ in Array(sut.make().utf8) }

        XCTAssertTrue(ids.allSatisfy { $0.count == 15 && LedgerIdentifier.isValid(String(decoding: $0, as: UTF8.self)) })
        XCTAssertEqual(Set(ids).count, ids.count)
        for place in 0..<6 {
            XCTAssertEqual(Set(ids.map { $0[place] }).count, 36, "place \(place)")
        }
    }

    func test_make_ordersIdsAsMade_evenWithinOneMillisecondAndWhenTheClockGoesBack() {
        var times = [1_700_000_000.0, 1_700_000_000.0, 1_700_000_000.0, 1_699_999_000.0, 1_700_000_001.0]
        let sut = makeSUT(now: { Date(timeIntervalSince1970: times.removeFirst()) })

        let ids = (0..<5).map { _ in sut.make() }

        XCTAssertEqual(ids.map(LedgerIdentifier.orderKey(of:)), ids.map(LedgerIdentifier.orderKey(of:)).sorted())
        XCTAssertEqual(Set(ids.map(LedgerIdentifier.orderKey(of:))).count, 5, "no two share a time")
    }

    func test_make_endsWithTheMillisecondsSince2020() {
        let sut = makeSUT(now: { Date(timeIntervalSince1970: 1_577_836_800 + 1.297) })

        XCTAssertEqual(sut.make().suffix(8), "00000101", "36² + 1 milliseconds, in base 36")
    }

    func test_make_asksTheSystemsGenerator_whenItsSourceCantBeRead() {
        let sut = makeSUT(source: "/nonexistent/urandom")

        let ids = (0..<100).map { _ in sut.make() }

        XCTAssertTrue(ids.allSatisfy(LedgerIdentifier.isValid))
        XCTAssertEqual(Set(ids.map { $0.prefix(6) }).count, 100)
    }

    func test_make_asksTheSystemsGenerator_onceItsSourceRunsDry() throws {
        let file = makeTemporaryDirectory().appendingPathComponent("twelve-bytes")
        try Data(repeating: 7, count: 12).write(to: file)
        let sut = makeSUT(source: file.path, now: { Date(timeIntervalSince1970: 1_577_836_800) })

        let fromTheFile = sut.make(), afterIt = sut.make(), andAgain = sut.make()

        XCTAssertEqual(fromTheFile, LedgerIdentifier.identifier(random: 0x0707_0707_0707_0707, time: 0), "8 of the 12 bytes")
        XCTAssertNotEqual(afterIt.prefix(6), andAgain.prefix(6), "then the system's generator, not the 4 bytes left")
    }

    // MARK: - Helpers

    private func makeSUT(source: String = "/dev/urandom", now: @escaping () -> Date = { Date() },
                         file: StaticString = #filePath, line: UInt = #line) -> NewIdentifiers {
        let sut = NewIdentifiers(source: source, now: now)
        trackForMemoryLeaks(sut, file: file, line: line)
        return sut
    }
}
