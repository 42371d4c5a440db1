import Foundation

public protocol SigningOut {
    func signOut() throws(AuthError)
}

/// Firebase's REST API has no server-side sign-out for id tokens: forgetting them is signing out.
public final class SignOutUseCase: SigningOut {
    private let store: SessionStore

    public init(store: SessionStore) {
        self.store = store
    }

    public func signOut() throws(AuthError) {
        try store.delete()
    }
}
