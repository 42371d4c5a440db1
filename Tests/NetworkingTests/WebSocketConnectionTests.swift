#if os(Linux)
import XCTest
@testable import Networking
import TestSupport

/// The WebSocket client against the emulator's endpoints (`Tests/Emulator/websocket_endpoints.py`).
final class WebSocketConnectionTests: XCTestCase {
    func test_accept_isTheRFCsExampleAnswerToItsExampleKey() {
        XCTAssertEqual(WebSocketConnection.accept(for: "dGhlIHNhbXBsZSBub25jZQ=="), "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    func test_echo_sendsAndReceivesTextMessages_onOneConnection() throws {
        let emulator = try startEmulator()
        let connection = try WebSocketConnection.connect(to: emulator.webSocketURL("/ws/echo"), timeout: 5)

        var echoed: [WebSocketMessage?] = []
        for message in ["first", "ünïcödé ✓", String(repeating: "x", count: 70_000)] {
            try connection.send(text: message)
            echoed.append(try connection.receive(until: Date().addingTimeInterval(5)))
        }
        connection.close()

        XCTAssertEqual(echoed, [.text("first"), .text("ünïcödé ✓"), .text(String(repeating: "x", count: 70_000))])
        XCTAssertEqual(try emulator.webSocketStats()["connections"], 1)
    }

    func test_receive_returnsNothingWhenTheDeadlinePasses_andTheConnectionStaysUsable() throws {
        let emulator = try startEmulator()
        let connection = try WebSocketConnection.connect(to: emulator.webSocketURL("/ws/echo"), timeout: 5)

        let nothing = try connection.receive(until: Date().addingTimeInterval(0.2))
        try connection.send(text: "still here")

        XCTAssertNil(nothing)
        XCTAssertEqual(try connection.receive(until: Date().addingTimeInterval(5)), .text("still here"))
    }

    func test_aFragmentedMessage_isJoined_andAPingBetweenItsFramesIsAnswered() throws {
        let emulator = try startEmulator()
        let connection = try WebSocketConnection.connect(to: emulator.webSocketURL("/ws/echo?fault=fragment"), timeout: 5)

        try connection.send(text: "in two pieces")

        XCTAssertEqual(try connection.receive(until: Date().addingTimeInterval(5)), .text("in two pieces"))
    }

    func test_theServersClose_isAnsweredAndReported_withItsCode() throws {
        let emulator = try startEmulator()
        let connection = try WebSocketConnection.connect(to: emulator.webSocketURL("/ws/echo?fault=close&after=1"), timeout: 5)
        try connection.send(text: "one")
        XCTAssertEqual(try connection.receive(until: Date().addingTimeInterval(5)), .text("one"))

        XCTAssertThrowsError(try connection.receive(until: Date().addingTimeInterval(5))) { XCTAssertEqual($0 as? WebSocketError, .closed(code: 1001)) }
    }

    func test_aDroppedConnection_isReportedAsClosed() throws {
        let emulator = try startEmulator()
        let connection = try WebSocketConnection.connect(to: emulator.webSocketURL("/ws/echo?fault=drop&after=1"), timeout: 5)
        try connection.send(text: "one")
        _ = try connection.receive(until: Date().addingTimeInterval(5))

        XCTAssertThrowsError(try connection.receive(until: Date().addingTimeInterval(5))) {
            guard case .closed = $0 as? WebSocketError else { return XCTFail("\($0)") }
        }
    }

    func test_anOversizedFrame_andGarbage_areRefused() throws {
        let emulator = try startEmulator()
        let oversized = try WebSocketConnection.connect(to: emulator.webSocketURL("/ws/echo?fault=oversized"), timeout: 5, maximumMessageSize: 1 << 20)
        let garbage = try WebSocketConnection.connect(to: emulator.webSocketURL("/ws/echo?fault=garbage"), timeout: 5)
        try oversized.send(text: "x")
        try garbage.send(text: "x")

        XCTAssertThrowsError(try oversized.receive(until: Date().addingTimeInterval(5))) { XCTAssertEqual($0 as? WebSocketError, .tooLarge(limit: 1 << 20)) }
        XCTAssertThrowsError(try garbage.receive(until: Date().addingTimeInterval(5))) {
            guard case .protocolViolation = $0 as? WebSocketError else { return XCTFail("\($0)") }
        }
    }

    func test_anUpgradeThatIsRefusedOrAnsweredWrongly_fails() throws {
        let emulator = try startEmulator()

        XCTAssertThrowsError(try WebSocketConnection.connect(to: emulator.webSocketURL("/ws/echo?fault=bad-accept"), timeout: 5)) {
            XCTAssertEqual($0 as? WebSocketError, .handshakeFailed("Sec-WebSocket-Accept does not answer the key"))
        }
        XCTAssertThrowsError(try WebSocketConnection.connect(to: emulator.webSocketURL("/ws/echo?fault=refuse"), timeout: 5)) {
            guard case let .handshakeFailed(reason) = $0 as? WebSocketError else { return XCTFail("\($0)") }
            XCTAssertTrue(reason.contains("403"), reason)
        }
    }

    func test_wss_talksTLSToAServerItTrusts_andRefusesOneItDoesNot() throws {
        let certificate = try ThrowawayCertificate()
        let emulator = try startEmulator(certificate: certificate)
        let secure = try XCTUnwrap(emulator.secureBaseURL).absoluteString.replacingOccurrences(of: "https://", with: "wss://")

        let trusted = try WebSocketConnection.connect(to: URL(string: secure + "/ws/echo")!, timeout: 5, trustedAuthorities: certificate.certificate)
        try trusted.send(text: "over TLS")

        XCTAssertEqual(try trusted.receive(until: Date().addingTimeInterval(5)), .text("over TLS"))
        XCTAssertThrowsError(try WebSocketConnection.connect(to: URL(string: secure + "/ws/echo")!, timeout: 5)) {
            XCTAssertEqual($0 as? WebSocketError, .connection(.connectivity))
        }
    }
}
#endif
