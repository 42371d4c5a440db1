import Foundation
import Transactions

/// When this device last synced with each account, in `sync-state.json`: `{"<uid>": <ms>}`.
public final class FileSyncStateStore: SyncStateStore {
    private let path: String
    private let account: String

    public init(directory: URL, account: String) {
        path = directory.appendingPathComponent("sync-state.json").path
        self.account = account
    }

    public func lastSync() throws -> Date? {
        try readAll()[account].map(Date.init(millisecondsSince1970:))
    }

    public func recordSync(at date: Date) throws {
        var all = try readAll()
        all[account] = date.millisecondsSince1970
        do {
            try FileSystem.writeAtomically(Array(try JSONEncoder().encode(all)), to: path)
        } catch {
            throw TransactionsStoreError("could not save the sync state to \(path): \(error)")
        }
    }

    private func readAll() throws -> [String: Int64] {
        let bytes: [UInt8]?
        do { bytes = try FileSystem.readFile(path) } catch { throw TransactionsStoreError("\(error)") }
        guard let bytes else { return [:] }
        guard let all = try? JSONDecoder().decode([String: Int64].self, from: Data(bytes)) else {
            throw TransactionsStoreError("\(path) is damaged. Delete it: the next sync then treats every difference as a conflict and still keeps the newest version.")
        }
        return all
    }
}
