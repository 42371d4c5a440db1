import Foundation
import Ledger
import TerminalKit
import ClientComposition
import Auth
import LocalFileStore

/// The options the account commands share.
enum AccountCommandOptions {
    static let email = CommandSpec.Value<String>("email", "EMAIL", "The account's email (default: $INVEST_EMAIL, else asked for)")
    static let yes = CommandSpec.Flag("yes", "Sign in even where this data directory synced with another account")
    static let passwordHelp = "The password is typed at a terminal without echo, or taken from $INVEST_PASSWORD; never from an argument."
}

struct SignUpCommand: Command {
    let prompts: AccountPrompts
    let accounts: AccountBinding
    let signUp: () throws -> SigningUp
    /// Makes the web app's document for the account, when the journal is shared; a warning if not.
    let webAppDocument: (AuthSession) -> String?
    let spec = CommandSpec(name: "signup", summary: "Create an account, to sync transactions between devices",
                           discussion: AccountCommandOptions.passwordHelp, options: [AccountCommandOptions.email, AccountCommandOptions.yes], positionals: 0...0)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let email = try prompts.email(arguments)
        let previous = try accounts.signedInEmail()
        try accounts.confirmSigningIn(as: email, confirmed: arguments[AccountCommandOptions.yes], io: io)
        let (password, confirmation) = try prompts.newPassword()
        let signUp = try signUp()
        let session = try authenticated { () throws(AuthError) in try signUp.signUp(email: email, password: password, confirmation: confirmation) }
        if let previous, previous != session.email { io.console.writeNotice("invest: note: you were signed in as \(previous); that session is replaced.\n") }
        if let warning = webAppDocument(session) { io.console.writeNotice("invest: warning: \(warning)\n") }
        io.console.write("Signed up and signed in as \(session.email.escapedForTerminal). Run 'invest sync' to copy your transactions to the account.\n")
    }
}

struct LoginCommand: Command {
    let prompts: AccountPrompts
    let accounts: AccountBinding
    let signIn: () throws -> SigningIn
    let webAppDocument: (AuthSession) -> String?
    let spec = CommandSpec(name: "login", summary: "Sign in to an account, to sync transactions",
                           discussion: AccountCommandOptions.passwordHelp, options: [AccountCommandOptions.email, AccountCommandOptions.yes], positionals: 0...0)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let email = try prompts.email(arguments)
        try accounts.confirmSigningIn(as: email, confirmed: arguments[AccountCommandOptions.yes], io: io)
        let password = try prompts.password()
        let signIn = try signIn()
        let session = try authenticated { () throws(AuthError) in try signIn.signIn(email: email, password: password) }
        if let warning = webAppDocument(session) { io.console.writeNotice("invest: warning: \(warning)\n") }
        io.console.write("Signed in as \(session.email.escapedForTerminal).\n")
    }
}

struct LogoutCommand: Command {
    let sessions: () throws -> SessionStore
    let signOut: () throws -> SigningOut
    let spec = CommandSpec(name: "logout", summary: "Sign out: forget the saved session (local data stays)", options: [], positionals: 0...0)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let store = try sessions()
        // A session file this release can't read is still a session: signing out removes it.
        let wasSignedIn = try authenticated { () throws(AuthError) in
            do throws(AuthError) {
                return try store.load() != nil
            } catch .sessionUnreadable {
                return true
            }
        }
        let signOut = try signOut()
        try authenticated { () throws(AuthError) in try signOut.signOut() }
        io.console.write(wasSignedIn ? "Signed out. Your local transactions are kept.\n" : "Not signed in.\n")
    }
}

struct WhoAmICommand: Command {
    let sessions: () throws -> SessionStore
    let spec = CommandSpec(name: "whoami", summary: "Show which account is signed in", options: [StandardOptions.format], positionals: 0...0)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[StandardOptions.format] ?? .table
        let store = try sessions()
        guard let session = try authenticated({ () throws(AuthError) in try store.load() }) else {
            throw CLIError.runtime("not signed in. Run 'invest login' or 'invest signup'.")
        }
        var report = Report(columns: [.init(title: "EMAIL", key: "email", alignment: .left), .init(title: "USER ID", key: "uid", alignment: .left)])
        report.rows = [[.text(session.email), .text(session.uid)]]
        io.console.write(report.renderResult(format, colors: io.usesColor))
    }
}

