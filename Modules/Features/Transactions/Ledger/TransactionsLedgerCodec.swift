import Foundation
import FixedPoint
import Ledger

/// Transactions on the ledger: one kind per `TransactionType` (`buy`, `sell`, `deposit`,
/// `withdrawal`, `interest`, `dividend`, `fee`, `split`, `fx`, `transfer`), schema 1, with the payload
///
///     account=ID  cost=unknown  currency=ISO  date=YYYY-MM-DD  fee=DECIMAL  note=TEXT  quantity=DECIMAL  ratio=AFTER:BEFORE
///     sum=DECIMAL  ticker=TICKER  toAccount=ID  toCurrency=ISO  toSum=DECIMAL
///
/// each field present only where the type uses it (`TransactionType.ticker` and the like) and,
/// for the account, the currency, the note, a fee's ticker and a trade's fee, only when there is
/// one: a transaction of the default account in the base currency is written exactly as before
/// accounts and currencies existed. Buys and sells are written exactly as
/// before the other kinds existed. Decimals are written exactly, as text; the decoder parses
/// them in place, because a portfolio decodes every entry of a long history.
///
/// A trade with a fee is written as schema 2, the only change from 1 being `fee`: a release that
/// doesn't know fees would count the trade without it, so it refuses the entry (and keeps it)
/// instead of showing a wrong cash balance and cost. A trade without one is schema 1 as before.
/// `cost=unknown` marks a buy of sum 0 whose cost isn't known yet (an opening): a release that
/// doesn't know it keeps it, and counts the buy at 0, as it is.
public enum TransactionsLedgerCodec: LedgerCodec {
    public static let buy = LedgerKind("buy", schema: 2)
    public static let sell = LedgerKind("sell", schema: 2)
    /// The newest layout of any transaction kind this release reads.
    public static let newestSchema = 2
    public static let kinds = TransactionType.allCases.map(kind(of:))

    public static func entry(for transaction: Transaction, updatedAt: Int64) -> LedgerEntry {
        let type = transaction.type
        let movesShares = type == .transfer && !transaction.ticker.isEmpty
        // In the payload's order, by name, so it needs no sorting.
        var fields: [(name: String, value: String)] = []
        fields.reserveCapacity(6)
        if let account = transaction.account { fields.append(("account", account)) }
        if transaction.costUnknown { fields.append(("cost", "unknown")) }
        if let currency = transaction.currency { fields.append(("currency", currency)) }
        fields.append(("date", transaction.date.iso))
        if let fee = transaction.fee { fields.append(("fee", fee.description)) }
        if let note = transaction.note { fields.append(("note", note)) }
        if type.quantity == .required || movesShares { fields.append(("quantity", transaction.quantity.description)) }
        if let ratio = transaction.ratio { fields.append(("ratio", ratio.description)) }
        if type.sum == .required || (type == .transfer && !movesShares) { fields.append(("sum", transaction.sum.description)) }
        if !transaction.ticker.isEmpty { fields.append(("ticker", transaction.ticker)) }
        if let toAccount = transaction.toAccount { fields.append(("toAccount", toAccount)) }
        if let toCurrency = transaction.toCurrency { fields.append(("toCurrency", toCurrency)) }
        if let toSum = transaction.toSum { fields.append(("toSum", toSum.description)) }
        fields += transaction.otherFields.map { ($0.key, $0.value) }
        let kind = kind(of: type)
        return LedgerEntry(id: transaction.id, kind: kind.name, schema: transaction.fee == nil ? 1 : 2, updatedAt: updatedAt, payload: LedgerPayload(fields))
    }

    public static func entry(for transaction: Transaction) -> LedgerEntry {
        entry(for: transaction, updatedAt: transaction.updatedAt.millisecondsSince1970)
    }

    public static func tombstone(for transaction: Transaction, deletedAt: Date) -> LedgerEntry {
        let kind = kind(of: transaction.type)
        return .tombstone(id: transaction.id, kind: kind.name, schema: 1, at: deletedAt.millisecondsSince1970)
    }

