import TerminalKit
import ClientComposition
import OptionsJournal

extension FeatureRegistration {
    static let journal = FeatureRegistration(title: "Options journal", kinds: JournalKinds.all,
                                             validator: { _ in JournalEntryValidator() }) { app in
        [JournalCommands(load: app.journal.loadJournal, importer: app.journal.importExecutions, annotate: app.journal.annotateJournal, remove: app.journal.removeExecution, webAppSync: app.accounts.journalSync,
                         readStandardInput: app.context.readStandardInput, timeZone: { app.context.timeZone }).group]
    }
}
