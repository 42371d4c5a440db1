import Foundation
import Auth
import Networking

/// Where Firebase Auth's REST API lives: Google's hosts, or one base URL that serves both APIs
/// under their host names as path prefixes, the way Firebase's own auth emulator does.
public struct FirebaseAuthEndpoints: Sendable {
    public let identityToolkit: URL
    public let secureToken: URL

    public static let production = FirebaseAuthEndpoints(identityToolkit: URL(string: "https://identitytoolkit.googleapis.com/v1")!,
                                                         secureToken: URL(string: "https://securetoken.googleapis.com/v1")!)

    public init(identityToolkit: URL, secureToken: URL) {
        self.identityToolkit = identityToolkit
        self.secureToken = secureToken
    }

    public init(emulatorBase base: URL) {
        self.init(identityToolkit: base.appendingPathComponent("identitytoolkit.googleapis.com/v1"),
                  secureToken: base.appendingPathComponent("securetoken.googleapis.com/v1"))
    }
}

/// Firebase Auth's email and password REST API: `accounts:signUp`, `accounts:signInWithPassword`,
/// `accounts:sendOobCode` and the securetoken refresh.
public final class FirebaseAuthService: AuthService {
    private let endpoints: FirebaseAuthEndpoints
    private let apiKey: String
    private let client: HTTPClient
    private let now: @Sendable () -> Date

    public init(endpoints: FirebaseAuthEndpoints, apiKey: String, client: HTTPClient, now: @escaping @Sendable () -> Date = Date.init) {
        self.endpoints = endpoints
        self.apiKey = apiKey
        self.client = client
        self.now = now
    }

    public func signUp(email: String, password: String) throws(AuthError) -> AuthSession {
        try passwordSession(from: post("accounts:signUp", ["email": email, "password": password, "returnSecureToken": true]))
    }

    public func signIn(email: String, password: String) throws(AuthError) -> AuthSession {
        try passwordSession(from: post("accounts:signInWithPassword", ["email": email, "password": password, "returnSecureToken": true]))
    }

    public func refresh(_ session: AuthSession) throws(AuthError) -> AuthSession {
        let form = "grant_type=refresh_token&refresh_token=" + Self.formEncoded(session.refreshToken)
        let response = try send(HTTPRequest(method: "POST", url: url(endpoints.secureToken, "token"),
                                             headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Data(form.utf8)))
        let body = try AuthResponseMapper.success(response)
        guard let idToken = body["id_token"] as? String, let refreshToken = body["refresh_token"] as? String,
              let uid = body["user_id"] as? String, let expiresIn = AuthResponseMapper.seconds(body["expires_in"]) else {
            throw AuthResponseMapper.unreadable
        }
        // A refresh must renew this account's session, never switch to another account's.
        guard uid == session.uid else { throw .unexpectedResponse(detail: "the account service renewed the session for a different account") }
        return AuthSession(uid: uid, email: session.email, idToken: idToken, refreshToken: refreshToken, expiresAt: now().addingTimeInterval(expiresIn))
    }

    public func sendPasswordReset(email: String) throws(AuthError) {
        _ = try AuthResponseMapper.success(post("accounts:sendOobCode", ["requestType": "PASSWORD_RESET", "email": email]))
    }

    // MARK: - Requests

    private func post(_ method: String, _ body: [String: Any]) throws(AuthError) -> HTTPResponse {
        let data = (try? JSONSerialization.data(withJSONObject: body)) ?? Data()
        return try send(HTTPRequest(method: "POST", url: url(endpoints.identityToolkit, method), headers: ["Content-Type": "application/json"], body: data))
    }

    private func send(_ request: HTTPRequest) throws(AuthError) -> HTTPResponse {
        do {
            return try client.send(request)
        } catch {
            switch error {
            case .timeout, .connectivity: throw .network
            case .tooLarge: throw .unexpectedResponse(detail: "the account service's answer was far too large to be one")
            }
        }
    }

    /// Built as text: `appendingPathComponent` would escape the colon in `accounts:signUp`.
    private func url(_ base: URL, _ method: String) -> URL {
        URL(string: base.absoluteString + "/" + method + "?key=" + Self.formEncoded(apiKey))!
    }

    private func passwordSession(from response: HTTPResponse) throws(AuthError) -> AuthSession {
        let body = try AuthResponseMapper.success(response)
        guard let idToken = body["idToken"] as? String, let refreshToken = body["refreshToken"] as? String,
              let uid = body["localId"] as? String, let email = body["email"] as? String,
              let expiresIn = AuthResponseMapper.seconds(body["expiresIn"]) else {
            throw AuthResponseMapper.unreadable
        }
        return AuthSession(uid: uid, email: email, idToken: idToken, refreshToken: refreshToken, expiresAt: now().addingTimeInterval(expiresIn))
    }

    private static func formEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

/// Firebase's answers and error bodies, private to this adapter.
enum AuthResponseMapper {
    static let unreadable = AuthError.unexpectedResponse(detail: "the account service's answer could not be read")

    static func success(_ response: HTTPResponse) throws(AuthError) -> [String: Any] {
        guard (200...299).contains(response.statusCode) else { throw error(from: response) }
        guard let body = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any] else { throw unreadable }
        return body
    }

    /// `{"error":{"code":400,"message":"WEAK_PASSWORD : Password should be at least 6 characters"}}`:
    /// the code is the message up to any " : ".
    static func error(from response: HTTPResponse) -> AuthError {
        let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        let message = (object?["error"] as? [String: Any])?["message"] as? String ?? ""
        let code = message.components(separatedBy: " : ")[0].trimmingCharacters(in: .whitespaces)
        switch code {
        case "EMAIL_EXISTS": return .emailAlreadyRegistered
        case "EMAIL_NOT_FOUND", "INVALID_PASSWORD", "INVALID_LOGIN_CREDENTIALS": return .wrongCredentials
        case "USER_DISABLED": return .userDisabled
        case "TOO_MANY_ATTEMPTS_TRY_LATER": return .tooManyAttempts
        case "WEAK_PASSWORD": return .weakPassword
        case "INVALID_EMAIL": return .invalid([.invalidEmail])
        case "TOKEN_EXPIRED", "INVALID_REFRESH_TOKEN", "USER_NOT_FOUND", "INVALID_ID_TOKEN": return .notSignedIn
        default:
            if (500...599).contains(response.statusCode) {
                return .serviceFailed(status: response.statusCode)
            }
            return .unexpectedResponse(detail: "the account service refused the request (HTTP \(response.statusCode)\(code.isEmpty ? "" : ": \(code)"))")
        }
    }

    /// A token's lifetime: Firebase sends it as a string ("3600"); numbers are accepted too. Only
    /// a finite number of seconds from 1 to a day is one: "1e300", "nan" or "-5" from a hostile
    /// server is a malformed answer, never a date out of range.
    static func seconds(_ value: Any?) -> TimeInterval? {
        let seconds = (value as? String).flatMap(TimeInterval.init) ?? (value as? NSNumber)?.doubleValue
        guard let seconds, seconds.isFinite, (1...86_400).contains(seconds) else { return nil }
        return seconds
    }
}
