import XCTest

/// Every scenario listed in AcceptanceSpecs/README.md has a test of that name, and every
/// acceptance test is listed: the list is the contract with the seeds' stories.
final class TraceabilitySpecs: XCTestCase {
    func test_everyListedScenarioHasATest_andEveryTestIsListed() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let readme = try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8)
        let listed = Set(matches(of: #"`(test_[A-Za-z0-9_]+)`"#, in: readme))

        var implemented = Set<String>()
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix("Specs.swift") && file != "TraceabilitySpecs.swift" {
            implemented.formUnion(matches(of: #"func (test_[A-Za-z0-9_]+)\("#, in: try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)))
        }

        XCTAssertFalse(listed.isEmpty)
        XCTAssertEqual(listed.subtracting(implemented).sorted(), [], "listed in README.md but no test")
        XCTAssertEqual(implemented.subtracting(listed).sorted(), [], "tests not listed in README.md")
    }

    private func matches(of pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
