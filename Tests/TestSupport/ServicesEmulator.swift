import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Starts `Tests/Emulator/emulator.py` (quotes, accounts and the remote database) on a free
/// loopback port for one test, and stops it after.
public final class ServicesEmulator {
    /// Both the Finnhub token and the Firebase API key the emulator accepts.
    public static let apiKey = "test-key"
    public let baseURL: URL
    private let process: Process

    /// - Parameter demo: seed the test user test@stockport.com / Test@123.
    public init(demo: Bool = false) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Emulator/emulator.py")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--api-key", Self.apiKey] + (demo ? ["--demo"] : [])
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line.append(chunk)
        }
        guard let text = String(data: line, encoding: .utf8), text.hasPrefix("PORT "),
              let port = Int(text.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw NSError(domain: "ServicesEmulator", code: 1, userInfo: [NSLocalizedDescriptionKey: "emulator did not start: \(String(decoding: line, as: UTF8.self))"])
        }
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }

    /// Injects a fault for `symbol` ("*" for all) for the next `times` requests (-1: until replaced).
    public func inject(_ fault: String, for symbol: String = "*", times: Int = -1, extra: [String: Any] = [:]) throws {
        var body: [String: Any] = ["symbol": symbol, "fault": fault, "times": times]
        body.merge(extra) { $1 }
        _ = try send("POST", "/_control/faults", body: body)
    }

    /// How many quote requests each symbol received.
    public func requestCounts() throws -> [String: Int] {
        (try JSONSerialization.jsonObject(with: send("GET", "/_control/requests")) as? [String: Int]) ?? [:]
    }

    /// The most quote requests the emulator ever served at the same time.
    public func maxRequestsInFlight() throws -> Int {
        (try JSONSerialization.jsonObject(with: send("GET", "/_control/stats")) as? [String: Int])?["maxInFlight"] ?? 0
    }

    /// Holds the next database write (PUT, PATCH or DELETE) until `releaseHeldWrites()`: a
    /// client delayed between its read and its write.
    public func holdNextWrite() throws {
        try inject("hold", for: "db-hold", times: 1)
    }

    /// Waits (up to 10 s) until a write is being held.
    public func waitForAHeldWrite() throws {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let held = (try JSONSerialization.jsonObject(with: send("GET", "/_control/held-writes")) as? [String: Int])?["held"] ?? 0
            if held > 0 { return }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw NSError(domain: "ServicesEmulator", code: 2, userInfo: [NSLocalizedDescriptionKey: "no write was held"])
    }

    public func releaseHeldWrites() throws {
        _ = try send("POST", "/_control/release", body: [:])
    }

    /// Every id token issued so far stops being accepted, as if an hour had passed.
    public func expireIDTokens() throws {
        _ = try send("POST", "/_control/expire-tokens", body: [:])
    }

    /// The addresses password reset emails would have been sent to.
    public func passwordResets() throws -> [String] {
        (try JSONSerialization.jsonObject(with: send("GET", "/_control/password-resets")) as? [String]) ?? []
    }

    /// A raw request, as any HTTP client could send it: for checking the emulator's rules directly.
    public func request(_ method: String, _ path: String, body: [String: Any]? = nil) throws -> (status: Int, body: Data) {
        var request = URLRequest(url: URL(string: baseURL.absoluteString + path)!)
        request.httpMethod = method
        if let body { request.httpBody = try JSONSerialization.data(withJSONObject: body) }
        let done = DispatchSemaphore(value: 0)
        let box = DataBox()
        URLSession.shared.dataTask(with: request) { data, response, _ in
            box.data = data
            box.status = (response as? HTTPURLResponse)?.statusCode ?? 0
            done.signal()
        }.resume()
        done.wait()
        return (box.status, box.data ?? Data())
    }

    private func send(_ method: String, _ path: String, body: [String: Any]? = nil) throws -> Data {
        try request(method, path, body: body).body
    }

    private final class DataBox: @unchecked Sendable {
        var data: Data?
        var status = 0
    }
}

extension XCTestCase {
    public func startEmulator(demo: Bool = false) throws -> ServicesEmulator {
        let emulator = try ServicesEmulator(demo: demo)
        addTeardownBlock { emulator.stop() }
        return emulator
    }
}
