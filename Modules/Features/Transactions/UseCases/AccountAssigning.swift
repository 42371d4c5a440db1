import Foundation

/// What `--account` does to a write: a new transaction goes into that account. Without it, a new
/// one goes into the default account.
public struct AccountAssigningTransactionSaving: TransactionSaving {
    private let decoratee: TransactionSaving
    /// The account's id; nil for the default account.
    private let account: String?

    public init(decoratee: TransactionSaving, account: String?) {
        self.decoratee = decoratee
        self.account = account
    }

    /// An edit keeps its record's account: a record seen in this account but kept in another (a
    /// split, every account's; a transfer into it) is never moved by the scope.
    public func save(_ draft: TransactionDraft, replacing id: String?) throws(SaveTransactionError) -> Transaction {
        var draft = draft
        if id == nil { draft.account = account }
        return try decoratee.save(draft, replacing: id)
    }
}

/// An import under `--account`: the rows that name no account of their own go into it.
public struct AccountAssigningImporter: TransactionsImporting {
    private let decoratee: TransactionsImporting
    private let account: String?

    public init(decoratee: TransactionsImporting, account: String?) {
        self.decoratee = decoratee
        self.account = account
    }

    public func importRows(_ rows: inout [ImportRow], dryRun: Bool, allowDuplicates: Bool, mode: ImportMode) throws(ImportTransactionsError) -> ImportOutcome {
        for index in rows.indices where rows[index].draft.account == nil {
            var draft = rows[index].draft
            draft.account = account
            rows[index] = ImportRow(line: rows[index].line, id: rows[index].id, draft: draft, updatedAt: rows[index].updatedAt)
        }
        return try decoratee.importRows(&rows, dryRun: dryRun, allowDuplicates: allowDuplicates, mode: mode)
    }
}
