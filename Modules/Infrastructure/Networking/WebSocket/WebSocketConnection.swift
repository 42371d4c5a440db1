#if os(Linux)
import Foundation
import COpenSSL
import Glibc

/// A WebSocket client connection (RFC 6455) over a socket of its own, with TLS by OpenSSL for
/// `wss`. One thread uses it at a time: it reads and writes on one stream, and OpenSSL allows no
/// concurrent read and write on one connection. A caller that both sends and receives does so in
/// one loop, receiving until the next send is due.
public final class WebSocketConnection {
    /// The GUID the server appends to the client's key (RFC 6455 §1.3).
    static let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    private let socket: Socket
    private let stream: ByteStream
    private var decoder: WebSocketFrameDecoder
    private var assembler: WebSocketMessageAssembler
    private var isClosed = false

    private init(socket: Socket, stream: ByteStream, leftover: [UInt8], maximumMessageSize: Int) {
        self.socket = socket
        self.stream = stream
        decoder = WebSocketFrameDecoder(maximumFrameSize: maximumMessageSize)
        decoder.append(leftover)
        assembler = WebSocketMessageAssembler(maximumMessageSize: maximumMessageSize)
    }

    deinit {
        if !isClosed { socket.close() }
    }

    /// Opens a connection: TCP (and TLS for `wss`), then the HTTP/1.1 upgrade, whose
    /// `Sec-WebSocket-Accept` must answer this connection's key.
    /// - Parameters:
    ///   - timeout: for connecting and the upgrade, together.
    ///   - trustedAuthorities: a PEM file of the only authorities to trust for `wss`; by default
    ///     the system's (honouring `SSL_CERT_FILE`).
    ///   - maximumMessageSize: the most a frame, or a message joined from frames, may hold.
    public static func connect(to url: URL, timeout: TimeInterval, trustedAuthorities: URL? = nil,
                               maximumMessageSize: Int = 1 << 20) throws(WebSocketError) -> WebSocketConnection {
        let deadline = Date().addingTimeInterval(timeout)
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let scheme = components.scheme?.lowercased(), scheme == "ws" || scheme == "wss",
              let host = components.host, !host.isEmpty else { throw .handshakeFailed("not a ws:// or wss:// URL") }
        let secure = scheme == "wss"
        let port = components.port ?? (secure ? 443 : 80)
        let (socket, stream) = try open(host: host, port: port, secure: secure, trustedAuthorities: trustedAuthorities, deadline: deadline)
        var keyBytes = [UInt8](repeating: 0, count: 16)
        var generator = SystemRandomNumberGenerator()
        for index in keyBytes.indices { keyBytes[index] = generator.next() }
        let key = Data(keyBytes).base64EncodedString()
        let path = (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath) + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        let request = "GET \(path) HTTP/1.1\r\nHost: \(host)\(port == (secure ? 443 : 80) ? "" : ":\(port)")\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\nUser-Agent: invest\r\n\r\n"
        do throws(WebSocketError) {
            do throws(HTTPClientError) {
                try stream.write(Array(request.utf8), deadline: deadline)
            } catch {
                throw .connection(error)
            }
            let leftover = try readUpgrade(from: stream, key: key, deadline: deadline)
            return WebSocketConnection(socket: socket, stream: stream, leftover: leftover, maximumMessageSize: maximumMessageSize)
        } catch {
            socket.close()
            throw error
        }
    }

    private static func open(host: String, port: Int, secure: Bool, trustedAuthorities: URL?, deadline: Date) throws(WebSocketError) -> (Socket, ByteStream) {
        do throws(HTTPClientError) {
            let socket = try Socket.connect(host: host, port: port, deadline: deadline)
            guard secure else { return (socket, socket) }
            do throws(HTTPClientError) {
                let context = trustedAuthorities.map { TLSContext(authorities: $0) } ?? TLSContext.system
                return (socket, try TLSStream(socket: socket, host: host, context: context, deadline: deadline))
            } catch {
                socket.close()
                throw error
            }
        } catch {
            throw .connection(error)
        }
    }

