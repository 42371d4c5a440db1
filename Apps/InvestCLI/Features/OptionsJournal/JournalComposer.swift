import Foundation
import OptionsJournal
import TerminalKit
import ClientComposition

/// The use cases the journal commands run.
extension AppComposer {
    func loadJournal() throws -> LoadJournalUseCase {
        try warnIfTheDataDirectoryIsMissing()
        return LoadJournalUseCase(store: LedgerJournalStore(ledger: try ledger()))
    }

    func annotateJournal() throws -> AnnotateJournalUseCase {
        AnnotateJournalUseCase(store: LedgerJournalStore(ledger: try undoableLedger(.lookedUp)), now: context.now)
    }

    func removeExecution() throws -> RemoveExecutionUseCase {
        RemoveExecutionUseCase(store: LedgerJournalStore(ledger: try undoableLedger(.lookedUp)), now: context.now)
    }

    func importExecutions() throws -> ImportExecutionsUseCase {
        ImportExecutionsUseCase(store: LedgerJournalStore(ledger: try undoableLedger(.lookedUp)), now: context.now)
    }
}
