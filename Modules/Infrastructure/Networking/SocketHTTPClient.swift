#if os(Linux)
import Foundation
import COpenSSL
import Glibc

/// HTTP/1.1 over a socket of its own, with TLS by OpenSSL for `https`. Every wait is a `poll(2)`
/// bounded by the request's deadline, so a stalled server costs no CPU: URLSession on Linux
/// polls libcurl about a thousand times a second while it waits (measured: 3.2 s of CPU in a
/// 5 s stall). One connection per request, closed after it (`Connection: close`).
public final class SocketHTTPClient: HTTPClient, Sendable {
    /// The most a response's status line and headers may take.
    static let maximumHeaderBytes = 64 << 10

    private let timeout: TimeInterval
    /// Nil for the system's, made only when a first https request needs it: loading the system's
    /// authorities costs a run that never connects (an offline read) a fifth of its time.
    private let customTrust: TLSContext??

    /// - Parameters:
    ///   - timeout: the whole request's deadline: connecting, sending and reading.
    ///   - trustedAuthorities: a PEM file of the only authorities to trust; by default the
    ///     system's (OpenSSL's default paths, which honour `SSL_CERT_FILE` and `SSL_CERT_DIR`).
    public init(timeout: TimeInterval = 10, trustedAuthorities: URL? = nil) {
        self.timeout = timeout
        customTrust = trustedAuthorities.map { TLSContext(authorities: $0) }
    }

    public func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        let deadline = Date().addingTimeInterval(timeout)
        guard let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty else { throw .connectivity }
        let secure = scheme == "https"
        let port = components.port ?? (secure ? 443 : 80)
        let socket = try Socket.connect(host: host, port: port, deadline: deadline)
        defer { socket.close() }
        let stream: ByteStream = secure ? try TLSStream(socket: socket, host: host, context: customTrust ?? TLSContext.system, deadline: deadline) : socket
        defer { stream.finish() }
        try stream.write(Self.requestBytes(request, components: components, host: host, port: port, secure: secure), deadline: deadline)
        var reader = ResponseReader(stream: stream, limit: request.maxResponseBytes, deadline: deadline, method: request.method)
        return try reader.read()
    }

    static func requestBytes(_ request: HTTPRequest, components: URLComponents, host: String, port: Int, secure: Bool) -> [UInt8] {
        let path = (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath)
            + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        let defaultPort = secure ? 443 : 80
        var head = "\(request.method) \(path) HTTP/1.1\r\nHost: \(host)\(port == defaultPort ? "" : ":\(port)")\r\n"
            + "Connection: close\r\nAccept-Encoding: identity\r\nUser-Agent: invest\r\n"
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) where !(name + value).contains(where: \.isNewline) {
            head += "\(name): \(value)\r\n"
        }
        if let body = request.body { head += "Content-Length: \(body.count)\r\n" }
        return Array((head + "\r\n").utf8) + (request.body.map(Array.init) ?? [])
    }
}

/// Bytes both ways, waiting in `poll(2)` until a deadline.
protocol ByteStream {
    func write(_ bytes: [UInt8], deadline: Date) throws(HTTPClientError)
    /// Up to `maximum` bytes; empty at the end of the stream.
    func read(maximum: Int, deadline: Date) throws(HTTPClientError) -> [UInt8]
    func finish()
}

/// A non-blocking TCP socket.
struct Socket: ByteStream {
    let fd: Int32

    static func connect(host: String, port: Int, deadline: Date) throws(HTTPClientError) -> Socket {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { throw .connectivity }
        defer { freeaddrinfo(first) }
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            candidate = address.pointee.ai_next
            let fd = Glibc.socket(address.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { continue }
            if Glibc.connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return Socket(fd: fd) }
            guard errno == EINPROGRESS else { Glibc.close(fd); continue }
            do {
                try Self.wait(fd, for: Int16(POLLOUT), until: deadline)
            } catch {
                Glibc.close(fd)
                throw error
            }
            var failure: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            if getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length) == 0, failure == 0 { return Socket(fd: fd) }
            Glibc.close(fd)
        }
        throw .connectivity
    }

    /// Sleeps in `poll(2)` until `fd` is ready for `events`, or the deadline passes.
    static func wait(_ fd: Int32, for events: Int16, until deadline: Date) throws(HTTPClientError) {
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw .timeout }
            var descriptor = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(remaining * 1000, Double(Int32.max)).rounded(.up)))
            if ready > 0 { return }
            if ready < 0, errno != EINTR { throw .connectivity }
        }
    }

    func write(_ bytes: [UInt8], deadline: Date) throws(HTTPClientError) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if count > 0 { sent += count; continue }
            guard count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { throw .connectivity }
            try Self.wait(fd, for: Int16(POLLOUT), until: deadline)
        }
    }

    func read(maximum: Int, deadline: Date) throws(HTTPClientError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: maximum)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.recv(fd, $0.baseAddress!, $0.count, 0) }
            if count >= 0 { return Array(buffer[..<count]) }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { throw .connectivity }
            try Self.wait(fd, for: Int16(POLLIN), until: deadline)
        }
    }

    func finish() {}

    func close() { Glibc.close(fd) }
}

