import Projections
import Foundation
import Savings
import Ledger
import TerminalKit
import ClientComposition
import Currencies

/// The use cases the savings commands run, and their settings.
struct SavingsComposer {
    let app: AppComposer

    func loadSavings() throws -> SavingsLoading {
        try app.warnIfTheDataDirectoryIsMissing()
        return LoadSavingsUseCase(store: try savingsStore(on: try app.ledger()))
    }

    /// Savings on `ledger`, each account's latest value from its checkpoint of the local log.
    func savingsStore(on ledger: LedgerStore) throws -> SavingsStore {
        try app.readModels().savingsStore(on: ledger)
    }

    func manageSavingsAccounts() throws -> ManageSavingsAccountsUseCase {
        ManageSavingsAccountsUseCase(store: try savingsStore(on: try app.undoableLedger(.lookedUp)), now: app.context.now, makeID: app.context.makeID)
    }

    func recordSavingsValue() throws -> RecordSavingsValueUseCase {
        RecordSavingsValueUseCase(store: try savingsStore(on: try app.undoableLedger(.lookedUp)), now: app.context.now, makeID: app.context.makeID)
    }

    func importSavings() throws -> ImportSavingsUseCase {
        ImportSavingsUseCase(store: try savingsStore(on: try app.undoableLedger(.lookedUp)), now: app.context.now, makeID: app.context.makeID)
    }

    /// INVEST_CURRENCY; else the sign of INVEST_BASE_CURRENCY when one is chosen, since the net
    /// worth counts savings in it; else £, as savings accounts were first kept in pounds.
    func currencySymbol() -> String {
        if let symbol = app.configuration()["INVEST_CURRENCY"] {
            return String(symbol.unicodeScalars.filter { $0.properties.generalCategory != .control }.prefix(8))
        }
        guard let base = app.configuration()["INVEST_BASE_CURRENCY"].flatMap(CurrencyCode.init) else { return "£" }
        return Self.signs[base.code] ?? base.code + " "
    }

    private static let signs = ["GBP": "£", "USD": "$", "EUR": "€", "JPY": "¥"]

    /// Savings stay on this machine unless INVEST_SYNC_SAVINGS says yes: savings are offline-first.
    func syncsSavings() throws -> Bool {
        guard let text = app.configuration()["INVEST_SYNC_SAVINGS"] else { return false }
        guard let syncs = Configuration.boolean(text) else { throw CLIError.usage("INVEST_SYNC_SAVINGS '\(text.escapedForTerminal)' is not yes or no.") }
        return syncs
    }
}
