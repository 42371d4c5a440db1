/// A transaction's currency as it is checked and saved: one that names none is in its
/// security's, when one is known (a London share's trades are in pounds even when its prices
/// are in pence), and cash in the base currency; the base currency is named by none, so its cash
/// lands in the pot every record written before currencies existed is in. `currencyOf` answers
/// with a ticker's ISO 4217 code, or nil when none is known.
public struct CurrencyResolvingTransactionSaving: TransactionSaving {
    private let decoratee: TransactionSaving
    private let resolver: CurrencyResolver

    public init(decoratee: TransactionSaving, base: String, currencyOf: @escaping (String) -> String?) {
        self.decoratee = decoratee
        resolver = CurrencyResolver(base: base, currencyOf: currencyOf)
    }

    public func save(_ draft: TransactionDraft, replacing id: String?) throws(SaveTransactionError) -> Transaction {
        try decoratee.save(resolver.resolved(draft), replacing: id)
    }
}

/// The same for the rows of an import.
public struct CurrencyResolvingImporter: TransactionsImporting {
    private let decoratee: TransactionsImporting
    private let resolver: CurrencyResolver

    public init(decoratee: TransactionsImporting, base: String, currencyOf: @escaping (String) -> String?) {
        self.decoratee = decoratee
        resolver = CurrencyResolver(base: base, currencyOf: currencyOf)
    }

    public func importRows(_ rows: inout [ImportRow], dryRun: Bool, allowDuplicates: Bool) throws(ImportTransactionsError) -> ImportOutcome {
        for index in rows.indices {
            let row = rows[index], draft = resolver.resolved(row.draft)
            if draft != row.draft { rows[index] = ImportRow(line: row.line, id: row.id, draft: draft, updatedAt: row.updatedAt) }
        }
        return try decoratee.importRows(&rows, dryRun: dryRun, allowDuplicates: allowDuplicates)
    }
}

private struct CurrencyResolver {
    let base: String
    let currencyOf: (String) -> String?

    func resolved(_ draft: TransactionDraft) -> TransactionDraft {
        var draft = draft
        if (draft.currency ?? "").isEmpty, let ticker = draft.ticker, draft.type?.lowercased() != TransactionType.transfer.rawValue,
           let normalized = TransactionValidator.normalizedTicker(ticker.trimmingCharacters(in: .whitespaces)) {
            draft.currency = currencyOf(normalized)
        }
        draft.currency = draft.currency.flatMap(namedUnlessBase)
        draft.toCurrency = draft.toCurrency.flatMap(namedUnlessBase)
        return draft
    }

    private func namedUnlessBase(_ text: String) -> String? {
        text.trimmingCharacters(in: .whitespaces).uppercased() == base ? nil : text
    }
}
