import XCTest
import AuthTestSupport
import Auth
import TestSupport

final class SignUpUseCaseTests: XCTestCase {
    func test_signUp_withInvalidDetailsReportsEveryProblemAndSendsNothing() {
        let (sut, service, store) = makeSUT()

        XCTAssertEqual(authError { () throws(AuthError) in try sut.signUp(email: "nope", password: "short", confirmation: "") },
                       .invalid([.invalidEmail, .passwordTooShort(minimum: 8), .confirmationMismatch]))
        XCTAssertEqual(service.messages, [])
        XCTAssertEqual(store.messages, [])
    }

    func test_signUp_savesAndDeliversTheNewSession() throws {
        let (sut, service, store) = makeSUT()

        let session = try sut.signUp(email: "new@example.com", password: "long enough", confirmation: "long enough")

        XCTAssertEqual(session, makeSession())
        XCTAssertEqual(service.messages, [.signUp(email: "new@example.com", password: "long enough")])
        XCTAssertEqual(store.messages, [.save(makeSession())])
    }

    func test_signUp_deliversTheServiceErrorAndSavesNothing() {
        let (sut, service, store) = makeSUT()
        service.result = .failure(.emailAlreadyRegistered)

        XCTAssertEqual(authError { () throws(AuthError) in try sut.signUp(email: "new@example.com", password: "long enough", confirmation: "long enough") },
                       .emailAlreadyRegistered)
        XCTAssertEqual(store.messages, [])
    }

    func test_signUp_deliversTheSessionStorageError() {
        let (sut, _, store) = makeSUT()
        store.error = .sessionStorage(detail: "disk full")

        XCTAssertEqual(authError { () throws(AuthError) in try sut.signUp(email: "new@example.com", password: "long enough", confirmation: "long enough") },
                       .sessionStorage(detail: "disk full"))
    }

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (SignUpUseCase, AuthServiceSpy, SessionStoreSpy) {
        let service = AuthServiceSpy()
        let store = SessionStoreSpy()
        let sut = SignUpUseCase(service: service, store: store)
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(service, file: file, line: line)
        trackForMemoryLeaks(store, file: file, line: line)
        return (sut, service, store)
    }
}

final class SignInUseCaseTests: XCTestCase {
    func test_signIn_withAnInvalidEmailSendsNothing() {
        let (sut, service, _) = makeSUT()

        XCTAssertEqual(authError { () throws(AuthError) in try sut.signIn(email: "nope", password: "x") }, .invalid([.invalidEmail]))
        XCTAssertEqual(service.messages, [])
    }

    func test_signIn_acceptsPasswordsThatPredateTodaysRules() throws {
        let (sut, service, store) = makeSUT()

        _ = try sut.signIn(email: "old@example.com", password: "short")

        XCTAssertEqual(service.messages, [.signIn(email: "old@example.com", password: "short")])
        XCTAssertEqual(store.messages, [.save(makeSession())])
    }

    func test_signIn_deliversWrongCredentialsAndSavesNothing() {
        let (sut, service, store) = makeSUT()
        service.result = .failure(.wrongCredentials)

        XCTAssertEqual(authError { () throws(AuthError) in try sut.signIn(email: "user@example.com", password: "wrong") }, .wrongCredentials)
        XCTAssertEqual(store.messages, [])
    }

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (SignInUseCase, AuthServiceSpy, SessionStoreSpy) {
        let service = AuthServiceSpy()
        let store = SessionStoreSpy()
        let sut = SignInUseCase(service: service, store: store)
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, service, store)
    }
}

final class SignOutUseCaseTests: XCTestCase {
    func test_signOut_forgetsTheSavedSession() throws {
        let store = SessionStoreSpy(stored: makeSession())
        let sut = SignOutUseCase(store: store)
        trackForMemoryLeaks(sut)

        try sut.signOut()

        XCTAssertEqual(store.messages, [.delete])
        XCTAssertNil(store.stored)
    }
}

final class ResetPasswordUseCaseTests: XCTestCase {
    func test_sendPasswordReset_withAnInvalidEmailSendsNothing() {
        let (sut, service) = makeSUT()

        XCTAssertEqual(authError { () throws(AuthError) in try sut.sendPasswordReset(email: "nope") }, .invalid([.invalidEmail]))
        XCTAssertEqual(service.messages, [])
    }

    func test_sendPasswordReset_answersAnUnknownAddressLikeAKnownOne() throws {
        let (sut, service) = makeSUT()
        service.resetError = .wrongCredentials

        try sut.sendPasswordReset(email: "nobody@example.com")

        XCTAssertEqual(service.messages, [.sendPasswordReset(email: "nobody@example.com")])
    }

    func test_sendPasswordReset_deliversOtherErrors() {
        let (sut, service) = makeSUT()
        service.resetError = .network

        XCTAssertEqual(authError { () throws(AuthError) in try sut.sendPasswordReset(email: "user@example.com") }, .network)
    }

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (ResetPasswordUseCase, AuthServiceSpy) {
        let service = AuthServiceSpy()
        let sut = ResetPasswordUseCase(service: service)
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, service)
    }
}
