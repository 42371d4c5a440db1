import Foundation
import FixedPoint
import Ledger

/// Savings on the ledger, schema 1 each:
///
///     savings-account  closedAt=MS (only when closed)  createdAt=MS  name=TEXT
///     savings-update   account=ID  at=MS  value=DECIMAL
///
/// Times are milliseconds since 1970 (UTC); values are exact decimals, as text. An update names
/// its account by id, so a rename changes one entry and no update.
public enum SavingsLedgerCodec: LedgerCodec {
    public static let account = LedgerKind("savings-account", schema: 1)
    public static let update = LedgerKind("savings-update", schema: 1)
    public static let kinds = [account, update]

    public static func entry(for account: SavingsAccount, updatedAt: Int64) -> LedgerEntry {
        var fields: [(name: String, value: String)] = [("createdAt", String(account.createdAt.millisecondsSince1970)), ("name", account.name)]
        if let closedAt = account.closedAt { fields.append(("closedAt", String(closedAt.millisecondsSince1970))) }
        if let currency = account.currency { fields.append(("currency", currency)) }
        return LedgerEntry(id: account.id, kind: Self.account.name, schema: Self.account.schema, updatedAt: updatedAt, payload: LedgerPayload(fields))
    }

    public static func entry(for update: ValueUpdate, updatedAt: Int64) -> LedgerEntry {
        LedgerEntry(id: update.id, kind: Self.update.name, schema: Self.update.schema, updatedAt: updatedAt,
                    payload: LedgerPayload([("account", update.accountID), ("at", String(update.at.millisecondsSince1970)), ("value", update.value.description)]))
    }

    public enum Record: Equatable {
        case account(SavingsAccount)
        case update(ValueUpdate)
    }

    public static func entry(for record: Record, updatedAt: Int64) -> LedgerEntry {
        switch record {
        case let .account(account): return entry(for: account, updatedAt: updatedAt)
        case let .update(update): return entry(for: update, updatedAt: updatedAt)
        }
    }

    /// The savings record an entry holds; nil for other kinds and tombstones.
    public static func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> Record? {
        let isAccount: Bool
        switch entry.kind {
        case account.name: isAccount = true
        case update.name: isAccount = false
        default: return nil
        }
        guard !entry.isDeleted else { return nil }
        guard entry.schema <= 1 else { throw .newerSchema(id: entry.id, kind: entry.kind, schema: entry.schema, supported: 1) }
        func invalid(_ field: String) -> LedgerDecodingError { .invalidField(id: entry.id, kind: entry.kind, field: field) }
        // One pass over the fields, parsed in place: a chart decodes every update of a long history.
        var name: String?, accountID: String?, createdAt: Int64?, closedAt: Int64?, at: Int64?, value: FixedDecimal?, currency: String?
        var hasClosedAt = false
        entry.payload.withFields { fields in
            fields.forEach { field, text in
                switch field.count {
                case 2 where LedgerFields.name(field, is: "at"): at = milliseconds(text)
                case 4 where LedgerFields.name(field, is: "name"): name = LedgerEscaping.unescape(text)
                case 5 where LedgerFields.name(field, is: "value"): value = FixedDecimal.parse(text)
                case 7 where LedgerFields.name(field, is: "account"): accountID = LedgerEscaping.unescape(text)
                case 8 where LedgerFields.name(field, is: "closedAt"): hasClosedAt = true; closedAt = milliseconds(text)
                case 8 where LedgerFields.name(field, is: "currency"): currency = LedgerEscaping.unescape(text)
                case 9 where LedgerFields.name(field, is: "createdAt"): createdAt = milliseconds(text)
                default: break
                }
            }
        }
        if isAccount {
            guard let name, SavingsRules.isName(name) else { throw invalid("name") }
            guard let createdAt else { throw invalid("createdAt") }
            guard !hasClosedAt || closedAt != nil else { throw invalid("closedAt") }
            guard currency.map(SavingsRules.isCurrency) ?? true else { throw invalid("currency") }
            return .account(SavingsAccount(id: entry.id, name: name, createdAt: Date(millisecondsSince1970: createdAt),
                                           closedAt: closedAt.map(Date.init(millisecondsSince1970:)), currency: currency))
        }
        guard let accountID, !accountID.isEmpty else { throw invalid("account") }
        guard let at else { throw invalid("at") }
        guard let value, SavingsRules.isValue(value) else { throw invalid("value") }
        return .update(ValueUpdate(id: entry.id, accountID: accountID, value: value, at: Date(millisecondsSince1970: at),
                                   recordedAt: Date(millisecondsSince1970: entry.updatedAt)))
    }

    /// A time the ledger can hold: whole milliseconds from 1970 up to the year 9999.
    private static func milliseconds(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard !bytes.isEmpty, bytes.count <= 15 else { return nil }
        var result: Int64 = 0
        for byte in bytes {
            guard (48...57).contains(byte) else { return nil }
            result = result * 10 + Int64(byte - 48)
        }
        return result <= LedgerClock.latest ? result : nil
    }
}

/// The rules every savings record keeps, typed here or arriving from elsewhere.
public enum SavingsRules {
    public static let maximumNameLength = 100
    public static let maximumValue = FixedDecimal(1_000_000_000_000)

    /// 1–100 characters, not blank, with no control characters (they would reach a terminal).
    public static func isName(_ name: String) -> Bool {
        !name.trimmingCharacters(in: .whitespaces).isEmpty && name.count <= maximumNameLength
            && !name.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format && $0 != "\u{200D}" }
    }

    /// Updates, openings and closings are timed to the second.
    public static func toTheSecond(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    /// From 0 up to a trillion, with at most two decimal places: an account's worth in money.
    public static func isValue(_ value: FixedDecimal) -> Bool {
        !value.isNegative && value <= maximumValue && value.hasFractionDigits(atMost: 2)
    }

    /// Three capital letters, as an ISO 4217 code is written.
    public static func isCurrency(_ code: String) -> Bool {
        code.utf8.count == 3 && code.utf8.allSatisfy { (65...90).contains($0) }
    }
}
