import Foundation

/// The base currency has one name everywhere: none. A transaction that names it (typed as
/// `--currency USD` with USD the base, or synced from a device that wrote it) is read and
/// written without it, so its cash lands in the same pot as every record written before
/// currencies existed, and the ledger holds it exactly as those.
public final class BaseCurrencyTransactionsStore: TransactionsStore {
    private let decoratee: TransactionsStore
    /// The base currency's ISO 4217 code.
    private let base: String

    public init(decoratee: TransactionsStore, base: String) {
        self.decoratee = decoratee
        self.base = base
    }

    public func retrieveAll() throws(TransactionsStoreError) -> [Transaction] { inBase(try decoratee.retrieveAll()) }
    public func retrieve(ticker: String) throws(TransactionsStoreError) -> [Transaction] { inBase(try decoratee.retrieve(ticker: ticker)) }
    public func retrieve(idPrefix: String) throws(TransactionsStoreError) -> [Transaction] { inBase(try decoratee.retrieve(idPrefix: idPrefix)) }
    public func retrieve(id: String) throws(TransactionsStoreError) -> Transaction? { try decoratee.retrieve(id: id).map(inBase) }
    public func upsert(_ transaction: Transaction) throws(TransactionsStoreError) { try decoratee.upsert(inBase(transaction)) }
    public func upsert(contentsOf transactions: [Transaction]) throws(TransactionsStoreError) { try decoratee.upsert(contentsOf: transactions.map(inBase)) }
    public func delete(_ transaction: Transaction, deletedAt: Date) throws(TransactionsStoreError) { try decoratee.delete(transaction, deletedAt: deletedAt) }

    public func withExclusiveAccess<T, Failure: Error>(_ body: () throws(Failure) -> T, lockFailure: (TransactionsStoreError) -> Failure) throws(Failure) -> T {
        try decoratee.withExclusiveAccess(body, lockFailure: lockFailure)
    }

    private func inBase(_ transactions: [Transaction]) -> [Transaction] {
        transactions.inBase(base)
    }

    private func inBase(_ transaction: Transaction) -> Transaction {
        transaction.inBase(base)
    }
}

extension Array where Element == Transaction {
    /// Every transaction with the base currency named by none. In place: most histories have no
    /// transaction that names the base, and a copy of a long one costs more than reading it.
    public func inBase(_ base: String) -> [Transaction] {
        var transactions = self
        for index in transactions.indices where !transactions[index].isPlain && (transactions[index].currency == base || transactions[index].toCurrency == base) {
            transactions[index] = transactions[index].inBase(base)
        }
        return transactions
    }
}

extension Transaction {
    /// This transaction with the base currency named by none, as every store reads it.
    public func inBase(_ base: String) -> Transaction {
        guard !isPlain, currency == base || toCurrency == base else { return self }
        return restating(sum: sum, toSum: toSum, fee: fee, currency: currency == base ? nil : currency, toCurrency: toCurrency == base ? nil : toCurrency)
    }
}