/// The trusted authorities and protocol floor that connections share. OpenSSL allows one
/// configured context to be used by connections on any thread.
final class TLSContext: @unchecked Sendable {
    let openSSL: OpenSSLLibrary
    let pointer: OpaquePointer

    /// The system's authorities, loaded once for the process.
    static let system = TLSContext(authorities: nil)

    /// Nil when OpenSSL can't be loaded, make a context or read `authorities`: every TLS request
    /// then fails.
    init?(authorities: URL?) {
        guard let openSSL = OpenSSLLibrary.shared, let pointer = openSSL.contextNew(openSSL.clientMethod()) else { return nil }
        self.openSSL = openSSL
        self.pointer = pointer
        let loaded = authorities.map { openSSL.loadVerifyLocations(pointer, $0.path, nil) } ?? openSSL.defaultVerifyPaths(pointer)
        guard loaded == 1, openSSL.requireTLS12(pointer) == 1 else { return nil }
        openSSL.setVerify(pointer, SSL_VERIFY_PEER, nil)
    }

    deinit { openSSL.contextFree(pointer) }
}

/// TLS over a `Socket`: the server's certificate is checked against the system's trusted
/// authorities and the host name; nothing older than TLS 1.2.
final class TLSStream: ByteStream {
    private let socket: Socket
    private let ssl: OpaquePointer
    private let openSSL: OpenSSLLibrary

    init(socket: Socket, host: String, context: TLSContext?, deadline: Date) throws(HTTPClientError) {
        guard let context, let ssl = context.openSSL.new(context.pointer) else { throw .connectivity }
        let openSSL = context.openSSL
        self.socket = socket
        self.ssl = ssl
        self.openSSL = openSSL
        guard openSSL.setFD(ssl, socket.fd) == 1, openSSL.setServerName(ssl, host) == 1, openSSL.setHost(ssl, host) == 1 else { throw .connectivity }
        try perform(deadline) { openSSL.connect(ssl) }
    }

    deinit { openSSL.free(ssl) }

    /// Runs an OpenSSL call until it completes, waiting for the socket whenever it asks to.
    @discardableResult
    private func perform(_ deadline: Date, _ call: () -> Int32) throws(HTTPClientError) -> Int32 {
        while true {
            openSSL.clearError()
            let result = call()
            if result > 0 { return result }
            switch openSSL.getError(ssl, result) {
            case SSL_ERROR_WANT_READ: try Socket.wait(socket.fd, for: Int16(POLLIN), until: deadline)
            case SSL_ERROR_WANT_WRITE: try Socket.wait(socket.fd, for: Int16(POLLOUT), until: deadline)
            // Only a TLS goodbye ends the stream: a bare hang-up could be an attacker cutting a
            // body framed by the end of the stream (OpenSSL 3 calls it "unexpected eof").
            case SSL_ERROR_ZERO_RETURN: return 0
            default: throw .connectivity
            }
        }
    }

    func write(_ bytes: [UInt8], deadline: Date) throws(HTTPClientError) {
        var sent = 0
        while sent < bytes.count {
            let count = try withoutSIGPIPE { () throws(HTTPClientError) in
                try perform(deadline) { bytes.withUnsafeBytes { openSSL.write(ssl, $0.baseAddress! + sent, Int32($0.count - sent)) } }
            }
            guard count > 0 else { throw .connectivity }
            sent += Int(count)
        }
    }

    /// OpenSSL writes with `write(2)`, which raises SIGPIPE when the server has hung up, and that
    /// would end the process without a word. The signal is held back on this thread and any one
    /// raised is taken before it is let through; the write then fails with EPIPE instead.
    private func withoutSIGPIPE<T>(_ body: () throws(HTTPClientError) -> T) throws(HTTPClientError) -> T {
        var pipe = sigset_t(), previous = sigset_t()
        sigemptyset(&pipe)
        sigaddset(&pipe, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipe, &previous)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var immediately = timespec()
                _ = sigtimedwait(&pipe, nil, &immediately)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return try body()
    }

    func read(maximum: Int, deadline: Date) throws(HTTPClientError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: maximum)
        let count = try perform(deadline) { buffer.withUnsafeMutableBytes { openSSL.read(ssl, $0.baseAddress!, Int32($0.count)) } }
        return Array(buffer[..<Int(count)])
    }

    func finish() {
        _ = openSSL.shutdown(ssl)
    }
}

/// Reads one response: the status line and headers (up to 64 KB), then a body framed by
/// `Content-Length`, chunked, or by the end of the stream, up to the request's limit.
struct ResponseReader {
    let stream: ByteStream
    let limit: Int
    let deadline: Date
    let method: String
    private var buffered: [UInt8] = []
    private var ended = false

