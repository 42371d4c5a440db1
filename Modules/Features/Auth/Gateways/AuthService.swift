import Foundation

/// The account service: Firebase Auth's REST API in production, the loopback emulator in tests.
public protocol AuthService: Sendable {
    func signUp(email: String, password: String) throws(AuthError) -> AuthSession
    func signIn(email: String, password: String) throws(AuthError) -> AuthSession
    /// A new id token for `session`'s refresh token; `.notSignedIn` when the service refuses it.
    func refresh(_ session: AuthSession) throws(AuthError) -> AuthSession
    func sendPasswordReset(email: String) throws(AuthError)
}

/// Where the signed-in session is kept between runs.
public protocol SessionStore: AnyObject {
    func load() throws(AuthError) -> AuthSession?
    func save(_ session: AuthSession) throws(AuthError)
    /// Forgetting a session that isn't there is not an error.
    func delete() throws(AuthError)
}
