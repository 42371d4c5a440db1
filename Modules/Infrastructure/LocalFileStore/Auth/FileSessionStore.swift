import Foundation
import Auth
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The signed-in session in `session.json`, readable by its owner only (mode 0600), replaced
/// atomically so a crash can't leave half a token behind.
public final class FileSessionStore: SessionStore {
    public let path: String

    public init(directory: URL) {
        path = directory.appendingPathComponent("session.json").path
    }

    public func load() throws(AuthError) -> AuthSession? {
        let bytes: [UInt8]
        do {
            guard let read = try FileSystem.readFile(path) else { return nil }
            bytes = read
        } catch {
            throw .sessionStorage(detail: "\(error)")
        }
        // The file's content is never quoted in an error: it holds the tokens.
        guard let stored = try? JSONDecoder().decode(StoredSession.self, from: Data(bytes)), stored.version == StoredSession.currentVersion else {
            throw .sessionUnreadable(file: path)
        }
        if chmod(path, 0o600) != 0 && errno != ENOENT { throw .sessionStorage(detail: "could not restrict \(path) to its owner") }
        return stored.session
    }

    public func save(_ session: AuthSession) throws(AuthError) {
        do {
            let data = try JSONEncoder().encode(StoredSession(session))
            try FileSystem.writeAtomically(Array(data), to: path)
        } catch {
            throw .sessionStorage(detail: "could not save the session to \(path): \(error)")
        }
    }

    public func delete() throws(AuthError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw .sessionStorage(detail: "could not delete \(path): \(String(cString: strerror(errno)))") }
    }

    /// The store's DTO, separate from the domain type so either can change alone.
    private struct StoredSession: Codable {
        static let currentVersion = 1
        let version: Int
        let uid: String
        let email: String
        let idToken: String
        let refreshToken: String
        let expiresAtMilliseconds: Int64

        init(_ session: AuthSession) {
            version = Self.currentVersion
            uid = session.uid
            email = session.email
            idToken = session.idToken
            refreshToken = session.refreshToken
            // A time no Int64 holds (never from a checked sign-in) is kept as already expired.
            expiresAtMilliseconds = Int64(exactly: (session.expiresAt.timeIntervalSince1970 * 1000).rounded()) ?? 0
        }

        var session: AuthSession {
            AuthSession(uid: uid, email: email, idToken: idToken, refreshToken: refreshToken, expiresAt: Date(timeIntervalSince1970: Double(expiresAtMilliseconds) / 1000))
        }
    }
}