    init(stream: ByteStream, limit: Int, deadline: Date, method: String) {
        self.stream = stream
        self.limit = limit
        self.deadline = deadline
        self.method = method
    }

    static let maximumInterimResponses = 8

    mutating func read() throws(HTTPClientError) -> HTTPResponse {
        var (status, headers) = try readHead()
        // A few interim answers (100 Continue, 103 Early Hints) are normal; an endless run is not.
        var interim = 0
        while (100...199).contains(status) {
            interim += 1
            guard interim <= Self.maximumInterimResponses else { throw .connectivity }
            (status, headers) = try readHead()
        }
        func header(_ name: String) -> String? { headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value }
        // The body is read into its one buffer, sized up front when its length is known: a
        // large answer costs its own size, not the copies and doublings on the way.
        var body = Data()
        if method == "HEAD" || status == 204 || status == 304 {
        } else if header("Transfer-Encoding")?.lowercased().contains("chunked") == true {
            try readChunked(into: &body)
        } else if let lengthText = header("Content-Length") {
            guard let length = Int(lengthText.trimmingCharacters(in: .whitespaces)), length >= 0 else { throw .connectivity }
            guard length <= limit else { throw .tooLarge(limit: limit) }
            body.reserveCapacity(length)
            try read(length, into: &body)
        } else {
            try readToEnd(into: &body)
        }
        return HTTPResponse(statusCode: status, headers: headers, body: body)
    }

    /// Checks the deadline on every read, not only when one would wait: a server that never
    /// stops sending must not keep the request alive past it.
    private mutating func fill() throws(HTTPClientError) {
        guard Date() < deadline else { throw .timeout }
        let chunk = try stream.read(maximum: 64 << 10, deadline: deadline)
        if chunk.isEmpty { ended = true } else { buffered += chunk }
    }

    private mutating func readLine(maximum: Int) throws(HTTPClientError) -> String {
        while true {
            if let end = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffered[..<end])
                buffered.removeSubrange(...end)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            guard buffered.count <= maximum, !ended else { throw .connectivity }
            try fill()
        }
    }

    private mutating func readHead() throws(HTTPClientError) -> (Int, [String: String]) {
        var budget = SocketHTTPClient.maximumHeaderBytes
        let statusLine = try readLine(maximum: budget)
        budget -= statusLine.utf8.count
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]), (100...999).contains(status) else { throw .connectivity }
        var headers: [String: String] = [:]
        while true {
            let line = try readLine(maximum: budget)
            budget -= line.utf8.count + 2
            guard budget > 0 else { throw .connectivity }
            if line.isEmpty { return (status, headers) }
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[String(line[..<colon]).trimmingCharacters(in: .whitespaces)] = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
    }

    /// Appends the next `count` bytes to `body`: what is buffered first, then straight from the stream.
    private mutating func read(_ count: Int, into body: inout Data) throws(HTTPClientError) {
        var missing = count
        let buffer = min(missing, buffered.count)
        body.append(contentsOf: buffered[..<buffer])
        buffered.removeSubrange(..<buffer)
        missing -= buffer
        while missing > 0 {
            guard !ended, Date() < deadline else { throw ended ? .connectivity : .timeout }
            let chunk = try stream.read(maximum: 64 << 10, deadline: deadline)
            if chunk.isEmpty { ended = true; continue }
            body.append(contentsOf: chunk.prefix(missing))
            if chunk.count > missing { buffered = Array(chunk[missing...]) }
            missing -= min(missing, chunk.count)
        }
    }

    private mutating func readToEnd(into body: inout Data) throws(HTTPClientError) {
        body.append(contentsOf: buffered)
        buffered = []
        while !ended {
            guard body.count <= limit else { throw .tooLarge(limit: limit) }
            guard Date() < deadline else { throw .timeout }
            let chunk = try stream.read(maximum: 64 << 10, deadline: deadline)
            if chunk.isEmpty { ended = true } else { body.append(contentsOf: chunk) }
        }
        guard body.count <= limit else { throw .tooLarge(limit: limit) }
    }

    private mutating func readChunked(into body: inout Data) throws(HTTPClientError) {
        while true {
            let sizeLine = try readLine(maximum: 1024)
            guard let size = Int(sizeLine.split(separator: ";").first.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? "", radix: 16),
                  size >= 0 else { throw .connectivity }
            if size == 0 {
                // The trailer section, held to the same budget as the head.
                var budget = SocketHTTPClient.maximumHeaderBytes
                while true {
                    let line = try readLine(maximum: budget)
                    if line.isEmpty { return }
                    budget -= line.utf8.count + 2
                    guard budget > 0 else { throw .connectivity }
                }
            }
            // Compared without adding: a size near Int.max would overflow the sum.
            guard size <= limit - body.count else { throw .tooLarge(limit: limit) }
            try read(size, into: &body)
            guard try readLine(maximum: 2).isEmpty else { throw .connectivity }
        }
    }
}
#endif
