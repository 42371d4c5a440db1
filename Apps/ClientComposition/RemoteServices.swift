import Foundation
import TerminalKit
import Auth
import CurrentPrices
import Firebase
import LocalFileStore
import Networking
#if !os(Linux)
import URLSessionHTTP
#endif
import QuotesAPI
import Ledger

/// The remote side both clients wire the same way: accounts, the remote store and live quotes,
/// configured by INVEST_AUTH_URL, INVEST_API_KEY, INVEST_REMOTE_URL, FINNHUB_API_KEY and
/// INVEST_QUOTES_URL (environment first, then the data directory's `config` file).
public struct RemoteServices {
    public let configuration: Configuration
    public let dataDirectory: URL
    /// Where a missing setting should go, for the message that asks for it.
    public let configHint: String
    public let now: @Sendable () -> Date
    /// Told which host a request has been waiting for, past a second; nil where nobody watches.
    public let onSlowRequest: (@Sendable (_ host: String) -> Void)?
    /// Told of every request, for `--verbose`; nil otherwise.
    public let requestLog: (@Sendable (String) -> Void)?
    /// The longest any one request may wait, whatever its own timeout: short for work that has a
    /// local copy to fall back on (the journal's exchange with the web app).
    public let patience: TimeInterval

    public init(environment: [String: String], dataDirectory: URL, now: @escaping @Sendable () -> Date,
                onSlowRequest: (@Sendable (_ host: String) -> Void)? = nil, requestLog: (@Sendable (String) -> Void)? = nil,
                patience: TimeInterval = .infinity) {
        configuration = Configuration(environment: environment, directory: dataDirectory)
        configHint = Configuration.whereToSet(environment: environment)
        self.dataDirectory = dataDirectory
        self.now = now
        self.onSlowRequest = onSlowRequest
        self.requestLog = requestLog
        self.patience = patience
    }

    /// An HTTP client that gives up after `timeout` and, on a terminal, says what it waits for.
    public func client(timeout: TimeInterval) -> HTTPClient {
        var client = Self.platformClient(timeout: min(timeout, patience))
        if let requestLog { client = RequestLoggingHTTPClient(decoratee: client, log: requestLog) }
        return onSlowRequest.map { SlowRequestNotifier(decoratee: client, notify: $0) } ?? client
    }

    /// On Linux the socket client, which waits in `poll(2)`: URLSession there polls libcurl about
    /// a thousand times a second while a server is silent.
    public static func platformClient(timeout: TimeInterval) -> HTTPClient {
        #if os(Linux)
        SocketHTTPClient(timeout: timeout)
        #else
        URLSessionHTTPClient(timeout: timeout)
        #endif
    }

    /// What every client says when `liveQuotes()` is nil and it values with sample prices.
    public static let samplePricesWarning = "sample prices (no FINNHUB_API_KEY configured), not market data."

    /// The longest a run waits for a service's per-minute limit, unless set.
    public static let defaultQuoteWait: TimeInterval = 90

    /// `INVEST_QUOTES_MAX_WAIT` (or `--max-wait`): the run's longest wait for any service's limit.
    public func maxWait() throws -> TimeInterval {
        try configuration.integer("INVEST_QUOTES_MAX_WAIT").map(TimeInterval.init) ?? Self.defaultQuoteWait
    }

    /// Finnhub behind retries and the plan's requests a minute (every attempt counts, and so do
    /// the runs' before, through `requestLog`), or nil when no FINNHUB_API_KEY is configured.
    /// - Parameter onWait: told of each wait for the limit, for a progress line.
    public func liveQuotes(requestLog: QuoteRequestLog, onWait: @escaping (_ seconds: TimeInterval, _ pacing: QuotePacing) -> Void = { _, _ in }) throws -> PriceLoader? {
        guard let apiKey = configuration["FINNHUB_API_KEY"] else { return nil }
        let baseURL = try configuration.url("INVEST_QUOTES_URL") ?? FinnhubPriceLoader.defaultBaseURL
        let pacing = try configuration.integer("INVEST_QUOTES_PER_MINUTE").map { QuotePacing(perMinute: $0, margin: QuotePacing.margin) } ?? .freePlan
        let maxWait = try self.maxWait()
        let pacer = RequestPacer(pacings: [pacing], log: requestLog, maxWait: maxWait, now: now, sleep: { Thread.sleep(forTimeInterval: $0) }, onWait: onWait)
        let paced = PacedPriceLoader(decoratee: FinnhubPriceLoader(baseURL: baseURL, apiKey: apiKey, client: client(timeout: 10), now: now), pacer: pacer)
        // A price answers within 20 s or not at all: each try is capped at 10 s, retries stop at 20.
        return RetryingPriceLoader(decoratee: paced, maxAttempts: 3, baseDelay: 0.5, maxDelay: 5, deadline: 20,
                                   sleep: { Thread.sleep(forTimeInterval: $0) })
    }

