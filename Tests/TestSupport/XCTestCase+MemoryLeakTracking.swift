import XCTest

extension XCTestCase {
    /// Fails the test if `instance` outlives it: a retain cycle in a composed object graph.
    public func trackForMemoryLeaks(_ instance: AnyObject, file: StaticString = #filePath, line: UInt = #line) {
        addTeardownBlock { [weak instance] in
            XCTAssertNil(instance, "Instance should have been deallocated. Potential memory leak.", file: file, line: line)
        }
    }

    /// A fresh directory removed when the test ends.
    public func makeTemporaryDirectory(file: StaticString = #filePath, line: UInt = #line) -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("investments-tests-\(UUID().uuidString)", isDirectory: true)
        XCTAssertNoThrow(try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true), file: file, line: line)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
