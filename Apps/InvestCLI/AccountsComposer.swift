import Foundation
import Savings
import AppSupport
import Auth
import Ledger
import LocalFileStore
import Transactions

/// The account and sync side of the full client. Nothing here is built unless a command needs it,
/// so the client keeps working offline and without an account.
extension AppComposer {
    func signUp() throws -> SigningUp {
        let services = try remoteServices()
        return SignUpUseCase(service: try services.authService(), store: services.sessionStore)
    }

    func signIn() throws -> SigningIn {
        let services = try remoteServices()
        return SignInUseCase(service: try services.authService(), store: services.sessionStore)
    }

    func signOut() throws -> SigningOut {
        SignOutUseCase(store: try remoteServices().sessionStore)
    }

    /// Where the session is saved; reading it needs no network.
    func sessionStore() throws -> SessionStore {
        try remoteServices().sessionStore
    }

    /// The accounts this data directory synced with: a ledger belongs to them.
    func syncedAccounts() throws -> [SyncedAccount] {
        do {
            return try FileSyncStateStore.syncedAccounts(directory: try dataDirectory())
        } catch let error as StoreError {
            throw CLIError.runtime(error.userMessage)
        }
    }

    func resetPassword() throws -> ResettingPassword {
        ResetPasswordUseCase(service: try remoteServices().authService())
    }

    /// Local ledger ⇄ the signed-in account's remote ledger, every kind alike.
    func syncLedger() throws -> (LedgerSyncing, AuthSession) {
        let services = try remoteServices()
        let session = try services.currentSession()
        let account = try authenticated { () throws(AuthError) in try session.currentSession(forceRefresh: false) }
        var local: LedgerStore = try ledger(), remote: LedgerStore = try services.remoteStore(session: session)
        if try !syncsSavings() {
            local = KindExcludingLedgerStore(decoratee: local, excluding: SavingsLedgerCodec.kinds)
            remote = KindExcludingLedgerStore(decoratee: remote, excluding: SavingsLedgerCodec.kinds)
        }
        let sync = SyncLedgerUseCase(local: local, remote: remote,
                                     state: FileSyncStateStore(directory: try dataDirectory(), account: SyncedAccount(uid: account.uid, email: account.email)),
                                     validator: Invest.validator(context), now: context.now)
        return (sync, account)
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
        if let email = arguments.value("email") ?? environment["INVEST_EMAIL"].flatMap({ $0.isEmpty ? nil : $0 }) { return email }
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
