import Foundation
import Ledger

/// Which accounts this data directory synced with, and when it last did with each, in
/// `sync-state.json`: `{"accounts": {"<uid>": {"email": "…", "lastSync": <ms>}}}`. The file of
/// the release before, `{"<uid>": <ms>}`, is still read.
public final class FileSyncStateStore: SyncStateStore {
    private let path: String
    private let account: SyncedAccount

    public init(directory: URL, account: SyncedAccount) {
        path = directory.appendingPathComponent("sync-state.json").path
        self.account = account
    }

    public func lastSync() throws(StoreError) -> Date? {
        try Self.read(path)[account.uid].map { Date(millisecondsSince1970: $0.lastSync) }
    }

    public func recordSync(at date: Date) throws(StoreError) {
        var all = try Self.read(path)
        all[account.uid] = StoredAccount(email: account.email, lastSync: date.millisecondsSince1970)
        let file = StoredState(accounts: all)
        try fileSystem { try FileSystem.writeAtomically(Array(try JSONEncoder().encode(file)), to: path) }
    }

    public func otherAccounts() throws(StoreError) -> [SyncedAccount] {
        try Self.syncedAccounts(in: path).filter { $0.uid != account.uid }
    }

    /// Every account the data directory synced with, for a client that has not signed in yet.
    public static func syncedAccounts(directory: URL) throws(StoreError) -> [SyncedAccount] {
        try syncedAccounts(in: directory.appendingPathComponent("sync-state.json").path)
    }

    private static func syncedAccounts(in path: String) throws(StoreError) -> [SyncedAccount] {
        try read(path).map { SyncedAccount(uid: $0.key, email: $0.value.email) }.sorted { $0.email < $1.email }
    }

    // MARK: - The file's DTOs, private to this adapter

    private struct StoredAccount: Codable {
        let email: String
        let lastSync: Int64
    }

    private struct StoredState: Codable {
        let accounts: [String: StoredAccount]
    }

    private static func read(_ path: String) throws(StoreError) -> [String: StoredAccount] {
        guard let bytes = try fileSystem({ try FileSystem.readFile(path) }) else { return [:] }
        let data = Data(bytes)
        if let state = try? JSONDecoder().decode(StoredState.self, from: data) { return state.accounts }
        // Before accounts were named: no email was kept.
        if let old = try? JSONDecoder().decode([String: Int64].self, from: data) {
            return old.mapValues { StoredAccount(email: "an account signed in before", lastSync: $0) }
        }
        throw .damaged(file: path, line: 1, reason: "not a sync state this version understands")
    }
}
