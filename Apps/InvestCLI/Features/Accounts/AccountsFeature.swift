import TerminalKit
import ClientComposition

extension FeatureRegistration {
    static let accounts = FeatureRegistration(title: "Account and sync", kinds: []) { app in
        let prompts = AccountPrompts(environment: app.context.environment, console: app.console)
        let binding = AccountBinding(syncedAccounts: app.syncedAccounts, sessions: app.sessionStore, console: app.console)
        return [SignUpCommand(prompts: prompts, accounts: binding, signUp: app.signUp, webAppDocument: app.ensureWebAppDocument(for:)),
                LoginCommand(prompts: prompts, accounts: binding, signIn: app.signIn, webAppDocument: app.ensureWebAppDocument(for:)),
                LogoutCommand(sessions: app.sessionStore, signOut: app.signOut),
                WhoAmICommand(sessions: app.sessionStore),
                ResetPasswordCommand(prompts: prompts, reset: app.resetPassword),
                SyncCommand(sync: app.syncLedger, ledger: app.ledger, registry: app.registry)]
    }
}
