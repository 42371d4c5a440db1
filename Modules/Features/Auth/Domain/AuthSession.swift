import Foundation

/// A signed-in user as the remote services know them. The tokens are secrets: this type is never
/// printed, and its description hides them so a stray interpolation can't leak one.
public struct AuthSession: Equatable, Sendable, CustomStringConvertible {
    public let uid: String
    public let email: String
    public let idToken: String
    public let refreshToken: String
    /// When `idToken` stops being accepted (UTC).
    public let expiresAt: Date

    public init(uid: String, email: String, idToken: String, refreshToken: String, expiresAt: Date) {
        self.uid = uid
        self.email = email
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
    }

    public var description: String { "AuthSession(uid: \(uid), email: \(email), expiresAt: \(expiresAt))" }
}

/// When to trade the refresh token for a new id token: a little before expiry, so a token can't
/// expire between the check and the request that carries it.
public struct SessionRefreshPolicy: Sendable {
    public let margin: TimeInterval

    public init(margin: TimeInterval = 60) {
        self.margin = margin
    }

    public func needsRefresh(_ session: AuthSession, now: Date) -> Bool {
        now >= session.expiresAt.addingTimeInterval(-margin)
    }
}
