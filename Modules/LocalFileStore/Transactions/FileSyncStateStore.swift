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
        let bytes = Array(try JSONEncoder().encode(all))
        try storeErrors { try FileSystem.writeAtomically(bytes, to: path) }
    }

    private func readAll() throws -> [String: Int64] {
        guard let bytes = try storeErrors({ try FileSystem.readFile(path) }) else { return [:] }
        guard let all = try? JSONDecoder().decode([String: Int64].self, from: Data(bytes)) else {
            throw TransactionsStoreError("\(path) is damaged. Delete it: the next sync then treats every difference as a conflict and still keeps the newest version.")
        }
        return all
    }
}
