import XCTest
import Networking
import URLSessionHTTP
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The contract every `HTTPClient` adapter keeps, against the loopback emulator: each adapter's
/// test class runs every spec.
protocol HTTPClientSpecs: XCTestCase {
    func makeClient(timeout: TimeInterval) -> HTTPClient
}

extension HTTPClientSpecs {
    func assertThatItDeliversStatusHeadersAndBody(file: StaticString = #filePath, line: UInt = #line) throws {
        let emulator = try startEmulator()
        let url = URL(string: emulator.baseURL.absoluteString + "/quote?symbol=AAA")!

        let ok = try makeClient(timeout: 5).send(HTTPRequest(method: "GET", url: url, headers: ["X-Finnhub-Token": ServicesEmulator.apiKey]))
        let refused = try makeClient(timeout: 5).send(HTTPRequest(method: "GET", url: url, headers: ["X-Finnhub-Token": "wrong"]))

        XCTAssertEqual(ok.statusCode, 200, file: file, line: line)
        XCTAssertEqual(ok.header("content-type"), "application/json", file: file, line: line)
        XCTAssertEqual((try JSONSerialization.jsonObject(with: ok.body) as? [String: Any])?["c"] as? Int, 35, file: file, line: line)
        XCTAssertEqual(refused.statusCode, 401, file: file, line: line)
    }

    func assertThatItSendsABody(file: StaticString = #filePath, line: UInt = #line) throws {
        let emulator = try startEmulator()
        let url = URL(string: emulator.baseURL.absoluteString + "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=\(ServicesEmulator.apiKey)")!
        let body = try JSONSerialization.data(withJSONObject: ["email": "body@example.com", "password": "long enough", "returnSecureToken": true])

        let response = try makeClient(timeout: 5).send(HTTPRequest(method: "POST", url: url, headers: ["Content-Type": "application/json"], body: body))

        XCTAssertEqual(response.statusCode, 200, String(decoding: response.body, as: UTF8.self), file: file, line: line)
    }

    func assertThatItReadsAChunkedBody(file: StaticString = #filePath, line: UInt = #line) throws {
        let emulator = try startEmulator()

        let response = try makeClient(timeout: 5).send(HTTPRequest(method: "GET", url: URL(string: emulator.baseURL.absoluteString + "/_control/chunked")!))

        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "Hello, chunked world", file: file, line: line)
    }

    func assertThatItStopsAtTheResponseLimit(file: StaticString = #filePath, line: UInt = #line) throws {
        let emulator = try startEmulator()
        try emulator.inject("endless", for: "AAA", times: 1)
        let request = HTTPRequest(method: "GET", url: URL(string: emulator.baseURL.absoluteString + "/quote?symbol=AAA")!,
                                  headers: ["X-Finnhub-Token": ServicesEmulator.apiKey], maxResponseBytes: 64 << 10)

        XCTAssertThrowsError(try makeClient(timeout: 10).send(request), file: file, line: line) {
            XCTAssertEqual($0 as? HTTPClientError, .tooLarge(limit: 64 << 10), file: file, line: line)
        }
    }

    func assertThatASilentServerTimesOut_andAnUnreachableOneIsConnectivity(file: StaticString = #filePath, line: UInt = #line) throws {
        let emulator = try startEmulator()
        try emulator.inject("slow", for: "AAA", times: 1)
        let slow = HTTPRequest(method: "GET", url: URL(string: emulator.baseURL.absoluteString + "/quote?symbol=AAA")!,
                               headers: ["X-Finnhub-Token": ServicesEmulator.apiKey])
        let unreachable = HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:1/")!)

        XCTAssertThrowsError(try makeClient(timeout: 0.5).send(slow), file: file, line: line) {
            XCTAssertEqual($0 as? HTTPClientError, .timeout, file: file, line: line)
        }
        XCTAssertThrowsError(try makeClient(timeout: 5).send(unreachable), file: file, line: line) {
            XCTAssertEqual($0 as? HTTPClientError, .connectivity, file: file, line: line)
        }
    }
}

