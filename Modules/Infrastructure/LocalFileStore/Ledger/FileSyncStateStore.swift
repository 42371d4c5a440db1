import Foundation
import Ledger

/// Which accounts this data directory synced with, and when it last did with each, and the
/// directory's own device id, in `sync-state.json`:
/// `{"accounts": {"<uid>": {"email": "…", "lastSync": <ms>}}, "device": "<id>"}`. The file of the
/// release before, `{"<uid>": <ms>}`, is still read.
public final class FileSyncStateStore: SyncStateStore {
    private let path: String
    private let account: SyncedAccount

    /// - Parameter file: one file per backend a sync talks to, since each keeps its own last sync.
    public init(directory: URL, account: SyncedAccount, file: String = "sync-state.json") {
        path = directory.appendingPathComponent(file).path
        self.account = account
    }

    public func lastSync() throws(StoreError) -> Date? {
        try Self.read(path)[account.uid].map { Date(millisecondsSince1970: $0.lastSync) }
    }

    public func recordSync(at date: Date) throws(StoreError) {
        var state = try Self.state(path)
        state.accounts[account.uid] = StoredAccount(email: account.email, lastSync: date.millisecondsSince1970, refused: state.accounts[account.uid]?.refused)
        try Self.write(state, to: path)
    }

    public func recordRefused(_ records: [RefusedRecord]) throws(StoreError) {
        var state = try Self.state(path)
        guard var stored = state.accounts[account.uid], !(records.isEmpty && (stored.refused ?? []).isEmpty) else { return }
        stored.refused = records.isEmpty ? nil : records.map {
            StoredRefusal(id: $0.rejection.id, kind: $0.rejection.kind, reasons: $0.rejection.reasons, updatedAt: $0.updatedAt)
        }
        state.accounts[account.uid] = stored
        try Self.write(state, to: path)
    }

    /// What the latest sync of every account this directory synced with (in `file`) refused.
    public static func refusedRecords(directory: URL, file: String = "sync-state.json") throws(StoreError) -> [RefusedRecord] {
        try read(directory.appendingPathComponent(file).path).values.flatMap { $0.refused ?? [] }.map {
            RefusedRecord(LedgerRejection(id: $0.id, kind: $0.kind, reasons: $0.reasons), updatedAt: $0.updatedAt)
        }
    }

    /// This data directory's id among the devices of an account, made at the first call: what
    /// tells its records (such as its undo point) from another device's.
    public static func deviceID(directory: URL) throws(StoreError) -> String {
        let path = directory.appendingPathComponent("sync-state.json").path
        var state = try state(path)
        if let device = state.device { return device }
        let device = (0..<2).map { _ in String(UInt64.random(in: .min ... .max), radix: 16) }.joined()
        state.device = device
        try write(state, to: path)
        return device
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
        var refused: [StoredRefusal]?
    }

    private struct StoredRefusal: Codable {
        let id: String
        let kind: String
        let reasons: [String]
        let updatedAt: Int64?
    }

    private struct StoredState: Codable {
        var accounts: [String: StoredAccount]
        var device: String?
    }

    private static func read(_ path: String) throws(StoreError) -> [String: StoredAccount] {
        try state(path).accounts
    }

    private static func state(_ path: String) throws(StoreError) -> StoredState {
        guard let bytes = try fileSystem({ try FileSystem.readFile(path) }) else { return StoredState(accounts: [:]) }
        let data = Data(bytes)
        if let state = try? JSONDecoder().decode(StoredState.self, from: data) { return state }
        // Before accounts were named: no email was kept.
        if let old = try? JSONDecoder().decode([String: Int64].self, from: data) {
            return StoredState(accounts: old.mapValues { StoredAccount(email: "an account signed in before", lastSync: $0) })
        }
        throw .damaged(file: path, line: 1, reason: "not a sync state this version understands")
    }

    private static func write(_ state: StoredState, to path: String) throws(StoreError) {
        try fileSystem { try FileSystem.writeAtomically(Array(try JSONEncoder().encode(state)), to: path) }
    }
}
