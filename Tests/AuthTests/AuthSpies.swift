import Foundation
import Auth
import TestSupport

func makeSession(uid: String = "uid-1", idToken: String = "id-token", expiresAt: Date = Date(timeIntervalSince1970: 1_700_003_600)) -> AuthSession {
    AuthSession(uid: uid, email: "user@example.com", idToken: idToken, refreshToken: "refresh-token", expiresAt: expiresAt)
}

final class AuthServiceSpy: AuthService, @unchecked Sendable {
    enum Message: Equatable {
        case signUp(email: String, password: String)
        case signIn(email: String, password: String)
        case refresh(AuthSession)
        case sendPasswordReset(email: String)
    }

    private(set) var messages: [Message] = []
    var result: Result<AuthSession, AuthError> = .success(makeSession())
    var resetError: AuthError?

    func signUp(email: String, password: String) throws(AuthError) -> AuthSession {
        messages.append(.signUp(email: email, password: password))
        return try result.get()
    }

    func signIn(email: String, password: String) throws(AuthError) -> AuthSession {
        messages.append(.signIn(email: email, password: password))
        return try result.get()
    }

    func refresh(_ session: AuthSession) throws(AuthError) -> AuthSession {
        messages.append(.refresh(session))
        return try result.get()
    }

    func sendPasswordReset(email: String) throws(AuthError) {
        messages.append(.sendPasswordReset(email: email))
        if let resetError { throw resetError }
    }
}

final class SessionStoreSpy: SessionStore {
    enum Message: Equatable {
        case load
        case save(AuthSession)
        case delete
    }

    private(set) var messages: [Message] = []
    var stored: AuthSession?
    var error: AuthError?

    init(stored: AuthSession? = nil) {
        self.stored = stored
    }

    func load() throws(AuthError) -> AuthSession? {
        messages.append(.load)
        if let error { throw error }
        return stored
    }

    func save(_ session: AuthSession) throws(AuthError) {
        messages.append(.save(session))
        if let error { throw error }
        stored = session
    }

    func delete() throws(AuthError) {
        messages.append(.delete)
        if let error { throw error }
        stored = nil
    }
}
