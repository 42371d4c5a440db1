import TerminalKit
import ClientComposition
import Ledger

/// A journal command between two exchanges with the web app's Firestore document: before it, to
/// read what the web app wrote; after it, when it changed the journal, to send that change in one
/// request. A decorator, so the journal's commands know nothing of sync.
struct WebAppExchangingCommand: Command {
    let decoratee: Command
    let changesTheJournal: (ParsedArguments) -> Bool
    /// Nil when signed out or not configured: the journal is this machine's alone.
    let webAppSync: () throws -> LedgerSyncing?

    var spec: CommandSpec { decoratee.spec }
    var pagesOutput: Bool { decoratee.pagesOutput }

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let webApp = try webAppSync()
        let reached = exchange(with: webApp, io: io)
        try decoratee.run(arguments, io: io)
        // Out of reach before, out of reach now: the change waits for the next exchange, and the
        // user was told once.
        if reached, changesTheJournal(arguments) { exchange(with: webApp, io: io) }
    }

    /// Offline, or with the account out of reach, the journal works from this machine's copy
    /// and says so; what changed here waits for the next exchange. Whether the web app was reached.
    @discardableResult
    private func exchange(with webApp: LedgerSyncing?, io: CommandIO) -> Bool {
        guard let webApp else { return true }
        let problem: String
        do throws(SyncLedgerError) {
            let report = try webApp.sync(mergingOtherAccounts: false)
            for rejection in report.rejected + report.unpushable {
                io.console.writeError("invest: warning: journal \(rejection.kind.escapedForTerminal) \(rejection.id.escapedForTerminal) was not synced with your account: "
                    + rejection.reasons.joined(separator: "; ").escapedForTerminal + ".\n")
            }
            return true
        } catch {
            switch error {
            case let .local(failure), let .remote(failure): problem = failure.userMessage
            case let .boundToOtherAccounts(others):
                problem = "this data directory synced with \(AccountBinding.names(others)); 'invest sync --merge' joins them on purpose."
            }
        }
        io.console.writeError("invest: warning: the journal could not be synced with your account: \(problem.asSentence) "
            + "It works from this machine's copy; changes made here are sent by the next journal command or 'invest sync'.\n")
        return false
    }
}
