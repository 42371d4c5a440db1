import Auth

/// Runs `body` and returns the `AuthError` it threw, or nil: typed throws compare without casts.
public func authError<T>(_ body: () throws(AuthError) -> T) -> AuthError? {
    do throws(AuthError) {
        _ = try body()
        return nil
    } catch {
        return error
    }
}