    /// Reads the answer to the upgrade up to its blank line; returns the bytes after it, which
    /// are already frames.
    private static func readUpgrade(from stream: ByteStream, key: String, deadline: Date) throws(WebSocketError) -> [UInt8] {
        var bytes: [UInt8] = []
        let end: Int
        while true {
            if let found = bytes.firstRange(of: [13, 10, 13, 10]) { end = found.upperBound; break }
            guard bytes.count <= SocketHTTPClient.maximumHeaderBytes else { throw .handshakeFailed("the server's answer has no end of headers") }
            let chunk: [UInt8]
            do throws(HTTPClientError) {
                chunk = try stream.read(maximum: 4096, deadline: deadline)
            } catch {
                throw .connection(error)
            }
            guard !chunk.isEmpty else { throw .handshakeFailed("the server closed the connection during the upgrade") }
            bytes += chunk
        }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let status = lines[0].split(separator: " ", maxSplits: 2)
        guard status.count >= 2, status[0].hasPrefix("HTTP/1."), status[1] == "101" else {
            throw .handshakeFailed("the server answered '\(lines[0].prefix(80))' instead of 101 Switching Protocols")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard headers["upgrade"]?.lowercased() == "websocket",
              headers["connection"]?.lowercased().split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == "upgrade" }) == true else {
            throw .handshakeFailed("the server did not agree to a WebSocket")
        }
        guard let expected = accept(for: key), headers["sec-websocket-accept"] == expected else { throw .handshakeFailed("Sec-WebSocket-Accept does not answer the key") }
        return Array(bytes[end...])
    }

    /// base64(SHA-1(key + GUID)), by OpenSSL; nil when OpenSSL can't be loaded.
    static func accept(for key: String) -> String? {
        guard let openSSL = OpenSSLLibrary.shared else { return nil }
        let input = Array((key + acceptGUID).utf8)
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard openSSL.digest(input, input.count, &digest, &length, openSSL.sha1(), nil) == 1 else { return nil }
        return Data(digest.prefix(Int(length))).base64EncodedString()
    }

    public func send(text: String, timeout: TimeInterval = 10) throws(WebSocketError) {
        try send(WebSocketFrame(opcode: .text, payload: Array(text.utf8)), deadline: Date().addingTimeInterval(timeout))
    }

    private func send(_ frame: WebSocketFrame, deadline: Date) throws(WebSocketError) {
        guard !isClosed else { throw .closed(code: nil) }
        var generator = SystemRandomNumberGenerator()
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255, using: &generator) }
        do throws(HTTPClientError) {
            try stream.write(frame.encoded(mask: mask), deadline: deadline)
        } catch {
            throw .connection(error)
        }
    }

    /// The next message, waiting until `deadline`; nil when it passes with none. Pings are
    /// answered with pongs; a close is answered with a close, then thrown as `.closed`. The
    /// deadline holds even while frames keep coming (a flood of pings), so the caller always gets
    /// back in time to see a stop request.
    public func receive(until deadline: Date) throws(WebSocketError) -> WebSocketMessage? {
        while true {
            while let frame = try decoder.nextFrame() {
                switch frame.opcode {
                case .ping:
                    try send(WebSocketFrame(opcode: .pong, payload: frame.payload), deadline: min(deadline, Date().addingTimeInterval(5)))
                    if Date() >= deadline { return nil }
                case .pong:
                    continue
                case .close:
                    let code = frame.payload.count >= 2 ? UInt16(frame.payload[0]) << 8 | UInt16(frame.payload[1]) : nil
                    try? send(WebSocketFrame(opcode: .close, payload: Array(frame.payload.prefix(2))), deadline: Date().addingTimeInterval(1))
                    shutDown()
                    throw .closed(code: code)
                default:
                    if let message = try assembler.add(frame) { return message }
                }
            }
            guard !isClosed else { throw .closed(code: nil) }
            guard Date() < deadline else { return nil }
            let chunk: [UInt8]
            do throws(HTTPClientError) {
                chunk = try stream.read(maximum: 64 << 10, deadline: deadline)
            } catch HTTPClientError.timeout {
                return nil
            } catch {
                shutDown()
                throw .connection(error)
            }
            guard !chunk.isEmpty else {
                shutDown()
                throw .closed(code: nil)
            }
            decoder.append(chunk)
        }
    }

    /// The close handshake from our side: a close frame, then the connection goes.
    public func close(code: UInt16 = 1000) {
        guard !isClosed else { return }
        try? send(WebSocketFrame(opcode: .close, payload: [UInt8(code >> 8), UInt8(code & 0xFF)]), deadline: Date().addingTimeInterval(1))
        shutDown()
    }

    private func shutDown() {
        guard !isClosed else { return }
        isClosed = true
        stream.finish()
        socket.close()
    }
}
#endif
