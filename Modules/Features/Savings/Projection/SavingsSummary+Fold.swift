import Ledger

/// Each account's latest value, as a fold: the list, the total and the net worth read it without
/// reading every update again. An update folds in any order, as the latest is the same whatever
/// order the updates come in; an edit or a deletion of a record already counted is replayed.
extension SavingsSummary: RecordFold {
    public static let empty = SavingsSummary(listedAccounts: [], latestUpdates: [:])

    public var kinds: [LedgerKind] { SavingsLedgerCodec.kinds }

    public func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> SavingsLedgerCodec.Record? {
        try SavingsLedgerCodec.record(from: entry)
    }

    public func replaying(_ records: [SavingsLedgerCodec.Record]) -> SavingsSummary {
        var accounts: [SavingsAccount] = [], updates: [ValueUpdate] = []
        for record in records {
            switch record {
            case let .account(account): accounts.append(account)
            case let .update(update): updates.append(update)
            }
        }
        return SavingsSummary(accounts: accounts, updates: updates)
    }

    public mutating func fold(_ record: SavingsLedgerCodec.Record) -> Bool {
        switch record {
        case let .account(account):
            guard !accounts.contains(where: { $0.id == account.id }) else { return false }
            accounts = SavingsAccount.listed(accounts + [account])
        case let .update(update):
            note(update)
        }
        return true
    }
}
