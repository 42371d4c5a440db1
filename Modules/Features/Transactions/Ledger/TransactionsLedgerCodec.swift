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
        // One pass over the fields, numbers and dates parsed in place: a portfolio decodes every entry.
        var date: CalendarDay?, quantity: FixedDecimal?, sum: FixedDecimal?, ticker: String?, note: String?
        entry.payload.withFields { fields in
            fields.forEach { name, value in
                // Names differ in length but for date and note: one comparison per field.
                switch name.count {
                case 4 where LedgerFields.name(name, is: "date"): date = CalendarDay.parse(value)
                case 4 where LedgerFields.name(name, is: "note"): note = LedgerEscaping.unescape(value)
                case 8 where LedgerFields.name(name, is: "quantity"): quantity = FixedDecimal.parse(value)
                case 3 where LedgerFields.name(name, is: "sum"): sum = FixedDecimal.parse(value)
                case 6 where LedgerFields.name(name, is: "ticker"): ticker = LedgerEscaping.unescape(value)
                default: break
                }
            }
        }
        let decoded: Result<Transaction, LedgerDecodingError>
        if let date, let quantity, let sum, let ticker, !ticker.isEmpty {
            decoded = .success(Transaction(id: id, date: date, type: type, ticker: ticker, quantity: quantity, sum: sum, note: note,
                                           updatedAt: Date(millisecondsSince1970: entry.updatedAt)))
        } else {
            decoded = .failure(invalid(date == nil ? "date" : quantity == nil ? "quantity" : sum == nil ? "sum" : "ticker"))
        }
        return try decoded.get()
    }

    public static func kind(of type: TransactionType) -> LedgerKind {
        switch type {
        case .buy: return buy
        case .sell: return sell
        }
    }
}
