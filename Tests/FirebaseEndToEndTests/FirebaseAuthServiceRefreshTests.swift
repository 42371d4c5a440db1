import XCTest
import Auth
import AuthTestSupport
import Firebase
import Networking

/// What only a hostile or broken account service does, answered by a stub client.
final class FirebaseAuthServiceRefreshTests: XCTestCase {
    func test_refresh_refusesAnAnswerForAnotherAccount() {
        let session = AuthSession(uid: "alice-uid", email: "alice@example.com", idToken: "old", refreshToken: "refresh", expiresAt: Date())
        let sut = makeSUT(answering: #"{"id_token": "new", "refresh_token": "r2", "user_id": "mallory-uid", "expires_in": "3600"}"#)

        let error = authError { () throws(AuthError) in try sut.refresh(session) }

        XCTAssertEqual(error, .unexpectedResponse(detail: "the account service renewed the session for a different account"))
    }

    func test_refresh_acceptsAnAnswerForTheSameAccount() throws {
        let session = AuthSession(uid: "alice-uid", email: "alice@example.com", idToken: "old", refreshToken: "refresh", expiresAt: Date())
        let sut = makeSUT(answering: #"{"id_token": "new", "refresh_token": "r2", "user_id": "alice-uid", "expires_in": "3600"}"#)

        let refreshed = try sut.refresh(session)

        XCTAssertEqual(refreshed.uid, "alice-uid")
        XCTAssertEqual(refreshed.idToken, "new")
    }

    private func makeSUT(answering body: String) -> FirebaseAuthService {
        FirebaseAuthService(endpoints: FirebaseAuthEndpoints(emulatorBase: URL(string: "http://127.0.0.1:9")!), apiKey: "key",
                            client: StubHTTPClient(response: HTTPResponse(statusCode: 200, body: Data(body.utf8))), now: { Date(timeIntervalSince1970: 0) })
    }

    private struct StubHTTPClient: HTTPClient {
        let response: HTTPResponse

        func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse { response }
    }
}
