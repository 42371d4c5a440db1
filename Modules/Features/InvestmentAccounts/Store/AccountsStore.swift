import Foundation
import Ledger

/// Where accounts live: InvestmentAccounts' port.
public protocol AccountsStore {
    func accounts() throws(AccountsError) -> [InvestmentAccount]
    func save(_ account: InvestmentAccount, at date: Date) throws(AccountsError)
    /// Runs a check and its write with other writers kept out.
    func exclusively<T>(_ body: () throws(AccountsError) -> T) throws(AccountsError) -> T
}

/// Accounts as `account` entries on a ledger.
public struct LedgerAccountsStore: AccountsStore {
    private let records: LedgerRecordStore<AccountsLedgerCodec, AccountsError>

    public init(ledger: LedgerStore) {
        records = LedgerRecordStore(ledger)
    }

    public func accounts() throws(AccountsError) -> [InvestmentAccount] { try records.records() }

    public func save(_ account: InvestmentAccount, at date: Date) throws(AccountsError) {
        try records.save([account], at: date)
    }

    public func exclusively<T>(_ body: () throws(AccountsError) -> T) throws(AccountsError) -> T {
        try records.exclusively(body)
    }
}
