import TerminalKit
import ClientComposition
import OptionsJournal

extension FeatureRegistration {
    static let journal = FeatureRegistration(title: "Options journal", kinds: JournalKinds.all,
                                             validator: { _ in JournalEntryValidator() }) { app in
        [JournalCommands(load: app.loadJournal, importer: app.importExecutions, annotate: app.annotateJournal, remove: app.removeExecution, webAppSync: app.journalSync,
                         readStandardInput: app.context.readStandardInput, timeZone: { app.context.timeZone }).group]
    }
}
