import Ledger

/// Accounts from outside (a sync's pull, an undo's earlier version) meet the rules an account
/// added here meets: every field readable, and a name no other account has, in any case. A
/// pulled account whose name another already has is refused: the ledger keeps the first.
public struct AccountsEntryValidator: LedgerEntryValidating {
    public init() {}

    public func rejections(of incoming: [LedgerEntry], over current: [LedgerEntry]) -> [LedgerRejection] {
        var rejections = DecodingEntryValidator(DecodingEntryValidator.decoders(AccountsLedgerCodec.self)).rejections(of: incoming, over: current)
        let refused = Set(rejections.map(\.id)), pulledIDs = Set(incoming.map(\.id))
        var owners: [String: String] = [:]
        for entry in current where !pulledIDs.contains(entry.id) {
            guard let account = try? AccountsLedgerCodec.record(from: entry), let id = account.id else { continue }
            owners[account.name.lowercased()] = id
        }
        for entry in incoming where !refused.contains(entry.id) {
            guard let account = try? AccountsLedgerCodec.record(from: entry), let id = account.id else { continue }
            let key = account.name.lowercased()
            if let owner = owners[key], owner != id {
                rejections.append(LedgerRejection(id: id, kind: entry.kind, reasons: ["an account named '\(account.name)' exists already (\(owner))"]))
            } else {
                owners[key] = id
            }
        }
        return rejections
    }

    /// Without the live entries only when no account is among them: a name is checked against
    /// the others kept.
    public func rejectionsWithoutLiveEntries(of incoming: [LedgerEntry]) -> [LedgerRejection]? {
        incoming.contains { $0.kind == AccountsLedgerCodec.kind.name } ? nil : []
    }
}

extension AccountsLedgerCodec {
    /// The ids of the accounts among `entries`: what a transaction's `account` may name.
    public static func ids(among entries: [LedgerEntry]) -> Set<String> {
        Set(entries.compactMap { entry in entry.kind == kind.name ? (try? record(from: entry))?.id : nil })
    }
}
