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

    public func importRows(_ rows: inout [ImportRow], dryRun: Bool, allowDuplicates: Bool, mode: ImportMode) throws(ImportTransactionsError) -> ImportOutcome {
        for index in rows.indices {
            // Only a row whose currency changes is copied: most keep theirs.
            guard let draft = resolver.resolvedIfChanged(rows[index].draft) else { continue }
            let row = rows[index]
            rows[index] = ImportRow(line: row.line, id: row.id, draft: draft, updatedAt: row.updatedAt)
        }
        return try decoratee.importRows(&rows, dryRun: dryRun, allowDuplicates: allowDuplicates, mode: mode)
    }
}

private struct CurrencyResolver {
    let base: String
    let currencyOf: (String) -> String?

    func resolved(_ draft: TransactionDraft) -> TransactionDraft {
        resolvedIfChanged(draft) ?? draft
    }

    /// The draft with its currencies resolved, or nil when they stay as they are.
    func resolvedIfChanged(_ draft: TransactionDraft) -> TransactionDraft? {
        var currency = draft.currency
        if (currency ?? "").isEmpty, let ticker = draft.ticker, !Self.isTransfer(draft.type),
           let normalized = TransactionValidator.normalizedTicker(ticker.trimmedSpaces) {
            currency = currencyOf(normalized)
        }
        currency = currency.flatMap(namedUnlessBase)
        let toCurrency = draft.toCurrency.flatMap(namedUnlessBase)
        guard currency != draft.currency || toCurrency != draft.toCurrency else { return nil }
        var resolved = draft
        (resolved.currency, resolved.toCurrency) = (currency, toCurrency)
        return resolved
    }

    /// A transfer moves shares in the currency they were bought in, so it takes none from its security.
    private static func isTransfer(_ type: String?) -> Bool {
        guard let type, type.utf8.count >= TransactionType.transfer.rawValue.utf8.count else { return false }
        return type == TransactionType.transfer.rawValue || type.trimmedSpaces.lowercased() == TransactionType.transfer.rawValue
    }

    private func namedUnlessBase(_ text: String) -> String? {
        text.trimmedSpaces.uppercased() == base ? nil : text
    }
}
