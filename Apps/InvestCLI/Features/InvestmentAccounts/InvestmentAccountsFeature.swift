import TerminalKit
import ClientComposition
import Ledger
import InvestmentAccounts

extension FeatureRegistration {
    /// The accounts transactions belong to: taxable, ISA, IRA, 401(k), pension.
    static let investmentAccounts = FeatureRegistration(title: "Accounts", kinds: AccountsLedgerCodec.kinds,
                                                        validator: { _ in AccountsEntryValidator() }) { app in
        [InvestmentAccountCommands(accounts: app.investmentAccounts.manageAccounts).group, TransferCommand(accounts: app.investmentAccounts.accountsView, save: app.transactions.addTransaction)]
    }
}