final class URLSessionHTTPClientTests: XCTestCase, HTTPClientSpecs {
    func makeClient(timeout: TimeInterval) -> HTTPClient { URLSessionHTTPClient(timeout: timeout) }

    func test_deliversStatusHeadersAndBody() throws { try assertThatItDeliversStatusHeadersAndBody() }
    func test_sendsABody() throws { try assertThatItSendsABody() }
    func test_readsAChunkedBody() throws { try assertThatItReadsAChunkedBody() }
    func test_stopsAtTheResponseLimit() throws { try assertThatItStopsAtTheResponseLimit() }
    func test_aSilentServerTimesOut_andAnUnreachableOneIsConnectivity() throws { try assertThatASilentServerTimesOut_andAnUnreachableOneIsConnectivity() }
}

#if os(Linux)
final class SocketHTTPClientTests: XCTestCase, HTTPClientSpecs {
    func makeClient(timeout: TimeInterval) -> HTTPClient { SocketHTTPClient(timeout: timeout) }

    func test_deliversStatusHeadersAndBody() throws { try assertThatItDeliversStatusHeadersAndBody() }
    func test_sendsABody() throws { try assertThatItSendsABody() }
    func test_readsAChunkedBody() throws { try assertThatItReadsAChunkedBody() }
    func test_stopsAtTheResponseLimit() throws { try assertThatItStopsAtTheResponseLimit() }
    func test_aSilentServerTimesOut_andAnUnreachableOneIsConnectivity() throws { try assertThatASilentServerTimesOut_andAnUnreachableOneIsConnectivity() }

    /// Chunk extensions and trailers are legal HTTP/1.1 (RFC 9112 §7.1); URLSession on Linux
    /// traps on them, so only this adapter promises them.
    func test_readsAChunkedBodyWithExtensionsAndATrailer() throws {
        let emulator = try startEmulator()

        let response = try makeClient(timeout: 5).send(HTTPRequest(method: "GET", url: URL(string: emulator.baseURL.absoluteString + "/_control/chunked?extensions=1")!))

        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "Hello, chunked world")
    }

    /// A chunk size near 2^63 after a first chunk once overflowed the size check and
    /// trapped; it is a body over the limit like any other.
    func test_aChunkSizeNearTheIntegersLimit_isTooLarge_notATrap() throws {
        let emulator = try startEmulator()

        XCTAssertThrowsError(try makeClient(timeout: 5).send(HTTPRequest(method: "GET", url: URL(string: emulator.baseURL.absoluteString + "/_control/chunked?hostile=1")!))) {
            guard case .tooLarge? = $0 as? HTTPClientError else { return XCTFail("got \($0)") }
        }
    }

    /// A server that never stops sending (endless interim heads, endless
    /// trailers) once kept a request alive 100 s at full CPU: the deadline holds on every read.
    func test_aServerThatNeverStopsSending_isStoppedByTheDeadline_orTheCaps() throws {
        let emulator = try startEmulator()
        for kind in ["continue", "trailers"] {
            let started = Date()

            XCTAssertThrowsError(try makeClient(timeout: 1).send(HTTPRequest(method: "GET", url: URL(string: emulator.baseURL.absoluteString + "/_control/flood?kind=\(kind)")!)),
                                 kind)

            XCTAssertLessThan(Date().timeIntervalSince(started), 3, "\(kind): stopped at the 1 s deadline or sooner")
        }
    }

    /// Waiting for a silent server must use no CPU to speak of (URLSession used 65% of
    /// a core). The bound is a resource, not a speed: a tenth of the time waited.
    func test_waitingForASilentServer_usesNoCPUToSpeakOf() throws {
        let emulator = try startEmulator()
        try emulator.inject("slow", for: "AAA", times: 1, extra: ["seconds": 3])
        let request = HTTPRequest(method: "GET", url: URL(string: emulator.baseURL.absoluteString + "/quote?symbol=AAA")!,
                                  headers: ["X-Finnhub-Token": ServicesEmulator.apiKey])
        let before = processCPUSeconds()

        XCTAssertThrowsError(try makeClient(timeout: 2).send(request))

        XCTAssertLessThan(processCPUSeconds() - before, 0.2, "2 s of waiting")
    }

    func test_talksToAServerWhoseCertificateItTrusts() throws {
        let server = try SelfSignedTLSServer()
        defer { server.stop() }
        let client = SocketHTTPClient(timeout: 5, trustedAuthorities: server.trusted)

        let response = try client.send(HTTPRequest(method: "GET", url: server.url))

        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "secret")
    }

    /// OpenSSL writes with write(2): a server that hangs up mid-request would otherwise end the
    /// process with SIGPIPE (this test's own process) instead of a connectivity error.
    func test_aServerThatHangsUpWhileARequestIsSent_isAConnectivityError_notAFatalSignal() throws {
        let server = try SelfSignedTLSServer(hangsUp: true)
        defer { server.stop() }
        let client = SocketHTTPClient(timeout: 5, trustedAuthorities: server.trusted)
        let request = HTTPRequest(method: "POST", url: server.url, body: Data(repeating: 0x61, count: 16 << 20))

        XCTAssertThrowsError(try client.send(request)) {
            XCTAssertEqual($0 as? HTTPClientError, .connectivity)
        }
    }

    func test_refusesAServerWhoseCertificateIsNotTrusted() throws {
        let server = try SelfSignedTLSServer()
        defer { server.stop() }

        XCTAssertThrowsError(try makeClient(timeout: 5).send(HTTPRequest(method: "GET", url: server.url))) {
            XCTAssertEqual($0 as? HTTPClientError, .connectivity)
        }
        XCTAssertEqual(server.requestsServed(), 0, "no request reached a server that could not prove who it is")
    }

    private func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
    }
}

