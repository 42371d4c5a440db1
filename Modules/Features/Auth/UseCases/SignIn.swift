import Foundation

public protocol SigningIn {
    func signIn(email: String, password: String) throws(AuthError) -> AuthSession
}

public final class SignInUseCase: SigningIn {
    private let service: AuthService
    private let store: SessionStore

    public init(service: AuthService, store: SessionStore) {
        self.service = service
        self.store = store
    }

    /// Only the email's shape is checked: an account may predate today's password rules.
    public func signIn(email: String, password: String) throws(AuthError) -> AuthSession {
        let problems = CredentialsValidator.problems(email: email)
        guard problems.isEmpty else { throw .invalid(problems) }
        let session = try service.signIn(email: email, password: password)
        try store.save(session)
        return session
    }
}
