import Foundation
import Ledger

/// When this device last synced with each account, in `sync-state.json`: `{"<uid>": <ms>}`.
public final class FileSyncStateStore: SyncStateStore {
    private let path: String
    private let account: String

    public init(directory: URL, account: String) {
        path = directory.appendingPathComponent("sync-state.json").path
        self.account = account
    }

    public func lastSync() throws(StoreError) -> Date? {
        try readAll()[account].map(Date.init(millisecondsSince1970:))
    }

    public func recordSync(at date: Date) throws(StoreError) {
        var all = try readAll()
        all[account] = date.millisecondsSince1970
        try fileSystem { try FileSystem.writeAtomically(Array(try JSONEncoder().encode(all)), to: path) }
    }

    private func readAll() throws(StoreError) -> [String: Int64] {
        guard let bytes = try fileSystem({ try FileSystem.readFile(path) }) else { return [:] }
        guard let all = try? JSONDecoder().decode([String: Int64].self, from: Data(bytes)) else {
            throw .damaged(file: path, line: 1, reason: "not a sync state this version understands")
        }
        return all
    }
}
