import Foundation
import Ledger

final class ValidatorStub: LedgerEntryValidating {
    private let rejecting: Set<String>
    private(set) var checked: [(incoming: [LedgerEntry], current: [LedgerEntry])] = []

    init(rejecting: Set<String> = []) {
        self.rejecting = rejecting
    }

    func rejections(of incoming: [LedgerEntry], over current: [LedgerEntry]) -> [LedgerRejection] {
        checked.append((incoming, current))
        // As the features' validators: a deletion reads as nothing, never as a bad record.
        return incoming.filter { !$0.isDeleted && rejecting.contains($0.id) }.map { LedgerRejection(id: $0.id, kind: $0.kind, reasons: ["stub"]) }
    }
}

/// A remote holding records of which some can't be read, and that can't hold some ids.
final class RemoteWithUnreadable: LedgerStore {
    private let entries: [LedgerEntry]
    private let unreadable: [LedgerRejection]
    private let unstorable: Set<String>
    private(set) var applied: [LedgerEntry] = []

    init(entries: [LedgerEntry], unreadable: [LedgerRejection], unstorable: Set<String> = []) {
        self.entries = entries
        self.unreadable = unreadable
        self.unstorable = unstorable
    }

    func rejections(ofStoring entries: [LedgerEntry]) -> [LedgerRejection] {
        entries.filter { unstorable.contains($0.id) }.map { LedgerRejection(id: $0.id, kind: $0.kind, reasons: ["too big"]) }
    }

    func retrieveEntries() throws(StoreError) -> [LedgerEntry] { entries }
    func retrieveReadableEntries() throws(StoreError) -> (entries: [LedgerEntry], unreadable: [LedgerRejection]) { (entries, unreadable) }
    func append(_ entry: LedgerEntry) throws(StoreError) { applied.append(entry) }
    func apply(_ entries: [LedgerEntry]) throws(StoreError) { applied += entries }
    func withExclusiveAccess<T, Failure: Error>(_ body: () throws(Failure) -> T, lockFailure: (StoreError) -> Failure) throws(Failure) -> T { try body() }
}

/// A remote that can't be reached: every call fails.
final class FailingRemoteStore: LedgerStore {
    private let error = StoreError.unavailable(host: "remote", reason: .noConnection)

    func retrieveEntries() throws(StoreError) -> [LedgerEntry] { throw error }
    func append(_ entry: LedgerEntry) throws(StoreError) { throw error }
    func apply(_ entries: [LedgerEntry]) throws(StoreError) { throw error }
    func withExclusiveAccess<T, Failure: Error>(_ body: () throws(Failure) -> T, lockFailure: (StoreError) -> Failure) throws(Failure) -> T { throw lockFailure(error) }
}
