import XCTest
import Networking

/// The framing against RFC 6455 §5.7's example frames, byte for byte.
final class WebSocketFramingTests: XCTestCase {
    private let hello = Array("Hello".utf8)

    func test_encode_matchesTheRFCsUnmaskedAndMaskedTextFrames() {
        XCTAssertEqual(WebSocketFrame(opcode: .text, payload: hello).encoded(mask: nil), [0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f])
        XCTAssertEqual(WebSocketFrame(opcode: .text, payload: hello).encoded(mask: [0x37, 0xfa, 0x21, 0x3d]),
                       [0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58])
        XCTAssertEqual(WebSocketFrame(opcode: .pong, payload: hello).encoded(mask: [0x37, 0xfa, 0x21, 0x3d]),
                       [0x8a, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58])
    }

    func test_encode_uses16And64BitLengths_asTheRFCsExamplesDo() {
        let kilobytes256 = WebSocketFrame(opcode: .binary, payload: Array(repeating: 7, count: 256)).encoded(mask: nil)
        let kilobytes64 = WebSocketFrame(opcode: .binary, payload: Array(repeating: 7, count: 65_536)).encoded(mask: nil)

        XCTAssertEqual(Array(kilobytes256.prefix(4)), [0x82, 0x7E, 0x01, 0x00])
        XCTAssertEqual(kilobytes256.count, 4 + 256)
        XCTAssertEqual(Array(kilobytes64.prefix(10)), [0x82, 0x7F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00])
        XCTAssertEqual(kilobytes64.count, 10 + 65_536)
    }

    func test_decode_readsTheRFCsFrames_whetherTheyArriveWholeSplitOrTogether() throws {
        var decoder = WebSocketFrameDecoder(maximumFrameSize: 1 << 20)
        let bytes: [UInt8] = [0x01, 0x03, 0x48, 0x65, 0x6c, 0x89, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f, 0x80, 0x02, 0x6c, 0x6f]
        var frames: [WebSocketFrame] = []

        for byte in bytes {
            decoder.append([byte])
            while let frame = try decoder.nextFrame() { frames.append(frame) }
        }

        XCTAssertEqual(frames, [WebSocketFrame(isFinal: false, opcode: .text, payload: Array("Hel".utf8)),
                                WebSocketFrame(opcode: .ping, payload: hello),
                                WebSocketFrame(opcode: .continuation, payload: Array("lo".utf8))])
    }

    func test_decode_reads16And64BitLengths() throws {
        var decoder = WebSocketFrameDecoder(maximumFrameSize: 1 << 20)
        decoder.append([0x82, 0x7E, 0x01, 0x00] + Array(repeating: 1, count: 256) + [0x82, 0x7F, 0, 0, 0, 0, 0, 1, 0, 0] + Array(repeating: 2, count: 65_536))

        XCTAssertEqual(try decoder.nextFrame()?.payload.count, 256)
        XCTAssertEqual(try decoder.nextFrame()?.payload.count, 65_536)
        XCTAssertNil(try decoder.nextFrame())
    }

    func test_decode_refusesWhatAServerMustNotSend() {
        func error(_ bytes: [UInt8], cap: Int = 1 << 20) -> WebSocketError? {
            var decoder = WebSocketFrameDecoder(maximumFrameSize: cap)
            decoder.append(bytes)
            do {
                _ = try decoder.nextFrame()
                return nil
            } catch {
                return error
            }
        }

        XCTAssertEqual(error([0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58]), .protocolViolation("a server frame is masked"))
        XCTAssertEqual(error([0xC1, 0x00]), .protocolViolation("a reserved bit is set"))
        XCTAssertEqual(error([0x83, 0x00]), .protocolViolation("unknown opcode 3"))
        XCTAssertEqual(error([0x09, 0x00]), .protocolViolation("a control frame is fragmented"))
        XCTAssertEqual(error([0x89, 0x7E, 0x00, 0x80]), .protocolViolation("a control frame is longer than 125 bytes"))
        XCTAssertEqual(error([0x82, 0x7E, 0x01, 0x00], cap: 255), .tooLarge(limit: 255), "refused from the header, before the payload arrives")
        XCTAssertEqual(error([0x82, 0x7F, 0x80, 0, 0, 0, 0, 0, 0, 0]), .protocolViolation("a frame length has its top bit set"))
        XCTAssertEqual(error([0x82, 0x7F, 0x00, 0, 0, 1, 0, 0, 0, 0]), .tooLarge(limit: 1 << 20))
    }

    func test_assembler_joinsContinuations_checksUTF8_andCapsTheMessage() throws {
        var assembler = WebSocketMessageAssembler(maximumMessageSize: 8)

        XCTAssertNil(try assembler.add(WebSocketFrame(isFinal: false, opcode: .text, payload: Array("Hel".utf8))))
        XCTAssertEqual(try assembler.add(WebSocketFrame(opcode: .continuation, payload: Array("lo".utf8))), .text("Hello"))
        XCTAssertEqual(try assembler.add(WebSocketFrame(opcode: .binary, payload: [0xFF])), .binary([0xFF]))
        XCTAssertThrowsError(try assembler.add(WebSocketFrame(opcode: .text, payload: [0xC3, 0x28]))) {
            XCTAssertEqual($0 as? WebSocketError, .protocolViolation("a text message is not UTF-8"))
        }
        var capped = WebSocketMessageAssembler(maximumMessageSize: 4)
        XCTAssertThrowsError(try capped.add(WebSocketFrame(opcode: .text, payload: hello))) { XCTAssertEqual($0 as? WebSocketError, .tooLarge(limit: 4)) }
        var fresh = WebSocketMessageAssembler(maximumMessageSize: 8)
        XCTAssertThrowsError(try fresh.add(WebSocketFrame(opcode: .continuation, payload: hello)))
    }
}
