import Foundation
import Ledger

/// One change to the savings records.
public enum SavingsChange: Equatable, Sendable {
    case account(SavingsAccount)
    case update(ValueUpdate)
    case removeAccount(id: String)
    case removeUpdate(id: String)
}

/// Where savings live: the Savings feature's port.
public protocol SavingsStore {
    /// Every account and update, updates sorted.
    func book() throws(SavingsError) -> SavingsBook
    /// Each account's latest update, found without sorting the history.
    func summary() throws(SavingsError) -> SavingsSummary
    /// As one unit: after a crash, all or none.
    func write(_ changes: [SavingsChange], at date: Date) throws(SavingsError)
    /// A check and its writes with other writers kept out.
    func exclusively<T>(_ body: () throws(SavingsError) -> T) throws(SavingsError) -> T
}

/// Savings as `savings-account` and `savings-update` entries on a ledger; other kinds share it
/// untouched.
public struct LedgerSavingsStore: SavingsStore {
    private let ledger: LedgerStore
    /// Each account's latest value, as the projection engine keeps it.
    private let summaries: any ProjectionReading<SavingsSummary>

    /// - Parameter summaries: where the summary is read from; a replay of `ledger` by default.
    public init(ledger: LedgerStore, summaries: (any ProjectionReading<SavingsSummary>)? = nil) {
        self.ledger = ledger
        self.summaries = summaries ?? ReplayedProjection(ledger: ledger, empty: .empty)
    }

    public func book() throws(SavingsError) -> SavingsBook {
        let (accounts, updates) = try records()
        return SavingsBook(accounts: accounts, updates: updates)
    }

    public func summary() throws(SavingsError) -> SavingsSummary {
        do throws(LedgerReadError) {
            return try summaries.current()
        } catch {
            throw .unreadable(error)
        }
    }


    /// The live accounts and updates, in the ledger's order, from one pass: accounts are few and
    /// collected as they are, updates are decoded as they are read.
    private func records() throws(SavingsError) -> (accounts: [SavingsAccount], updates: [ValueUpdate]) {
        var updates: [ValueUpdate] = []
        let superseded: [Int], accountEntries: [LedgerEntry]
        do throws(LedgerReadError) {
            (superseded, accountEntries) = try ledger.scanLive(reserve: { updates.reserveCapacity($0) }, collecting: [SavingsLedgerCodec.account]) {
                entry throws(LedgerDecodingError) in
                guard case let .update(update)? = try SavingsLedgerCodec.record(from: entry) else { return false }
                updates.append(update)
                return true
            }
        } catch {
            throw .unreadable(error)
        }
        var accounts: [SavingsAccount] = []
        do throws(LedgerDecodingError) {
            for entry in accountEntries {
                if case let .account(account)? = try SavingsLedgerCodec.record(from: entry) { accounts.append(account) }
            }
        } catch {
            throw .unreadable(.undecodable(error))
        }
        updates.removeAll(atPositions: superseded)
        return (accounts, updates)
    }

    public func exclusively<T>(_ body: () throws(SavingsError) -> T) throws(SavingsError) -> T {
        try ledger.withExclusiveAccess(body, lockFailure: SavingsError.store)
    }

    public func write(_ changes: [SavingsChange], at date: Date) throws(SavingsError) {
        let at = date.millisecondsSince1970
        let entries = changes.map { change in
            switch change {
            case let .account(account): SavingsLedgerCodec.entry(for: account, updatedAt: at)
            case let .update(update): SavingsLedgerCodec.entry(for: update, updatedAt: at)
            case let .removeAccount(id): LedgerEntry.tombstone(id: id, kind: SavingsLedgerCodec.account.name, at: at)
            case let .removeUpdate(id): LedgerEntry.tombstone(id: id, kind: SavingsLedgerCodec.update.name, at: at)
            }
        }
        guard !entries.isEmpty else { return }
        do throws(StoreError) {
            if entries.count == 1 { try ledger.append(entries[0]) } else { try ledger.apply(entries) }
        } catch {
            throw .store(error)
        }
    }
}

extension SavingsAccountsHolding {
    /// The account called `name`, or the error that names the accounts there are.
    public func requireAccount(named name: String) throws(SavingsError) -> SavingsAccount {
        guard let account = account(named: name) else { throw .unknownAccount(name, known: accounts.map(\.name)) }
        return account
    }
}

extension SavingsBook {
    /// The one update whose id starts with `prefix`.
    func requireUpdate(idPrefix prefix: String) throws(SavingsError) -> ValueUpdate {
        let matches = prefix.isEmpty ? [] : updates.filter { $0.id.hasPrefix(prefix.lowercased()) }
        guard matches.count <= 1 else { throw .ambiguousUpdate(prefix, matches: matches.count) }
        guard let update = matches.first else { throw .unknownUpdate(prefix) }
        return update
    }
}
