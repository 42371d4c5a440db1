import XCTest
import Ledger

final class RemoveAllAtPositionsTests: XCTestCase {
    func test_removeAllAtPositions_keepsTheRestInOrder_whateverOrderThePositionsComeIn() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let original = (0..<Int.random(in: 0...40, using: &generator)).map { "record-\($0)" }
            let positions = (0..<Int.random(in: 0...10, using: &generator)).map { _ in Int.random(in: 0...45, using: &generator) }
            var kept = original
            kept.removeAll(atPositions: positions)

            XCTAssertEqual(kept, original.indices.filter { !positions.contains($0) }.map { original[$0] }, "\(positions) of \(original.count)")
        }
    }
}
