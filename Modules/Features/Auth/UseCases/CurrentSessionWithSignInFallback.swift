import Foundation

/// For a client with no sign-in screen (the watch stand-in): with no usable saved session, it
/// signs in with credentials handed to it, and the session is saved for the next run.
public final class CurrentSessionWithSignInFallback: CurrentSessionProviding {
    public struct Credentials: Sendable {
        let email: String
        let password: String

        public init(email: String, password: String) {
            self.email = email
            self.password = password
        }
    }

    private let decoratee: CurrentSessionProviding
    private let signIn: SigningIn
    private let credentials: Credentials?

    public init(decoratee: CurrentSessionProviding, signIn: SigningIn, credentials: Credentials?) {
        self.decoratee = decoratee
        self.signIn = signIn
        self.credentials = credentials
    }

    public func currentSession(forceRefresh: Bool) throws(AuthError) -> AuthSession {
        do throws(AuthError) {
            return try decoratee.currentSession(forceRefresh: forceRefresh)
        } catch .notSignedIn {
            guard let credentials else { throw .notSignedIn }
            return try signIn.signIn(email: credentials.email, password: credentials.password)
        }
    }
}