    public static func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> Transaction? {
        guard let type = type(ofKind: entry.kind) else { return nil }
        guard !entry.isDeleted else { return nil }
        let supported = type.isTrade ? 2 : 1
        guard entry.schema <= supported else {
            throw .newerSchema(id: entry.id, kind: entry.kind, schema: entry.schema, supported: supported)
        }
        let id = entry.id
        // One pass over the fields, numbers and dates parsed in place: a portfolio decodes every entry.
        var date: CalendarDay?, quantity: FixedDecimal?, sum: FixedDecimal?, ticker: String?, note: String?, ratioText: String?, account: String?
        var currency: String?, toSum: FixedDecimal?, toCurrency: String?, toAccount: String?, fee: FixedDecimal?, costUnknown = false
        var otherFields: [String: String] = [:]
        entry.payload.withFields { fields in
            fields.forEach { name, value in
                // Names differ in length but for date and note: one comparison per field.
                switch name.count {
                case 4 where LedgerFields.name(name, is: "date"): date = CalendarDay.parse(value)
                case 4 where LedgerFields.name(name, is: "note"): note = LedgerEscaping.unescape(value)
                case 8 where LedgerFields.name(name, is: "quantity"): quantity = FixedDecimal.parse(value)
                case 3 where LedgerFields.name(name, is: "sum"): sum = FixedDecimal.parse(value)
                case 6 where LedgerFields.name(name, is: "ticker"): ticker = LedgerEscaping.unescape(value)
                case 5 where LedgerFields.name(name, is: "ratio"): ratioText = LedgerEscaping.unescape(value)
                case 7 where LedgerFields.name(name, is: "account"): account = LedgerEscaping.unescape(value)
                case 8 where LedgerFields.name(name, is: "currency"): currency = LedgerEscaping.unescape(value)
                case 5 where LedgerFields.name(name, is: "toSum"): toSum = FixedDecimal.parse(value)
                case 10 where LedgerFields.name(name, is: "toCurrency"): toCurrency = LedgerEscaping.unescape(value)
                case 9 where LedgerFields.name(name, is: "toAccount"): toAccount = LedgerEscaping.unescape(value)
                case 4 where LedgerFields.name(name, is: "cost"): costUnknown = type == .buy && LedgerFields.name(value, is: "unknown")
                case 3 where entry.schema >= 2 && LedgerFields.name(name, is: "fee"): fee = FixedDecimal.parse(value) ?? FixedDecimal(-1)
                default: otherFields[LedgerEscaping.unescape(name)] = LedgerEscaping.unescape(value)
                }
            }
        }
        let ratio = ratioText.flatMap(SplitRatio.init)
        let missing: String? =
            date == nil ? "date"
            : type.quantity == .required && quantity == nil ? "quantity"
            : type.sum == .required && sum == nil ? "sum"
            : fee.map { $0.isNegative || (type == .sell && $0 > (sum ?? .zero)) } == true ? "fee"
            : type.ticker == .required && (ticker ?? "").isEmpty ? "ticker"
            : type.ratio == .required && ratio == nil ? "ratio"
            : account.map { !LedgerIdentifier.isValid($0) } == true ? "account"
            : currency.map { !isCurrencyCode($0) } == true ? "currency"
            : type == .fx && toSum == nil ? "toSum"
            : toCurrency.map { !isCurrencyCode($0) } == true || (type == .fx && toCurrency == currency) ? "toCurrency"
            : toAccount.map { !LedgerIdentifier.isValid($0) } == true || (type == .transfer && toAccount == account) ? "toAccount"
            : type == .transfer && (ticker ?? "").isEmpty == (sum == nil) ? "sum"
            : type == .transfer && (ticker ?? "").isEmpty != (quantity == nil) ? "quantity"
            : nil
        if let missing { throw .invalidField(id: id, kind: entry.kind, field: missing) }
        return Transaction(id: id, date: date!, type: type, ticker: ticker ?? "", quantity: quantity ?? .zero, sum: sum ?? .zero,
                           ratio: ratio, note: note, account: account, currency: currency, toSum: type == .fx ? toSum : nil,
                           toCurrency: type == .fx ? toCurrency : nil, toAccount: type == .transfer ? toAccount : nil,
                           fee: type.isTrade ? fee : nil, costUnknown: costUnknown, otherFields: otherFields, updatedAt: Date(millisecondsSince1970: entry.updatedAt))
    }

    public static func kind(of type: TransactionType) -> LedgerKind {
        LedgerKind(type.rawValue, schema: type.isTrade ? newestSchema : 1)
    }

    private static func isCurrencyCode(_ text: String) -> Bool {
        text.utf8.count == 3 && text.utf8.allSatisfy { (65...90).contains($0) }
    }

    /// Whether entries of the kind named are transactions.
    public static func readsKind(_ name: String) -> Bool {
        type(ofKind: name) != nil
    }

    private static func type(ofKind name: String) -> TransactionType? {
        // The common kinds first, without building a string: a portfolio asks for every entry.
        if name == buy.name { return .buy }
        if name == sell.name { return .sell }
        return TransactionType(rawValue: name)
    }
}
