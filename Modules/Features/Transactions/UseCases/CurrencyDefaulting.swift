/// A transaction that names no currency is in its security's, when one is known (a London
/// share's trades are in pounds even when its prices are in pence); cash stays in the base
/// currency. `currencyOf` answers with a ticker's ISO 4217 code, or nil when none is known.
public struct CurrencyDefaultingTransactionSaving: TransactionSaving {
    private let decoratee: TransactionSaving
    private let currencyOf: (String) -> String?

    public init(decoratee: TransactionSaving, currencyOf: @escaping (String) -> String?) {
        self.decoratee = decoratee
        self.currencyOf = currencyOf
    }

    public func save(_ draft: TransactionDraft, replacing id: String?) throws(SaveTransactionError) -> Transaction {
        try decoratee.save(draft.inSecurityCurrency(currencyOf), replacing: id)
    }
}

/// The same for the rows of an import.
public struct CurrencyDefaultingImporter: TransactionsImporting {
    private let decoratee: TransactionsImporting
    private let currencyOf: (String) -> String?

    public init(decoratee: TransactionsImporting, currencyOf: @escaping (String) -> String?) {
        self.decoratee = decoratee
        self.currencyOf = currencyOf
    }

    public func importRows(_ rows: inout [ImportRow], dryRun: Bool, allowDuplicates: Bool) throws(ImportTransactionsError) -> ImportOutcome {
        for index in rows.indices {
            let row = rows[index], draft = row.draft.inSecurityCurrency(currencyOf)
            if draft != row.draft { rows[index] = ImportRow(line: row.line, id: row.id, draft: draft, updatedAt: row.updatedAt) }
        }
        return try decoratee.importRows(&rows, dryRun: dryRun, allowDuplicates: allowDuplicates)
    }
}

private extension TransactionDraft {
    func inSecurityCurrency(_ currencyOf: (String) -> String?) -> TransactionDraft {
        guard (currency ?? "").isEmpty, let ticker, !ticker.isEmpty, type?.lowercased() != TransactionType.transfer.rawValue,
              let normalized = TransactionValidator.normalizedTicker(ticker.trimmingCharacters(in: .whitespaces)),
              let known = currencyOf(normalized) else { return self }
        var draft = self
        draft.currency = known
        return draft
    }
}
