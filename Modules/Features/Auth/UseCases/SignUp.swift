import Foundation

public protocol SigningUp {
    func signUp(email: String, password: String, confirmation: String) throws(AuthError) -> AuthSession
}

public final class SignUpUseCase: SigningUp {
    private let service: AuthService
    private let store: SessionStore

    public init(service: AuthService, store: SessionStore) {
        self.service = service
        self.store = store
    }

    public func signUp(email: String, password: String, confirmation: String) throws(AuthError) -> AuthSession {
        let problems = CredentialsValidator.problems(email: email, password: password, confirmation: confirmation)
        guard problems.isEmpty else { throw .invalid(problems) }
        let session = try service.signUp(email: email, password: password)
        try store.save(session)
        return session
    }
}
