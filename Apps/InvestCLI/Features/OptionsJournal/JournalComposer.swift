import Foundation
import Ledger
import Projections
import OptionsJournal
import TerminalKit
import ClientComposition

/// The use cases the journal commands run.
struct JournalComposer {
    let app: AppComposer

    func loadJournal() throws -> LoadJournalUseCase {
        try app.warnIfTheDataDirectoryIsMissing()
        return LoadJournalUseCase(store: try journalStore(on: try app.ledger()))
    }

    func annotateJournal() throws -> AnnotateJournalUseCase {
        AnnotateJournalUseCase(store: try journalStore(on: try app.undoableLedger(.lookedUp)), now: app.context.now)
    }

    func removeExecution() throws -> RemoveExecutionUseCase {
        RemoveExecutionUseCase(store: try journalStore(on: try app.undoableLedger(.lookedUp)), now: app.context.now)
    }

    func importExecutions() throws -> ImportExecutionsUseCase {
        ImportExecutionsUseCase(store: try journalStore(on: try app.undoableLedger(.lookedUp)), now: app.context.now)
    }

    /// The cycles, the annotations and the uploads from their checkpoints: a read costs the
    /// lines added since, not the whole journal.
    private func journalStore(on ledger: LedgerStore) throws -> JournalStore {
        let log = try app.localLog()
        let annotated = CheckpointedKindsLedgerStore(decoratee: ledger, log: log, kinds: AnnotationsLedgerCodec.kinds + JournalUploadLedgerCodec.kinds)
        return LedgerJournalStore(ledger: annotated, cycles: CheckpointedProjectionReader(log: log, empty: JournalCycles()))
    }
}
