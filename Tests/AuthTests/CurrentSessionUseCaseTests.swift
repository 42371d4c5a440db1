import XCTest
import AuthTestSupport
import Auth
import TestSupport

final class CurrentSessionUseCaseTests: XCTestCase {
    private let expiry = Date(timeIntervalSince1970: 1_700_003_600)

    func test_currentSession_deliversNotSignedInWhenNothingIsSaved() {
        let (sut, service, _) = makeSUT(stored: nil, now: expiry)

        XCTAssertEqual(authError { () throws(AuthError) in try sut.currentSession(forceRefresh: false) }, .notSignedIn)
        XCTAssertEqual(service.messages, [])
    }

    func test_currentSession_deliversTheSavedSessionWithoutAskingTheServiceWhileItIsFresh() throws {
        let saved = makeSession(expiresAt: expiry)
        let (sut, service, _) = makeSUT(stored: saved, now: expiry.addingTimeInterval(-61))

        XCTAssertEqual(try sut.currentSession(forceRefresh: false), saved)
        XCTAssertEqual(service.messages, [])
    }

    func test_currentSession_refreshesAndSavesASessionAboutToExpire() throws {
        let saved = makeSession(idToken: "old", expiresAt: expiry)
        let refreshed = makeSession(idToken: "new", expiresAt: expiry.addingTimeInterval(3_600))
        let (sut, service, store) = makeSUT(stored: saved, now: expiry.addingTimeInterval(-60))
        service.result = .success(refreshed)

        XCTAssertEqual(try sut.currentSession(forceRefresh: false), refreshed)
        XCTAssertEqual(service.messages, [.refresh(saved)])
        XCTAssertEqual(store.messages, [.load, .save(refreshed)])
    }

    func test_currentSession_refreshesWhenForcedEvenIfFresh() throws {
        let saved = makeSession(expiresAt: expiry)
        let (sut, service, _) = makeSUT(stored: saved, now: expiry.addingTimeInterval(-3_000))

        _ = try sut.currentSession(forceRefresh: true)

        XCTAssertEqual(service.messages, [.refresh(saved)])
    }

    func test_currentSession_deliversARefusedRefreshAsNotSignedInAndKeepsTheSavedSession() {
        let saved = makeSession(expiresAt: expiry)
        let (sut, service, store) = makeSUT(stored: saved, now: expiry)
        service.result = .failure(.notSignedIn)

        XCTAssertEqual(authError { () throws(AuthError) in try sut.currentSession(forceRefresh: false) }, .notSignedIn)
        XCTAssertEqual(store.messages, [.load])
    }

    private func makeSUT(stored: AuthSession?, now: Date, file: StaticString = #filePath, line: UInt = #line)
        -> (CurrentSessionUseCase, AuthServiceSpy, SessionStoreSpy) {
        let service = AuthServiceSpy()
        let store = SessionStoreSpy(stored: stored)
        let sut = CurrentSessionUseCase(service: service, store: store, policy: SessionRefreshPolicy(margin: 60), now: { now })
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, service, store)
    }
}

final class CurrentSessionWithSignInFallbackTests: XCTestCase {
    func test_currentSession_deliversTheDecorateesSession() throws {
        let (sut, signInService, _) = makeSUT(saved: makeSession(), credentials: .init(email: "user@example.com", password: "pw"))

        XCTAssertEqual(try sut.currentSession(forceRefresh: false), makeSession())
        XCTAssertEqual(signInService.messages, [])
    }

    func test_currentSession_signsInWithTheCredentialsWhenNotSignedIn() throws {
        let (sut, signInService, store) = makeSUT(saved: nil, credentials: .init(email: "user@example.com", password: "pw"))

        XCTAssertEqual(try sut.currentSession(forceRefresh: false), makeSession())
        XCTAssertEqual(signInService.messages, [.signIn(email: "user@example.com", password: "pw")])
        XCTAssertEqual(store.stored, makeSession(), "saved for the next run")
    }

    func test_currentSession_withoutCredentialsStaysNotSignedIn() {
        let (sut, _, _) = makeSUT(saved: nil, credentials: nil)

        XCTAssertEqual(authError { () throws(AuthError) in try sut.currentSession(forceRefresh: false) }, .notSignedIn)
    }

    private func makeSUT(saved: AuthSession?, credentials: CurrentSessionWithSignInFallback.Credentials?, file: StaticString = #filePath, line: UInt = #line)
        -> (CurrentSessionWithSignInFallback, AuthServiceSpy, SessionStoreSpy) {
        let store = SessionStoreSpy(stored: saved)
        let service = AuthServiceSpy()
        let sut = CurrentSessionWithSignInFallback(
            decoratee: CurrentSessionUseCase(service: service, store: store, now: { Date(timeIntervalSince1970: 1_700_000_000) }),
            signIn: SignInUseCase(service: service, store: store), credentials: credentials)
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, service, store)
    }
}
