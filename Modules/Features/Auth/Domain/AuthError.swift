import Foundation

/// What can be wrong with credentials before they are sent anywhere.
public enum CredentialsProblem: Equatable, Sendable {
    case invalidEmail
    case passwordTooShort(minimum: Int)
    case confirmationMismatch
}

/// Every way an auth use case fails. No case carries a token or a password.
public enum AuthError: Error, Equatable, Sendable {
    /// Every problem with the input at once, so the user fixes them in one go.
    case invalid([CredentialsProblem])
    case emailAlreadyRegistered
    case wrongCredentials
    case weakPassword
    case tooManyAttempts
    case userDisabled
    /// The service could not be reached.
    case network
    /// No session is saved, or the service no longer accepts it: the user must sign in.
    case notSignedIn
    /// The service failed on its side (HTTP 5xx): worth trying again later.
    case serviceFailed(status: Int)
    /// The service answered something this client does not understand; `detail` is safe to show.
    case unexpectedResponse(detail: String)
    /// The saved session could not be read or written; `detail` names the file.
    case sessionStorage(detail: String)
    /// The saved session is not one this release understands; signing in again replaces it.
    case sessionUnreadable(file: String)
}
