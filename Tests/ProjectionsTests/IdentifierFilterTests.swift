import XCTest
import Ledger
import Projections

/// The checkpoints' filter of ids: it never misses an id it was given, and its bits are the same
/// in every build, since a filter written by one is read by the next.
final class IdentifierFilterTests: XCTestCase {
    func test_neverMissesAnIdItWasGiven_andRarelyClaimsOneItWasNot() {
        var filter = IdentifierFilter(capacity: 20_000)
        let ids = (0..<20_000).map { "id-\($0)-\($0 &* 2_654_435_761 % 1_000_003)" }
        for id in ids { filter.insert(id) }

        XCTAssertTrue(ids.allSatisfy(filter.mayContain))
        let falseAlarms = (0..<20_000).count { filter.mayContain("other-\($0)") }
        XCTAssertLessThan(falseAlarms, 40, "about 1 in 2,000 at capacity")
    }

    func test_theBitsForGivenIds_areTheSameInEveryBuild() {
        var filter = IdentifierFilter(capacity: 4_096)
        for id in (0..<300).map({ "t\($0)" }) + ["0123456789abcdef0123456789abcdef", "é€𝄞", ""] { filter.insert(id) }
        var writer = PackedWriter()
        filter.write(to: &writer)

        XCTAssertEqual(writer.bytes.count, 8 + 8 + 8 + 8_192)
        // As ed186ca wrote them: a filter saved by an earlier build must read the same ids.
        XCTAssertEqual(StableHash.of(writer.bytes), 6_738_376_254_379_778_743)
    }
}
