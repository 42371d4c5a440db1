import Foundation

public protocol ResettingPassword {
    func sendPasswordReset(email: String) throws(AuthError)
}

public final class ResetPasswordUseCase: ResettingPassword {
    private let service: AuthService

    public init(service: AuthService) {
        self.service = service
    }

    public func sendPasswordReset(email: String) throws(AuthError) {
        let problems = CredentialsValidator.problems(email: email)
        guard problems.isEmpty else { throw .invalid(problems) }
        do throws(AuthError) {
            try service.sendPasswordReset(email: email)
        } catch .wrongCredentials {
            // Unknown address: answered like a known one, so the command can't probe for accounts.
        }
    }
}
