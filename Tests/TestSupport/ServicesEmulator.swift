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
    /// The same services over TLS (`https`), when started with a certificate.
    public private(set) var secureBaseURL: URL?
    private let process: Process

    /// - Parameters:
    ///   - demo: seed the test user test@stockport.com / Test@123.
    ///   - certificate: also serve HTTPS and wss with it, on a second port.
    public init(demo: Bool = false, certificate: ThrowawayCertificate? = nil) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Emulator/emulator.py")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--api-key", Self.apiKey] + (demo ? ["--demo"] : [])
            + (certificate.map { ["--tls-cert", $0.certificate.path, "--tls-key", $0.key.path] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        let expectedLines = certificate == nil ? 1 : 2
        while line.filter({ $0 == UInt8(ascii: "\n") }).count < expectedLines {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        let lines = text.split(separator: "\n")
        guard let first = lines.first, first.hasPrefix("PORT "), let port = Int(first.dropFirst(5).trimmingCharacters(in: .whitespaces)) else {
            process.terminate()
            throw NSError(domain: "ServicesEmulator", code: 1, userInfo: [NSLocalizedDescriptionKey: "emulator did not start: \(String(decoding: line, as: UTF8.self))"])
        }
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
        if certificate != nil, let tls = lines.dropFirst().first, tls.hasPrefix("TLSPORT "), let tlsPort = Int(tls.dropFirst(8)) {
            secureBaseURL = URL(string: "https://localhost:\(tlsPort)")!
        }
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

    /// Answers every GET whose path holds `path` with `body`, as it is, HTTP 200: an answer no
    /// well-behaved server sends.
    public func answer(_ path: String, with body: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("emulator-answer-\(UUID().uuidString).json")
        try Data(body.utf8).write(to: file)
        _ = try send("POST", "/_control/raw-answers", body: ["path": path, "file": file.path])
    }

    /// Sets `symbol`'s quote, with the change worked out from the previous close.
    public func setQuote(_ symbol: String, price: Decimal, previousClose: Decimal) throws {
        let change = price - previousClose
        let quote: [String: Any] = ["c": price, "d": change, "dp": change * 100 / previousClose, "h": max(price, previousClose),
                                    "l": min(price, previousClose), "o": previousClose, "pc": previousClose, "t": 1_720_000_000]
        _ = try send("POST", "/_control/quotes", body: [symbol: quote])
    }

    /// How many quote requests each symbol received.
    public func requestCounts() throws -> [String: Int] {
        (try JSONSerialization.jsonObject(with: send("GET", "/_control/requests")) as? [String: Int]) ?? [:]
    }

    /// Finnhub's calls a minute, as a plan allows them (the emulator starts with the free plan's 60).
    public func setQuoteLimit(perMinute: Int) throws {
        _ = try send("POST", "/_control/quote-limit", body: ["perMinute": perMinute])
    }

    /// Quote calls answered 429 for the minute's limit.
    public func quoteRefusals() throws -> Int {
        (try JSONSerialization.jsonObject(with: send("GET", "/_control/quote-refusals")) as? [String: Int])?["refused"] ?? 0
    }

    /// Twelve Data's calls today, and those refused for its credits.
    public func historyCalls() throws -> (made: Int, refused: Int) {
        let answer = try JSONSerialization.jsonObject(with: send("GET", "/_control/quote-refusals")) as? [String: Int]
        return (answer?["historyCalls"] ?? 0, answer?["history"] ?? 0)
    }

    /// How long each client of a silent Firestore request waited before hanging up, in seconds.
    public func silentWaits() throws -> [Double] {
        (try JSONSerialization.jsonObject(with: send("GET", "/_control/silent-waits")) as? [String: [Double]])?["waits"] ?? []
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

    /// `ws://` and the emulator's address, then `path`: its WebSocket endpoints.
    public func webSocketURL(_ path: String) -> URL {
        URL(string: baseURL.absoluteString.replacingOccurrences(of: "http://", with: "ws://") + path)!
    }

    /// WebSocket upgrades so far ("connections"), open now ("open"), messages echoed and trades sent.
    public func webSocketStats() throws -> [String: Int] {
        (try JSONSerialization.jsonObject(with: send("GET", "/_control/ws-stats")) as? [String: Int]) ?? [:]
    }

    /// The update mask of each Firestore write so far (nil: the whole document), with its uid.
    public func firestoreWrites() throws -> [(paths: [String]?, uid: String)] {
        let writes = (try JSONSerialization.jsonObject(with: send("GET", "/_control/firestore-writes")) as? [[String: Any]]) ?? []
        return writes.map { ($0["paths"] as? [String], $0["uid"] as? String ?? "") }
    }

    /// A Firestore document's REST path in the emulator, as the web app's SDK addresses it.
    public static func firestorePath(project: String, uid: String) -> String {
        "/v1/projects/\(project)/databases/(default)/documents/users/\(uid)"
    }

    /// A raw request, as any HTTP client could send it: for checking the emulator's rules directly.
    public func request(_ method: String, _ path: String, body: [String: Any]? = nil, headers: [String: String] = [:]) throws -> (status: Int, body: Data) {
        var request = URLRequest(url: URL(string: baseURL.absoluteString + path)!)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
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

/// A certificate for `localhost` that no authority signed, made with the `openssl` command; a
/// client that trusts it explicitly can talk TLS to a test server.
public final class ThrowawayCertificate {
    public let directory: URL
    public var certificate: URL { directory.appendingPathComponent("cert.pem") }
    public var key: URL { directory.appendingPathComponent("key.pem") }

    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let keygen = Process()
        keygen.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        keygen.arguments = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                            "-addext", "subjectAltName=DNS:localhost", "-keyout", key.path, "-out", certificate.path]
        keygen.standardError = FileHandle.nullDevice
        try keygen.run()
        keygen.waitUntilExit()
        guard keygen.terminationStatus == 0 else { throw NSError(domain: "ThrowawayCertificate", code: Int(keygen.terminationStatus)) }
    }

    deinit { try? FileManager.default.removeItem(at: directory) }
}

extension XCTestCase {
    public func startEmulator(demo: Bool = false, certificate: ThrowawayCertificate? = nil) throws -> ServicesEmulator {
        let emulator = try ServicesEmulator(demo: demo, certificate: certificate)
        addTeardownBlock { emulator.stop() }
        return emulator
    }
}
