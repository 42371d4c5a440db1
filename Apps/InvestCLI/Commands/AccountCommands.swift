import Foundation
import Ledger
import AppSupport
import Auth
import Transactions

private let emailOption = CommandSpec.Option.value("email", "EMAIL", "The account's email (default: $INVEST_EMAIL, else asked for)")
private let passwordHelp = "The password is typed at a terminal without echo, or taken from $INVEST_PASSWORD; never from an argument."

struct SignUpCommand: Command {
    let spec = CommandSpec(name: "signup", summary: "Create an account, to sync transactions between devices",
                           usage: "signup [--email EMAIL]\n\n\(passwordHelp)", options: [emailOption], positionals: 0...0)

    func run(_ arguments: ParsedArguments, app: AppComposer) throws {
        let email = try app.email(arguments)
        let (password, confirmation) = try app.newPassword()
        let signUp = try app.signUp()
        let session = try app.authenticated { () throws(AuthError) in try signUp.signUp(email: email, password: password, confirmation: confirmation) }
        app.console.write("Signed up and signed in as \(session.email). Run 'invest sync' to copy your transactions to the account.\n")
    }
}

struct LoginCommand: Command {
    let spec = CommandSpec(name: "login", summary: "Sign in to an account, to sync transactions",
                           usage: "login [--email EMAIL]\n\n\(passwordHelp)", options: [emailOption], positionals: 0...0)

    func run(_ arguments: ParsedArguments, app: AppComposer) throws {
        let email = try app.email(arguments)
        let password = try app.password()
        let signIn = try app.signIn()
        let session = try app.authenticated { () throws(AuthError) in try signIn.signIn(email: email, password: password) }
        app.console.write("Signed in as \(session.email).\n")
    }
}

struct LogoutCommand: Command {
    let spec = CommandSpec(name: "logout", summary: "Sign out: forget the saved session (local data stays)", usage: "logout", options: [], positionals: 0...0)

    func run(_ arguments: ParsedArguments, app: AppComposer) throws {
        let store = try app.sessionStore()
        let wasSignedIn = try app.authenticated { () throws(AuthError) in try store.load() } != nil
        let signOut = try app.signOut()
        try app.authenticated { () throws(AuthError) in try signOut.signOut() }
        app.console.write(wasSignedIn ? "Signed out. Your local transactions are kept.\n" : "Not signed in.\n")
    }
}

struct WhoAmICommand: Command {
    let spec = CommandSpec(name: "whoami", summary: "Show which account is signed in", usage: "whoami [--format table|json|csv]",
                           options: [.value("format", "table|json|csv", "Output format (default: table)")], positionals: 0...0)

    func run(_ arguments: ParsedArguments, app: AppComposer) throws {
        let format = try OutputFormat.parse(arguments.value("format"))
        let store = try app.sessionStore()
        guard let session = try app.authenticated({ () throws(AuthError) in try store.load() }) else {
            throw CLIError.runtime("not signed in. Run 'invest login' or 'invest signup'.")
        }
        var report = Report(columns: [.init(title: "EMAIL", key: "email", alignment: .left), .init(title: "USER ID", key: "uid", alignment: .left)])
        report.rows = [[session.email, session.uid]]
        app.console.write(report.render(format, colors: app.context.usesColor))
    }
}

struct ResetPasswordCommand: Command {
    let spec = CommandSpec(name: "reset-password", summary: "Email a link to choose a new password", usage: "reset-password [--email EMAIL]",
                           options: [emailOption], positionals: 0...0)

    func run(_ arguments: ParsedArguments, app: AppComposer) throws {
        let email = try app.email(arguments)
        let reset = try app.resetPassword()
        try app.authenticated { () throws(AuthError) in try reset.sendPasswordReset(email: email) }
        app.console.write("If an account exists for \(email), a password reset email is on its way.\n")
    }
}

struct SyncCommand: Command {
    let spec = CommandSpec(name: "sync", summary: "Two-way sync with your account (newest edit wins)", usage: "sync [--format table|json|csv]",
                           options: [.value("format", "table|json|csv", "Output format of the report (default: table)")], positionals: 0...0)

    func run(_ arguments: ParsedArguments, app: AppComposer) throws {
        let format = try OutputFormat.parse(arguments.value("format"))
        let (sync, account) = try app.syncLedger()
        if app.console.isInteractive { app.console.writeError("Syncing with \(account.email)…\n") }
        let report: SyncReport
        do throws(SyncLedgerError) {
            report = try sync.sync()
        } catch {
            switch error {
            case let .local(failure):
                throw CLIError.runtime("sync stopped: the local store failed: \(failure.userMessage) Nothing was lost; run 'invest sync' again once that is fixed.")
            case let .remote(failure):
                throw CLIError.runtime("sync stopped: \(failure.userMessage) Nothing was lost; run 'invest sync' again.")
            }
        }
        if format == .table {
            app.console.write("Synced with \(account.email): pushed \(report.pushed), pulled \(report.pulled), \(report.conflicts) conflict\(report.conflicts == 1 ? "" : "s") (newest edit kept).\n")
        } else {
            var table = Report(columns: [.init(title: "PUSHED", key: "pushed", alignment: .right), .init(title: "PULLED", key: "pulled", alignment: .right),
                                         .init(title: "CONFLICTS", key: "conflicts", alignment: .right)])
            table.rows = [["\(report.pushed)", "\(report.pulled)", "\(report.conflicts)"]]
            app.console.write(table.render(format, colors: false))
        }
    }
}