struct ResetPasswordCommand: Command {
    let prompts: AccountPrompts
    let reset: () throws -> ResettingPassword
    let spec = CommandSpec(name: "reset-password", summary: "Email a link to choose a new password",
                           options: [AccountCommandOptions.email], positionals: 0...0)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let email = try prompts.email(arguments)
        let reset = try reset()
        try authenticated { () throws(AuthError) in try reset.sendPasswordReset(email: email) }
        io.console.write("If an account exists for \(email), a password reset email is on its way.\n")
    }
}

struct SyncCommand: Command {
    let sync: () throws -> (LedgerSyncing, AuthSession)
    let ledger: () throws -> LedgerStore
    let refused: () throws -> [RefusedRecord]
    /// The kinds this client reads: others are kept and synced, and named.
    let registry: LedgerRegistry
    let spec = CommandSpec(name: "sync", summary: "Two-way sync with your account (newest edit wins)",
                           options: [Self.merge, Self.conflicts, Self.refusedRecords, StandardOptions.format],
                           exclusive: [[Self.merge, Self.conflicts, Self.refusedRecords]], positionals: 0...0)
    static let merge = CommandSpec.Flag("merge", "Copy data that synced with another account into this one, on purpose")
    static let conflicts = CommandSpec.Flag("conflicts", "List the versions that lost a conflict (kept, never deleted); no sync")
    static let refusedRecords = CommandSpec.Flag("refused", "List the records in your account the last sync refused to pull, and why; no sync")
    static let format = CommandSpec.Value<OutputFormat>.format("Output format of the report (default: table)")

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[StandardOptions.format] ?? .table
        if arguments[Self.conflicts] { return try listConflicts(format: format, io: io) }
        if arguments[Self.refusedRecords] { return try listRefused(format: format, io: io) }
        let (sync, account) = try sync()
        if io.console.isInteractive { io.console.writeNotice("Syncing with \(account.email.escapedForTerminal)…\n") }
        let report: SyncReport
        do throws(SyncLedgerError) {
            report = try sync.sync(mergingOtherAccounts: arguments[Self.merge])
        } catch {
            switch error {
            case let .boundToOtherAccounts(others):
                throw CLIError.runtime("this data directory synced with \(AccountBinding.names(others)); syncing it with \(account.email) would copy "
                    + "those records into \(account.email). Use another data directory for \(account.email) (--home DIR), or run "
                    + "'invest sync --merge' to copy them on purpose.")
            case let .local(failure):
                throw CLIError.runtime("sync stopped: the local store failed: \(failure.userMessage) Nothing was lost; run 'invest sync' again once that is fixed.")
            case let .remote(failure):
                throw CLIError.runtime("sync stopped: \(failure.userMessage) Nothing was lost; run 'invest sync' again.")
            }
        }
        switch format {
        case .table:
            let merged = report.merged.isEmpty ? "" : ", \(Plural.count(report.merged.count, "record")) edited on both devices in different fields (both edits kept)"
            io.console.write("Synced with \(account.email.escapedForTerminal): pushed \(report.pushed), pulled \(report.pulled), \(report.conflicts.count) conflict\(report.conflicts.count == 1 ? "" : "s") (newest edit kept)\(merged).\n")
        case .csv:
            var table = Report(columns: [.init(title: "PUSHED", key: "pushed", alignment: .right), .init(title: "PULLED", key: "pulled", alignment: .right),
                                         .init(title: "CONFLICTS", key: "conflicts", alignment: .right), .init(title: "REJECTED", key: "rejected", alignment: .right)])
            table.rows = [[.count(report.pushed), .count(report.pulled), .count(report.conflicts.count), .count(report.rejected.count)]]
            io.console.write(table.render(.csv, colors: false))
        case .json:
            io.console.write(JSON.document([
                ("account", .string(account.email)), ("pushed", .count(report.pushed)), ("pulled", .count(report.pulled)),
                ("conflicts", .array(report.conflicts.map { conflict in
                    .object([("kind", .string(conflict.kind)), ("id", .string(conflict.id)),
                             ("changedFields", .array(conflict.changedFields.map(JSONValue.string))),
                             ("kept", .string(conflict.keptLocal ? "local" : "remote"))])
                })),
                ("merged", .array(report.merged.map(JSONValue.string))),
                ("rejected", Self.json(report.rejected)),
                ("unpushable", Self.json(report.unpushable)),
            ]).rendered())
        }
        for conflict in report.conflicts {
            io.console.writeNotice("invest: conflict: \(conflict.kind.escapedForTerminal) \(conflict.id.escapedForTerminal) changed on both sides"
                + (conflict.changedFields.isEmpty ? "" : " (\(conflict.changedFields.joined(separator: ", ").escapedForTerminal))")
                + "; kept \(conflict.keptLocal ? "this device's" : "the other device's") newer version. The other is kept: 'invest sync --conflicts'.\n")
        }
        try noteEntriesThisReleaseDoesNotRead(io: io)
        if !report.unpushable.isEmpty {
            let lines = report.unpushable.map { "  \($0.kind.escapedForTerminal) \($0.id.escapedForTerminal): \($0.reasons.joined(separator: "; ").escapedForTerminal)" }
            let count = report.unpushable.count
            io.console.writeError("invest: \(Plural.count(count, "entry", "entries")) on this device can't be stored in your account and \(count == 1 ? "was" : "were") kept back; "
                + "everything else synced:\n" + lines.joined(separator: "\n") + "\n")
        }
        guard report.rejected.isEmpty else {
            let lines = report.rejected.map { "  \($0.kind.escapedForTerminal) \($0.id.escapedForTerminal): \($0.reasons.joined(separator: "; ").escapedForTerminal)" }
            throw CLIError.runtime("\(Plural.count(report.rejected.count, "entry", "entries")) in your account \(report.rejected.count == 1 ? "breaks" : "break") the rules local input follows "
                + "and \(report.rejected.count == 1 ? "was" : "were") not pulled; everything else synced:\n" + lines.joined(separator: "\n")
                + "\nCorrect \(report.rejected.count == 1 ? "it" : "them") on the device that wrote \(report.rejected.count == 1 ? "it" : "them"), or remove \(report.rejected.count == 1 ? "it" : "each")"
                + " from your account with 'invest delete ID' and sync again; 'invest sync --refused' lists \(report.rejected.count == 1 ? "it" : "them").")
        }
        guard report.unpushable.isEmpty else {
            throw CLIError.runtime("sync kept back what your account can't store (named above); a newer invest may read them, or delete them here, then sync again.")
        }
    }

    private static func json(_ rejections: [LedgerRejection]) -> JSONValue {
        .array(rejections.map { rejection in
            .object([("kind", .string(rejection.kind)), ("id", .string(rejection.id)), ("reasons", .array(rejection.reasons.map(JSONValue.string)))])
        })
    }

    /// What the latest sync refused to pull, as it said then; nothing is asked of the account.
    private func listRefused(format: OutputFormat, io: CommandIO) throws {
        let refused = try refused()
        if format == .table && refused.isEmpty { return io.console.write("Nothing refused: the last sync pulled every record in your account.\n") }
        var report = Report(columns: [.init(title: "ID", key: "id", alignment: .left), .init(title: "KIND", key: "kind", alignment: .left),
                                      .init(title: "WHY", key: "reasons", alignment: .left)])
        report.rows = refused.map { record in
            [.text(record.rejection.id), .text(record.rejection.kind),
             Cell(shown: record.rejection.reasons.joined(separator: "; "), value: .array(record.rejection.reasons.map(JSONValue.string)))]
        }
        io.console.write(report.render(format, colors: io.usesColor))
        if format == .table { io.console.writeNotice("Remove one from your account with 'invest delete ID', then 'invest sync'.\n") }
    }

    /// Every losing version kept so far, newest first: what a conflict replaced, to restore by hand.
    private func listConflicts(format: OutputFormat, io: CommandIO) throws {
        let ledger = try ledger()
        let entries: [LedgerEntry]
        do {
            entries = try ledger.retrieveEntries()
        } catch {
            throw CLIError.runtime(error.userMessage)
        }
        let conflicts = entries.filter { !$0.isDeleted && $0.kind == SyncConflictCodec.kind.name }.sorted { $0.updatedAt > $1.updatedAt }
        if format == .table && conflicts.isEmpty { return io.console.write("No conflicts: no sync had to choose between two versions.\n") }
        var report = Report(columns: [
            .init(title: "WHEN", key: "recordedAt", alignment: .left), .init(title: "RECORD", key: "record", alignment: .left),
            .init(title: "KIND", key: "kind", alignment: .left), .init(title: "KEPT", key: "kept", alignment: .left),
            .init(title: "CHANGED", key: "changed", alignment: .left), .init(title: "LOSING VERSION", key: "losing", alignment: .left)])
        report.rows = conflicts.map { entry in
            let payload = entry.payload
            let recordedAt = Date(millisecondsSince1970: entry.updatedAt)
            let changed = (payload["changed"] ?? "").split(separator: ",").map(String.init)
            let losing: Cell
            if payload["deleted"] == "true" {
                losing = Cell(shown: "deleted", value: .string("deleted"))
            } else {
                // The losing version's fields, as fields: JSON gets an object, CSV `name=value; …`.
                let bytes = Array((payload["payload"] ?? "").utf8)
                let fields = LedgerPayload(encoded: LedgerBytes(bytes), range: 0..<bytes.count).fields
                let value = JSONValue.object(fields.map { ($0.name, .string($0.value)) })
                losing = Cell(shown: value.csvText, value: value)
            }
            return [.time(recordedAt, shown: Timestamp.iso8601(recordedAt)), .text(payload["record"]), .text(payload["kind"]), .text(payload["kept"]),
                    Cell(shown: changed.joined(separator: ", "), value: .array(changed.map(JSONValue.string))), losing]
        }
        io.console.write(report.render(format, colors: io.usesColor))
    }

    /// A newer device may have synced kinds (or layouts) this release can't read: they are kept
    /// and synced unchanged, and the user learns that an upgrade would show them.
    private func noteEntriesThisReleaseDoesNotRead(io: CommandIO) throws {
        let unread = (try? ledger().retrieveEntries())?.filter { !$0.isDeleted && registry.understanding(of: $0) != .understood } ?? []
        guard let example = unread.first else { return }
        io.console.writeNotice("invest: note: \(unread.count) entr\(unread.count == 1 ? "y" : "ies") written by a newer invest (such as a '\(example.kind.escapedForTerminal)') "
            + "\(unread.count == 1 ? "is" : "are") kept and synced unchanged; upgrade invest to use \(unread.count == 1 ? "it" : "them").\n")
    }
}

