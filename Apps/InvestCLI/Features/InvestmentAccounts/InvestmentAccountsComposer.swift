import Foundation
import TerminalKit
import ClientComposition
import InvestmentAccounts
import Ledger

/// The accounts' use case, and the account `--account` names.
struct InvestmentAccountsComposer {
    let app: AppComposer

    func manageAccounts() throws -> AccountsManaging {
        ManageAccountsUseCase(store: LedgerAccountsStore(ledger: try app.undoableLedger(.lookedUp)), now: app.context.now, makeID: app.context.makeID)
    }

    /// The account `--account NAME` names; nil without the option.
    func selectedAccount() throws -> InvestmentAccount? {
        app.accountName == nil ? nil : try accountsView().selected
    }

    /// The selected account, refused when closed: a closed account takes no new transactions.
    func selectedOpenAccount() throws -> InvestmentAccount? {
        guard let account = try selectedAccount() else { return nil }
        guard !account.isClosed else {
            throw CLIError.usage("the account '\(account.name.escapedForTerminal)' is closed; its history stays, but it takes no new transactions.")
        }
        return account
    }

    /// The accounts as lists, exports and imports name them, and the one `--account` selects.
    func accountsView() throws -> AccountsView {
        let accounts = ManageAccountsUseCase(store: LedgerAccountsStore(ledger: try app.ledger()), now: app.context.now, makeID: app.context.makeID)
        return try AccountsView(all: presented(AccountsPresentation.cliError) { () throws(AccountsError) in try accounts.all() }, selecting: app.accountName)
    }
}

/// Accounts by id and by name, for the commands that show or read transactions' accounts.
struct AccountsView {
    /// The default account first.
    let all: [InvestmentAccount]
    /// `--account NAME`'s; nil without it.
    let selected: InvestmentAccount?

    init(all: [InvestmentAccount], selecting name: String?) throws {
        self.all = all
        selected = try name.map { name in
            guard let account = InvestmentAccount.named(name, in: all) else { throw AccountsPresentation.cliError(.noSuchAccount(name, known: all.map(\.name))) }
            return account
        }
    }

    /// The name of the account with this id; the default account's for nil.
    func name(of id: String?) -> String {
        guard let id else { return InvestmentAccount.defaultName }
        return all.first { $0.id == id }?.name ?? id
    }

    /// What a file's `account` cell stands for: an account's id, "" for the default account (so
    /// `--account` doesn't take the row), nil for an empty cell; an unknown name is a usage error.
    func id(ofName name: String) throws -> String? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        guard let account = InvestmentAccount.named(trimmed, in: all) else {
            throw CLIError.usage("'\(trimmed.escapedForTerminal)' is not an account." + ArgumentParser.suggestion(for: trimmed, among: all.map(\.name))
                + " Add it first: invest account add \(trimmed.shellQuoted)")
        }
        return account.id ?? ""
    }
}