    public var sessionStore: FileSessionStore { FileSessionStore(directory: dataDirectory) }

    public func authService() throws -> AuthService {
        guard let apiKey = configuration["INVEST_API_KEY"] else {
            throw CLIError.usage("no INVEST_API_KEY is configured. Set it to your Firebase project's Web API key, in \(configHint).")
        }
        let endpoints = try configuration.url("INVEST_AUTH_URL").map(FirebaseAuthEndpoints.init(emulatorBase:)) ?? .production
        return FirebaseAuthService(endpoints: endpoints, apiKey: apiKey, client: client(timeout: 15), now: now)
    }

    /// The saved session, refreshed when needed; with `credentials`, a client without a sign-in
    /// command signs in with them when no session is saved.
    public func currentSession(signingInWith credentials: CurrentSessionWithSignInFallback.Credentials? = nil) throws -> CurrentSessionProviding {
        let service = try authService()
        let saved = CurrentSessionUseCase(service: service, store: sessionStore, now: now)
        guard let credentials else { return saved }
        return CurrentSessionWithSignInFallback(decoratee: saved, signIn: SignInUseCase(service: service, store: sessionStore), credentials: credentials)
    }

    /// The signed-in user's ledger in the remote database; each request carries a current id
    /// token, refreshed transparently.
    public func remoteStore(session: CurrentSessionProviding) throws -> FirebaseLedgerStore {
        guard let databaseURL = try configuration.url("INVEST_REMOTE_URL") else {
            throw CLIError.usage("no INVEST_REMOTE_URL is configured. Set it to your Firebase Realtime Database URL, in \(configHint).")
        }
        return FirebaseLedgerStore(databaseURL: databaseURL, client: client(timeout: 30), credentials: Self.credentials(session, host: databaseURL.host))
    }

    /// A current id token for each request, refreshed when the server refused the last one.
    public static func credentials(_ session: CurrentSessionProviding, host: String?) -> FirebaseLedgerStore.CredentialsProvider {
        { forceRefresh throws(StoreError) in
            do throws(AuthError) {
                let current = try session.currentSession(forceRefresh: forceRefresh)
                return RemoteCredentials(uid: current.uid, idToken: current.idToken)
            } catch .network {
                throw .unavailable(host: host ?? "the account service", reason: .noConnection)
            } catch {
                throw .notSignedIn
            }
        }
    }

}

extension AuthError {
    /// What went wrong and what to do next. Never quotes a token or a password.
    public var userMessage: String {
        switch self {
        case let .invalid(problems):
            return "the details are not valid:\n" + problems.map { "  - " + $0.userMessage }.joined(separator: "\n")
        case .emailAlreadyRegistered:
            return "an account with this email already exists. Sign in with 'invest login', or run 'invest reset-password'."
        case .wrongCredentials:
            return "wrong email or password. Try again, or run 'invest reset-password'."
        case .weakPassword:
            return "the account service rejected the password as too weak. Choose a longer one."
        case .tooManyAttempts:
            return "too many attempts: the account service has blocked sign-in for now. Wait a while, or reset the password."
        case .userDisabled:
            return "this account has been disabled."
        case .network:
            return "could not reach the account service. Check the network (and INVEST_AUTH_URL) and try again."
        case .notSignedIn:
            return "not signed in, or the session has expired. Run 'invest login'."
        case let .serviceFailed(status):
            return "the account service failed (HTTP \(status)). Nothing changed; try again later."
        case let .unexpectedResponse(detail), let .sessionStorage(detail):
            return detail.asSentence
        case let .sessionUnreadable(file):
            return "\(file) is not a saved session this version understands. Run 'invest login' to replace it."
        }
    }

    /// Invalid input is a usage error (exit 2); everything else is a failure (exit 1).
    public var cliError: CLIError {
        if case .invalid = self { return .usage(userMessage) }
        return .runtime(userMessage)
    }
}

extension CredentialsProblem {
    public var userMessage: String {
        switch self {
        case .invalidEmail: return "the email must look like name@example.com"
        case let .passwordTooShort(minimum): return "the password must be at least \(minimum) characters"
        case .confirmationMismatch: return "the confirmation does not match the password"
        }
    }
}
