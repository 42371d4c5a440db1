import XCTest
import Ledger
import Projections

/// `projection` written as a checkpoint reads back equal, to the last byte, through `empty` (the
/// projection of nothing in the same context), is refused by each of `others` (another context:
/// a base currency, a method, a capacity), and cut short is damaged, never misread.
public func assertCheckpointRoundTrip<Projection: CheckpointableProjection & Equatable>(
    of projection: Projection, readBy empty: Projection, refusedBy others: [Projection], file: StaticString = #filePath, line: UInt = #line
) throws {
    var writer = PackedWriter()
    projection.write(to: &writer)

    var reader = PackedReader(writer.bytes)
    XCTAssertEqual(try empty.decoded(from: &reader), projection, file: file, line: line)
    XCTAssertTrue(reader.isAtEnd, "every byte written is read back", file: file, line: line)
    for other in others {
        var foreign = PackedReader(writer.bytes)
        XCTAssertNil(try other.decoded(from: &foreign), "another context's checkpoint is not taken", file: file, line: line)
    }
    var cut = PackedReader(Array(writer.bytes.dropLast(3)))
    XCTAssertThrowsError(try empty.decoded(from: &cut), "a checkpoint cut short is damaged", file: file, line: line)
}