/// An HTTPS server on the loopback with a certificate no authority signed: Python's `ssl` and
/// a key made by the `openssl` command, both part of the machine's OpenSSL install. It answers
/// "secret" to a GET, or, when it `hangsUp`, closes each connection right after the handshake.
private final class SelfSignedTLSServer {
    private let process = Process()
    private let certificate: ThrowawayCertificate
    let url: URL
    var trusted: URL { certificate.certificate }

    init(hangsUp: Bool = false) throws {
        let certificate = try ThrowawayCertificate()
        self.certificate = certificate
        let script = """
        import http.server, ssl, sys, threading
        served = 0
        class H(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                global served; served += 1
                self.send_response(200); self.send_header("Content-Length", "6"); self.end_headers(); self.wfile.write(b"secret")
            def log_message(self, *a): pass
            \(hangsUp ? "def handle(self): pass" : "")
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain("\(certificate.certificate.path)", "\(certificate.key.path)")
        server.socket = context.wrap_socket(server.socket, server_side=True)
        print("PORT", server.server_address[1], flush=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        for line in sys.stdin:
            print(served, flush=True)
        """
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let output = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        self.output = output.fileHandleForReading
        self.input = input.fileHandleForWriting
        try process.run()
        guard let line = Self.line(from: self.output), line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
            throw NSError(domain: "SelfSignedTLSServer", code: 1)
        }
        url = URL(string: "https://localhost:\(port)/")!
    }

    private let output: FileHandle
    private let input: FileHandle

    func requestsServed() -> Int {
        input.write(Data("?\n".utf8))
        return Self.line(from: output).flatMap(Int.init) ?? -1
    }

    func stop() {
        process.terminate()
    }

    private static func line(from handle: FileHandle) -> String? {
        var bytes = Data()
        while true {
            let byte = handle.readData(ofLength: 1)
            guard let first = byte.first else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if first == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(first)
        }
    }
}
#endif
