import Foundation
import Savings
import Ledger
import TerminalKit
import ClientComposition

/// The use cases the savings commands run, and their settings.
extension AppComposer {
    func loadSavings() throws -> SavingsLoading {
        try warnIfTheDataDirectoryIsMissing()
        return LoadSavingsUseCase(store: try savingsStore(on: try ledger()))
    }

    /// Savings on `ledger`, each account's latest value from its checkpoint of the local log.
    func savingsStore(on ledger: LedgerStore) throws -> SavingsStore {
        LedgerSavingsStore(ledger: ledger, checkpoints: try localLog())
    }

    func manageSavingsAccounts() throws -> ManageSavingsAccountsUseCase {
        ManageSavingsAccountsUseCase(store: try savingsStore(on: try undoableLedger(.lookedUp)), now: context.now, makeID: context.makeID)
    }

    func recordSavingsValue() throws -> RecordSavingsValueUseCase {
        RecordSavingsValueUseCase(store: try savingsStore(on: try undoableLedger(.lookedUp)), now: context.now, makeID: context.makeID)
    }

    func importSavings() throws -> ImportSavingsUseCase {
        ImportSavingsUseCase(store: try savingsStore(on: try undoableLedger(.lookedUp)), now: context.now, makeID: context.makeID)
    }

    /// INVEST_CURRENCY, else £ (seed 003's).
    func currencySymbol() -> String {
        configuration()["INVEST_CURRENCY"].map { String($0.unicodeScalars.filter { $0.properties.generalCategory != .control }.prefix(8)) } ?? "£"
    }

    /// Savings stay on this machine unless INVEST_SYNC_SAVINGS says yes: seed 003 is offline-first.
    func syncsSavings() throws -> Bool {
        guard let text = configuration()["INVEST_SYNC_SAVINGS"] else { return false }
        guard let syncs = Configuration.boolean(text) else { throw CLIError.usage("INVEST_SYNC_SAVINGS '\(text.escapedForTerminal)' is not yes or no.") }
        return syncs
    }
}
