import Foundation

/// One WebSocket frame (RFC 6455 §5.2).
public struct WebSocketFrame: Equatable, Sendable {
    public enum Opcode: UInt8, Sendable {
        case continuation = 0x0, text = 0x1, binary = 0x2, close = 0x8, ping = 0x9, pong = 0xA

        var isControl: Bool { rawValue & 0x8 != 0 }
    }

    public var isFinal: Bool
    public var opcode: Opcode
    public var payload: [UInt8]

    public init(isFinal: Bool = true, opcode: Opcode, payload: [UInt8]) {
        self.isFinal = isFinal
        self.opcode = opcode
        self.payload = payload
    }

    /// The frame's bytes; a client masks every frame it sends (§5.3) with a fresh `mask`.
    public func encoded(mask: [UInt8]?) -> [UInt8] {
        var bytes: [UInt8] = [(isFinal ? 0x80 : 0) | opcode.rawValue]
        let maskBit: UInt8 = mask == nil ? 0 : 0x80
        switch payload.count {
        case ..<126:
            bytes.append(maskBit | UInt8(payload.count))
        case ...0xFFFF:
            bytes.append(maskBit | 126)
            bytes += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            bytes.append(maskBit | 127)
            bytes += (0..<8).reversed().map { UInt8((UInt64(payload.count) >> (UInt64($0) * 8)) & 0xFF) }
        }
        guard let mask else { return bytes + payload }
        precondition(mask.count == 4, "a mask is four bytes")
        bytes += mask
        bytes += payload.enumerated().map { $0.element ^ mask[$0.offset & 3] }
        return bytes
    }
}

public enum WebSocketError: Error, Equatable, Sendable {
    /// The server broke the protocol; `reason` says how.
    case protocolViolation(String)
    /// A frame or a message longer than the cap.
    case tooLarge(limit: Int)
    /// The upgrade was refused or its answer was wrong.
    case handshakeFailed(String)
    case connection(HTTPClientError)
    /// The server closed the connection, with the code it gave.
    case closed(code: UInt16?)
}

/// Cuts frames out of the bytes a server sends, however they arrive: whole, split or several at
/// once. A server's frames are never masked, a control frame is never fragmented nor longer than
/// 125 bytes, reserved bits are 0, and no frame is longer than the cap.
public struct WebSocketFrameDecoder {
    public let maximumFrameSize: Int
    private var buffer: [UInt8] = []
    private var start = 0

    public init(maximumFrameSize: Int) {
        self.maximumFrameSize = maximumFrameSize
    }

    public mutating func append(_ bytes: [UInt8]) {
        if start > 0, start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        buffer += bytes
    }

    /// The next whole frame, or nil until more bytes arrive.
    public mutating func nextFrame() throws(WebSocketError) -> WebSocketFrame? {
        let available = buffer.count - start
        guard available >= 2 else { return nil }
        let first = buffer[start], second = buffer[start + 1]
        guard first & 0x70 == 0 else { throw .protocolViolation("a reserved bit is set") }
        guard let opcode = WebSocketFrame.Opcode(rawValue: first & 0x0F) else { throw .protocolViolation("unknown opcode \(first & 0x0F)") }
        guard second & 0x80 == 0 else { throw .protocolViolation("a server frame is masked") }
        var header = 2
        var length = Int(second & 0x7F)
        if length == 126 {
            guard available >= 4 else { return nil }
            length = Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
            header = 4
        } else if length == 127 {
            guard available >= 10 else { return nil }
            var wide: UInt64 = 0
            for index in 2..<10 { wide = wide << 8 | UInt64(buffer[start + index]) }
            guard wide >> 63 == 0 else { throw .protocolViolation("a frame length has its top bit set") }
            guard wide <= UInt64(maximumFrameSize) else { throw .tooLarge(limit: maximumFrameSize) }
            length = Int(wide)
            header = 10
        }
        guard length <= maximumFrameSize else { throw .tooLarge(limit: maximumFrameSize) }
        if opcode.isControl {
            guard first & 0x80 != 0 else { throw .protocolViolation("a control frame is fragmented") }
            guard length <= 125 else { throw .protocolViolation("a control frame is longer than 125 bytes") }
        }
        guard available >= header + length else { return nil }
        let payload = Array(buffer[(start + header)..<(start + header + length)])
        start += header + length
        if start > 1 << 16, start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        return WebSocketFrame(isFinal: first & 0x80 != 0, opcode: opcode, payload: payload)
    }
}

/// A whole message: data frames joined across continuations.
public enum WebSocketMessage: Equatable, Sendable {
    case text(String)
    case binary([UInt8])
}

/// Joins fragments into messages, up to a cap, checking that text is UTF-8 (§5.6, §8.1).
public struct WebSocketMessageAssembler {
    public let maximumMessageSize: Int
    private var fragments: [UInt8] = []
    private var opcode: WebSocketFrame.Opcode?

    public init(maximumMessageSize: Int) {
        self.maximumMessageSize = maximumMessageSize
    }

    /// The message a data frame completes, if it does.
    public mutating func add(_ frame: WebSocketFrame) throws(WebSocketError) -> WebSocketMessage? {
        switch frame.opcode {
        case .text, .binary:
            guard opcode == nil else { throw .protocolViolation("a new message began before the last one ended") }
            opcode = frame.opcode
        case .continuation:
            guard opcode != nil else { throw .protocolViolation("a continuation frame with no message to continue") }
        default:
            preconditionFailure("control frames are not part of a message")
        }
        guard fragments.count + frame.payload.count <= maximumMessageSize else { throw .tooLarge(limit: maximumMessageSize) }
        fragments += frame.payload
        guard frame.isFinal, let kind = opcode else { return nil }
        defer { fragments = []; opcode = nil }
        if kind == .binary { return .binary(fragments) }
        guard let text = String(validating: fragments, as: UTF8.self) else { throw .protocolViolation("a text message is not UTF-8") }
        return .text(text)
    }
}
