import Foundation
import Ledger

/// Accounts on the ledger: kind `account`, schema 1, with the payload
/// `closedAt=MILLISECONDS  kind=KIND  name=TEXT`, `closedAt` only once closed. The id is random
/// (`account-…`), and it is what a transaction's `account` field holds.
public enum AccountsLedgerCodec: LedgerCodec {
    public static let kind = LedgerKind("account", schema: 1)
    public static let kinds = [kind]
    public static let idPrefix = "account-"

    public static func entry(for account: InvestmentAccount, updatedAt: Int64) -> LedgerEntry {
        var fields: [(name: String, value: String)] = [("kind", account.kind.rawValue), ("name", account.name)]
        if let closedAt = account.closedAt { fields.append(("closedAt", String(closedAt.millisecondsSince1970))) }
        return LedgerEntry(id: account.id ?? "", kind: kind.name, schema: kind.schema, updatedAt: updatedAt, payload: LedgerPayload(fields))
    }

    public static func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> InvestmentAccount? {
        guard entry.kind == kind.name, !entry.isDeleted else { return nil }
        guard entry.schema <= kind.schema else { throw .newerSchema(id: entry.id, kind: entry.kind, schema: entry.schema, supported: kind.schema) }
        func invalid(_ field: String) -> LedgerDecodingError { .invalidField(id: entry.id, kind: entry.kind, field: field) }
        let payload = entry.payload
        guard entry.id.hasPrefix(idPrefix) else { throw invalid("id") }
        guard let name = payload["name"], InvestmentAccount.isName(name), name.lowercased() != InvestmentAccount.defaultName else { throw invalid("name") }
        guard let kind = payload["kind"].flatMap(AccountKind.init(rawValue:)) else { throw invalid("kind") }
        let closedAt = try payload["closedAt"].map { text throws(LedgerDecodingError) -> Date in
            guard let milliseconds = Int64(text), (0...LedgerClock.latest).contains(milliseconds) else { throw invalid("closedAt") }
            return Date(millisecondsSince1970: milliseconds)
        }
        return InvestmentAccount(id: entry.id, name: name, kind: kind, closedAt: closedAt)
    }
}
