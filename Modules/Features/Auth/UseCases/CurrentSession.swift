import Foundation

public protocol CurrentSessionProviding {
    /// The saved session with a usable id token, refreshed (and saved) first when it is about to
    /// expire or when `forceRefresh` says the service already turned it down.
    func currentSession(forceRefresh: Bool) throws(AuthError) -> AuthSession
}

public final class CurrentSessionUseCase: CurrentSessionProviding {
    private let service: AuthService
    private let store: SessionStore
    private let policy: SessionRefreshPolicy
    private let now: () -> Date

    public init(service: AuthService, store: SessionStore, policy: SessionRefreshPolicy = SessionRefreshPolicy(), now: @escaping () -> Date) {
        self.service = service
        self.store = store
        self.policy = policy
        self.now = now
    }

    public func currentSession(forceRefresh: Bool = false) throws(AuthError) -> AuthSession {
        guard let session = try store.load() else { throw .notSignedIn }
        guard forceRefresh || policy.needsRefresh(session, now: now()) else { return session }
        let refreshed = try service.refresh(session)
        try store.save(refreshed)
        return refreshed
    }
}
