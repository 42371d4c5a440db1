import XCTest
@testable import LocalFileStore
import TestSupport

/// The log read back from its end, a piece at a time: every whole line, in any length, from one
/// byte to 64 MB, and a line longer than a piece costs its length (a line of 64 MB read back in
/// 4 KiB pieces took minutes when each piece was joined to the rest and searched again).
final class BackwardLinesTests: XCTestCase {
    func test_next_handsOutEveryWholeLine_backwards_whateverTheirLengthsAndThePiecesSize() throws {
        var random = SystemRandomNumberGenerator()
        for pieceSize in [1, 7, 64, 4_096] {
            var lengths = [1, 2, pieceSize - 1, pieceSize, pieceSize + 1, 3 * pieceSize + 2].filter { $0 > 0 }
            lengths += (0..<30).map { _ in Int.random(in: 1...(4 * pieceSize + 10), using: &random) }
            lengths.shuffle(using: &random)
            try assertReadBack(lengths, pieceSize: pieceSize)
        }
    }

    func test_next_handsOutLinesOfMegabytes_inPiecesOfKilobytes() throws {
        try assertReadBack([3, 1 << 20, 1, 8 << 20, 64 << 20, 12], pieceSize: 4_096)
    }

    // MARK: - Helpers

    /// Lines of `lengths` (a torn tail after them), read back: the whole lines, last first.
    private func assertReadBack(_ lengths: [Int], pieceSize: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        var text: [UInt8] = []
        var expected: [[UInt8]] = []
        for (index, length) in lengths.enumerated() {
            let line = [UInt8](repeating: UInt8(ascii: "a") + UInt8(index % 26), count: length)
            expected.append(line)
            text += line + [UInt8(ascii: "\n")]
        }
        text += Array("torn".utf8)
        let url = makeTemporaryDirectory().appendingPathComponent("log")
        try Data(text).write(to: url)
        var reader = BackwardLines(file: try XCTUnwrap(try LinePieces(path: url.path)), start: 0, pieceSize: pieceSize)
        var read: [[UInt8]] = []
        while let (piece, _, lines) = try reader.next() {
            read += lines.reversed().map { Array(piece[$0]) }
        }
        XCTAssertEqual(read.count, expected.count, "pieces of \(pieceSize)", file: file, line: line)
        XCTAssertTrue(read == Array(expected.reversed()), "pieces of \(pieceSize): \(read.map(\.count)) against \(expected.reversed().map(\.count))",
                      file: file, line: line)
    }
}
