import TerminalKit
import ClientComposition
import Savings

extension FeatureRegistration {
    static let savings = FeatureRegistration(title: "Savings", kinds: SavingsLedgerCodec.kinds, validator: { app in SavingsEntryValidator(now: app.context.now) }) { app in
        [SavingsCommands(load: app.savings.loadSavings, accounts: app.savings.manageSavingsAccounts, values: app.savings.recordSavingsValue, importer: app.savings.importSavings,
                         symbol: app.savings.currencySymbol, readStandardInput: app.context.readStandardInput,
                         demo: { set, io in try SavingsDemo(context: app.context).run(set: set, io: io) }).group]
    }
}
