import Foundation
import Savings
import TerminalKit
import ClientComposition
import Auth
import Ledger
import LocalFileStore
import Transactions
import OptionsJournal

/// The account and sync side of the full client. Nothing here is built unless a command needs it,
/// so the client keeps working offline and without an account.
struct AccountsComposer {
    let app: AppComposer

    func signUp() throws -> SigningUp {
        let services = try app.remoteServices()
        return SignUpUseCase(service: try services.authService(), store: services.sessionStore)
    }

    func signIn() throws -> SigningIn {
        let services = try app.remoteServices()
        return SignInUseCase(service: try services.authService(), store: services.sessionStore)
    }

    func signOut() throws -> SigningOut {
        SignOutUseCase(store: try app.remoteServices().sessionStore)
    }

    /// Where the session is saved; reading it needs no network.
    func sessionStore() throws -> SessionStore {
        try app.remoteServices().sessionStore
    }

    /// The accounts this data directory synced with: a ledger belongs to them.
    func syncedAccounts() throws -> [SyncedAccount] {
        do {
            return try FileSyncStateStore.syncedAccounts(directory: try app.dataDirectory())
        } catch let error as StoreError {
            throw CLIError.runtime(error.userMessage)
        }
    }

    func resetPassword() throws -> ResettingPassword {
        ResetPasswordUseCase(service: try app.remoteServices().authService())
    }

    /// Local ledger ⇄ the signed-in account: the journal with the web app's Firestore document
    /// (when INVEST_PROJECT_ID is set), every other kind with the Realtime Database.
    func syncLedger() throws -> (LedgerSyncing, AuthSession) {
        let services = try app.remoteServices()
        let session = try services.currentSession()
        let account = try authenticated { () throws(AuthError) in try session.currentSession(forceRefresh: false) }
        var local: LedgerStore = KindFilteringLedgerStore(decoratee: try app.ledger(), excluding: Self.journalKinds)
        var remote: LedgerStore = KindFilteringLedgerStore(decoratee: try services.remoteStore(session: session), excluding: Self.journalKinds)
        if try !app.savings.syncsSavings() {
            local = KindFilteringLedgerStore(decoratee: local, excluding: SavingsLedgerCodec.kinds)
            remote = KindFilteringLedgerStore(decoratee: remote, excluding: SavingsLedgerCodec.kinds)
        }
        let database = SyncLedgerUseCase(local: local, remote: remote, state: try syncState(account), validator: app.validator(), now: app.context.now)
        guard let journal = try journalSync(services: services, session: session, account: account) else { return (database, account) }
        return (CompositeLedgerSyncing([database, journal]), account)
    }

    /// The journal ⇄ the web app's Firestore document, or nil when no session is saved or no
    /// Firebase project is configured: then nothing remote is touched, and no network is used.
    /// The journal commands' exchange with the web app: local-first, so no request waits more
    /// than `journalPatience` before the command works from this machine's copy.
    func journalSync() throws -> LedgerSyncing? {
        let services = try app.remoteServices(patience: Self.journalPatience)
        guard services.configuration["INVEST_PROJECT_ID"] != nil,
              let saved = try authenticated({ () throws(AuthError) in try services.sessionStore.load() }) else { return nil }
        // The session is refreshed when the first request needs it, so a journal command offline
        // still works from this machine's copy.
        return try journalSync(services: services, session: try services.currentSession(), account: saved)
    }

    private func journalSync(services: RemoteServices, session: CurrentSessionProviding, account: AuthSession) throws -> LedgerSyncing? {
        guard let document = try services.journalStore(session: session) else { return nil }
        // The journal's conflicts are kept on the ledger, where `sync --conflicts` lists them.
        return SyncLedgerUseCase(local: KindFilteringLedgerStore(decoratee: try app.ledger(), only: Self.journalKinds, writingThrough: [SyncConflictCodec.kind]), remote: document,
                                 state: try syncState(account, file: Self.journalSyncState), validator: app.validator(), now: app.context.now)
    }

    /// After a sign-up or a sign-in, with the journal shared with the web app: the account's
    /// document as the web app's signup makes it, when there is none. A warning when it can't be.
    func ensureWebAppDocument(for session: AuthSession) -> String? {
        do {
            let services = try app.remoteServices(patience: Self.journalPatience)
            guard let document = try services.journalStore(session: try services.currentSession()) else { return nil }
            do throws(StoreError) {
                try document.createAccountDocument(email: session.email, at: app.context.now())
                return nil
            } catch {
                return "the web app's document for this account could not be made: \(error.userMessage.asSentence) The next journal command makes it."
            }
        } catch {
            return nil
        }
    }

    private static let journalKinds = JournalKinds.all
    /// The web app's journal syncs on its own, and keeps its own last sync.
    private static let journalSyncState = "journal-sync-state.json"
    static let journalPatience: TimeInterval = 2

    /// What the latest syncs of the ledger and of the web app's journal refused to pull.
    func refusedRecords() throws -> [RefusedRecord] {
        let read = try refusedRecordsReader()
        do throws(StoreError) {
            return try read()
        } catch {
            throw CLIError.runtime(error.userMessage)
        }
    }

    func refusedRecordsReader() throws -> () throws(StoreError) -> [RefusedRecord] {
        let directory = try app.dataDirectory()
        return { () throws(StoreError) in
            try FileSyncStateStore.refusedRecords(directory: directory) + FileSyncStateStore.refusedRecords(directory: directory, file: Self.journalSyncState)
        }
    }

    private func syncState(_ account: AuthSession, file: String = "sync-state.json") throws -> FileSyncStateStore {
        FileSyncStateStore(directory: try app.dataDirectory(), account: SyncedAccount(uid: account.uid, email: account.email), file: file)
    }
}

/// Runs auth work and reports its failure as the CLI's.
func authenticated<T>(_ body: () throws(AuthError) -> T) throws -> T {
    do throws(AuthError) {
        return try body()
    } catch {
        throw error.cliError
    }
}

/// How the account commands get an email and a password: flags and the environment first, then
/// the terminal. Never a password from an argument, which other users could read from the process
/// list and the shell would keep in its history.
struct AccountPrompts {
    let environment: [String: String]
    let console: Console

    /// --email, else $INVEST_EMAIL, else asked for at a terminal.
    func email(_ arguments: ParsedArguments) throws -> String {
        if let email = try arguments[AccountCommandOptions.email] ?? environment["INVEST_EMAIL"].flatMap({ $0.isEmpty ? nil : $0 }) { return email }
        guard console.isInteractive, let email = console.readLine(prompt: "Email: ") else {
            throw CLIError.usage("no email given. Pass --email EMAIL or set INVEST_EMAIL.")
        }
        return email.trimmingCharacters(in: .whitespaces)
    }

    /// $INVEST_PASSWORD, else typed at a terminal without echo.
    func password(prompt: String = "Password: ") throws -> String {
        if let password = environment["INVEST_PASSWORD"], !password.isEmpty { return password }
        guard console.isInteractive, let password = console.readSecret(prompt: prompt) else {
            throw CLIError.usage("no password given. Type it at a terminal, or set INVEST_PASSWORD.")
        }
        return password
    }

    /// A new password and its confirmation: typed twice at a terminal; $INVEST_PASSWORD counts as both.
    func newPassword() throws -> (password: String, confirmation: String) {
        if let password = environment["INVEST_PASSWORD"], !password.isEmpty { return (password, password) }
        let password = try password(prompt: "Password (at least \(CredentialsValidator.minimumPasswordLength) characters): ")
        return (password, try self.password(prompt: "Confirm password: "))
    }
}
