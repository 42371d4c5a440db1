import XCTest
import TestSupport

/// A process that may hold a session's tokens never dumps core: seen from outside, while it runs.
final class CoreDumpTests: XCTestCase {
    func test_theRunningClient_hasCoreDumpsDisabled() throws {
        let emulator = try startEmulator()
        try emulator.inject("slow", for: "AAPL", times: 1, extra: ["seconds": 3])
        let process = Process()
        // Core dumps allowed to start with, as a user's shell may allow them.
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -c unlimited && exec \"$0\" quote AAPL", productsDirectory.appendingPathComponent("invest").path]
        process.environment = ["INVEST_HOME": makeTemporaryDirectory().path, "INVEST_QUOTES_URL": emulator.baseURL.absoluteString,
                               "FINNHUB_API_KEY": ServicesEmulator.apiKey]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { process.waitUntilExit() }

        var coreLimit: String?
        for _ in 0..<100 where coreLimit == nil {
            let limits = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/limits", encoding: .utf8)) ?? ""
            coreLimit = limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") }.map(String.init)
            // "Max core file size  <soft>  <hard>  bytes": both must be 0, so nothing can raise it again.
            if coreLimit?.split(separator: " ").dropFirst(4).prefix(2) != ["0", "0"] { coreLimit = nil }
            if coreLimit == nil { Thread.sleep(forTimeInterval: 0.02) }
        }

        XCTAssertNotNil(coreLimit, "the core limit of the running invest never read 0")
    }
}
