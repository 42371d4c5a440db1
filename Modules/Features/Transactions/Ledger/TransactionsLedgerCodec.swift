import Foundation
import FixedPoint
import Ledger

/// Buys and sells on the ledger: kinds `buy` and `sell`, schema 1, with the payload
///
///     date=YYYY-MM-DD  note=TEXT (only when there is one)  quantity=DECIMAL  sum=DECIMAL  ticker=TICKER
///
/// Decimals are written exactly, as text; the decoder parses them in place, because a portfolio
/// decodes every entry of a long history.
public enum TransactionsLedgerCodec: LedgerCodec {
    public static let buy = LedgerKind("buy", schema: 1)
    public static let sell = LedgerKind("sell", schema: 1)
    public static let kinds = [buy, sell]

    public static func entry(for transaction: Transaction, updatedAt: Int64) -> LedgerEntry {
        var fields: [(name: String, value: String)] = [
            ("date", transaction.date.iso), ("quantity", transaction.quantity.description),
            ("sum", transaction.sum.description), ("ticker", transaction.ticker)]
        if let note = transaction.note { fields.append(("note", note)) }
        let kind = kind(of: transaction.type)
        return LedgerEntry(id: transaction.id, kind: kind.name, schema: kind.schema, updatedAt: updatedAt, payload: LedgerPayload(fields))
    }

    public static func entry(for transaction: Transaction) -> LedgerEntry {
        entry(for: transaction, updatedAt: transaction.updatedAt.millisecondsSince1970)
    }

    public static func tombstone(for transaction: Transaction, deletedAt: Date) -> LedgerEntry {
        let kind = kind(of: transaction.type)
        return .tombstone(id: transaction.id, kind: kind.name, schema: kind.schema, at: deletedAt.millisecondsSince1970)
    }

    public static func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> Transaction? {
        let type: TransactionType
        switch entry.kind {
        case buy.name: type = .buy
        case sell.name: type = .sell
        default: return nil
        }
        guard !entry.isDeleted else { return nil }
        guard entry.schema <= 1 else {
            throw .newerSchema(id: entry.id, kind: entry.kind, schema: entry.schema, supported: 1)
        }
        let id = entry.id
        func invalid(_ field: String) -> LedgerDecodingError { .invalidField(id: id, kind: entry.kind, field: field) }
        let decoded = entry.payload.withFields { fields -> Result<Transaction, LedgerDecodingError> in
            guard let date = fields.withRawValue("date", { $0.flatMap(CalendarDay.parse) }) else { return .failure(invalid("date")) }
            guard let quantity = fields.withRawValue("quantity", { $0.flatMap(FixedDecimal.parse) }) else { return .failure(invalid("quantity")) }
            guard let sum = fields.withRawValue("sum", { $0.flatMap(FixedDecimal.parse) }) else { return .failure(invalid("sum")) }
            guard let ticker = fields.string("ticker"), !ticker.isEmpty else { return .failure(invalid("ticker")) }
            return .success(Transaction(id: id, date: date, type: type, ticker: ticker, quantity: quantity, sum: sum,
                                        note: fields.string("note"), updatedAt: Date(millisecondsSince1970: entry.updatedAt)))
        }
        return try decoded.get()
    }

    private static func kind(of type: TransactionType) -> LedgerKind {
        switch type {
        case .buy: return buy
        case .sell: return sell
        }
    }
}