/// A data directory belongs to the accounts it synced with: signing in to another one there is
/// confirmed at a terminal, and refused elsewhere unless confirmed with --yes.
struct AccountBinding {
    let syncedAccounts: () throws -> [SyncedAccount]
    let sessions: () throws -> SessionStore
    let console: Console

    func signedInEmail() throws -> String? {
        let store = try sessions()
        return try? store.load()?.email
    }

    func confirmSigningIn(as email: String, confirmed: Bool, io: CommandIO) throws {
        let others = try syncedAccounts().filter { $0.email.lowercased() != email.lowercased() }
        guard !others.isEmpty, !confirmed else { return }
        let warning = "this data directory synced with \(Self.names(others)). Signed in as \(email.escapedForTerminal), 'invest sync' will refuse to copy "
            + "its records into \(email) unless you run 'invest sync --merge'; another data directory (--home DIR) keeps them apart."
        guard console.isInteractive else {
            throw CLIError.usage(warning + " Pass --yes to sign in here anyway.")
        }
        io.console.writeError("invest: \(warning)\n")
        guard Confirmation.isYes(console.readLine(prompt: "Sign in here as \(email) anyway? [y/N] ")) else { throw CLIError.runtime("not signed in; nothing changed.") }
    }

    static func names(_ accounts: [SyncedAccount]) -> String {
        accounts.map(\.email.escapedForTerminal).joined(separator: ", ")
    }
}
