import TerminalKit
import ClientComposition

extension FeatureRegistration {
    static let accounts = FeatureRegistration(title: "Account and sync", kinds: []) { app in
        let prompts = AccountPrompts(environment: app.context.environment, console: app.console)
        let binding = AccountBinding(syncedAccounts: app.accounts.syncedAccounts, sessions: app.accounts.sessionStore, console: app.console)
        return [SignUpCommand(prompts: prompts, accounts: binding, signUp: app.accounts.signUp, webAppDocument: app.accounts.ensureWebAppDocument(for:)),
                LoginCommand(prompts: prompts, accounts: binding, signIn: app.accounts.signIn, webAppDocument: app.accounts.ensureWebAppDocument(for:)),
                LogoutCommand(sessions: app.accounts.sessionStore, signOut: app.accounts.signOut),
                WhoAmICommand(sessions: app.accounts.sessionStore),
                ResetPasswordCommand(prompts: prompts, reset: app.accounts.resetPassword),
                SyncCommand(sync: app.accounts.syncLedger, ledger: app.ledger, refused: app.accounts.refusedRecords, registry: app.registry)]
    }
}
