import XCTest
import AuthTestSupport
import Auth
import Firebase
import Networking
import TestSupport

/// The Firebase Auth adapter against the loopback emulator's REST API.
final class FirebaseAuthServiceEndToEndTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    func test_signUp_deliversASessionThatExpiresWhenTheServiceSays() throws {
        let sut = makeSUT(try startEmulator())

        let session = try sut.signUp(email: "New@Example.com", password: "long enough")

        XCTAssertEqual(session.email, "new@example.com")
        XCTAssertFalse(session.uid.isEmpty || session.idToken.isEmpty || session.refreshToken.isEmpty)
        XCTAssertEqual(session.expiresAt, now.addingTimeInterval(3_600))
    }

    func test_signUp_ofARegisteredEmailDeliversEmailAlreadyRegistered() throws {
        let sut = makeSUT(try startEmulator(demo: true))

        XCTAssertEqual(authError { () throws(AuthError) in try sut.signUp(email: "test@stockport.com", password: "long enough") }, .emailAlreadyRegistered)
    }

    func test_signIn_deliversTheAccountsSessionAndWrongCredentialsOtherwise() throws {
        let sut = makeSUT(try startEmulator(demo: true))

        XCTAssertEqual(try sut.signIn(email: "test@stockport.com", password: "Test@123").email, "test@stockport.com")
        XCTAssertEqual(authError { () throws(AuthError) in try sut.signIn(email: "test@stockport.com", password: "wrong") }, .wrongCredentials)
        XCTAssertEqual(authError { () throws(AuthError) in try sut.signIn(email: "nobody@example.com", password: "Test@123") }, .wrongCredentials)
    }

    func test_signIn_afterRepeatedWrongPasswordsDeliversTooManyAttempts() throws {
        let sut = makeSUT(try startEmulator(demo: true))
        for _ in 0..<5 { _ = authError { () throws(AuthError) in try sut.signIn(email: "test@stockport.com", password: "wrong") } }

        XCTAssertEqual(authError { () throws(AuthError) in try sut.signIn(email: "test@stockport.com", password: "Test@123") }, .tooManyAttempts)
    }

    func test_refresh_deliversANewIDTokenFromTheSnakeCaseAnswer() throws {
        let sut = makeSUT(try startEmulator())
        let session = try sut.signUp(email: "user@example.com", password: "long enough")

        let refreshed = try sut.refresh(session)

        XCTAssertNotEqual(refreshed.idToken, session.idToken)
        XCTAssertEqual(refreshed.uid, session.uid)
        XCTAssertEqual(refreshed.email, session.email)
        XCTAssertEqual(refreshed.expiresAt, now.addingTimeInterval(3_600))
    }

    func test_refresh_withARevokedRefreshTokenDeliversNotSignedIn() throws {
        let sut = makeSUT(try startEmulator())
        let bogus = AuthSession(uid: "u", email: "user@example.com", idToken: "i", refreshToken: "revoked", expiresAt: now)

        XCTAssertEqual(authError { () throws(AuthError) in try sut.refresh(bogus) }, .notSignedIn)
    }

    func test_errors_mapFirebaseMessagesBeforeAnySuffix() throws {
        let emulator = try startEmulator()
        let sut = makeSUT(emulator)
        let expected: [(String, AuthError)] = [
            ("EMAIL_EXISTS", .emailAlreadyRegistered), ("EMAIL_NOT_FOUND", .wrongCredentials), ("INVALID_PASSWORD", .wrongCredentials),
            ("INVALID_LOGIN_CREDENTIALS", .wrongCredentials), ("USER_DISABLED", .userDisabled),
            ("TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled", .tooManyAttempts),
            ("WEAK_PASSWORD : Password should be at least 6 characters", .weakPassword),
        ]
        for (message, error) in expected {
            try emulator.inject(message, for: "auth", times: 1)
            XCTAssertEqual(authError { () throws(AuthError) in try sut.signIn(email: "user@example.com", password: "long enough") }, error, message)
        }
    }

    func test_sendPasswordReset_asksTheServiceToEmailTheAccount() throws {
        let emulator = try startEmulator(demo: true)

        try makeSUT(emulator).sendPasswordReset(email: "test@stockport.com")

        XCTAssertEqual(try emulator.passwordResets(), ["test@stockport.com"])
    }

    func test_wrongAPIKey_isReportedWithoutQuotingTheKey() throws {
        let sut = FirebaseAuthService(endpoints: FirebaseAuthEndpoints(emulatorBase: try startEmulator().baseURL), apiKey: "s3cret-key",
                                      client: platformHTTPClient(timeout: 5), now: { [now] in now })

        let error = authError { () throws(AuthError) in try sut.signIn(email: "user@example.com", password: "long enough") }

        guard case let .unexpectedResponse(detail)? = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertFalse(detail.contains("s3cret-key"))
    }

    func test_unreachableService_deliversNetwork() throws {
        let emulator = try startEmulator()
        let sut = makeSUT(emulator)
        emulator.stop()

        XCTAssertEqual(authError { () throws(AuthError) in try sut.signIn(email: "user@example.com", password: "long enough") }, .network)
    }

    // MARK: - Helpers

    private func makeSUT(_ emulator: ServicesEmulator, file: StaticString = #filePath, line: UInt = #line) -> FirebaseAuthService {
        let sut = FirebaseAuthService(endpoints: FirebaseAuthEndpoints(emulatorBase: emulator.baseURL), apiKey: ServicesEmulator.apiKey,
                                      client: platformHTTPClient(timeout: 5), now: { [now] in now })
        trackForMemoryLeaks(sut, file: file, line: line)
        return sut
    }
}
