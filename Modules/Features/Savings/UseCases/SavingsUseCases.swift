import Foundation
import FixedPoint
import Ledger

public protocol SavingsLoading {
    func load() throws(SavingsError) -> SavingsBook
    func loadSummary() throws(SavingsError) -> SavingsSummary
}

/// Reads every account and update, for the history and the charts, or each account's current
/// value, for the list.
public struct LoadSavingsUseCase: SavingsLoading {
    private let ledger: SavingsLedger

    public init(ledger: LedgerStore) {
        self.ledger = SavingsLedger(ledger: ledger)
    }

    public func load() throws(SavingsError) -> SavingsBook {
        try ledger.book()
    }

    public func loadSummary() throws(SavingsError) -> SavingsSummary {
        try ledger.summary()
    }
}

/// Creating, renaming, closing, reopening and deleting accounts. Names are unique, ignoring case.
public final class ManageSavingsAccountsUseCase {
    private let ledger: SavingsLedger
    private let now: () -> Date
    private let makeID: () -> String

    public init(ledger: LedgerStore, now: @escaping () -> Date, makeID: @escaping () -> String) {
        self.ledger = SavingsLedger(ledger: ledger)
        self.now = now
        self.makeID = makeID
    }

    /// A new account; `value`, when given, becomes its first update, at `at` (default: now).
    @discardableResult
    public func add(name: String, value: FixedDecimal?, at: Date?) throws(SavingsError) -> SavingsAccount {
        let name = name.trimmingCharacters(in: .whitespaces)
        guard SavingsRules.isName(name) else { throw .invalidName(name) }
        let now = now(), at = SavingsRules.toTheSecond(at ?? now)
        guard at <= now else { throw .futureTime(at, now: now) }
        if let value { guard SavingsRules.isValue(value) else { throw .invalidValue(value) } }
        return try ledger.exclusively { () throws(SavingsError) in
            guard try ledger.summary().account(named: name) == nil else { throw .nameTaken(name) }
            let account = SavingsAccount(id: makeID(), name: name, createdAt: at)
            var entries = [SavingsLedgerCodec.entry(for: account, updatedAt: now.millisecondsSince1970)]
            if let value {
                entries.append(SavingsLedgerCodec.entry(for: ValueUpdate(id: makeID(), accountID: account.id, value: value, at: at),
                                                        updatedAt: now.millisecondsSince1970))
            }
            try ledger.write(entries)
            return account
        }
    }

    @discardableResult
    public func rename(_ oldName: String, to newName: String) throws(SavingsError) -> SavingsAccount {
        let newName = newName.trimmingCharacters(in: .whitespaces)
        guard SavingsRules.isName(newName) else { throw .invalidName(newName) }
        return try changing(oldName) { (summary, account) throws(SavingsError) in
            if let other = summary.account(named: newName), other.id != account.id { throw .nameTaken(newName) }
            account.name = newName
        }
    }

    /// Closes an account at `at` (default: now), keeping its history.
    @discardableResult
    public func close(_ name: String, at: Date?) throws(SavingsError) -> SavingsAccount {
        let now = now(), at = SavingsRules.toTheSecond(at ?? now)
        guard at <= now else { throw .futureTime(at, now: now) }
        return try changing(name) { (summary, account) throws(SavingsError) in
            if let closedAt = account.closedAt { throw .alreadyClosed(account.name, at: closedAt) }
            if let latest = summary.latestUpdates[account.id], latest.at > at { throw .closesBeforeLatestUpdate(account.name, latest: latest.at) }
            account.closedAt = at
        }
    }

    @discardableResult
    public func reopen(_ name: String) throws(SavingsError) -> SavingsAccount {
        try changing(name) { (_, account) throws(SavingsError) in
            guard account.closedAt != nil else { throw .notClosed(account.name) }
            account.closedAt = nil
        }
    }

    /// Deletes the account and every update of it, as one unit. Returns how many updates went.
    @discardableResult
    public func delete(_ name: String) throws(SavingsError) -> (account: SavingsAccount, updates: Int) {
        try ledger.exclusively { () throws(SavingsError) in
            let book = try ledger.book()
            let account = try book.requireAccount(named: name)
            let updates = book.updates(of: account.id)
            let at = now().millisecondsSince1970
            try ledger.write(updates.map { .tombstone(id: $0.id, kind: SavingsLedgerCodec.update.name, at: at) }
                + [.tombstone(id: account.id, kind: SavingsLedgerCodec.account.name, at: at)])
            return (account, updates.count)
        }
    }

    private func changing(_ name: String, _ change: (SavingsSummary, inout SavingsAccount) throws(SavingsError) -> Void) throws(SavingsError) -> SavingsAccount {
        try ledger.exclusively { () throws(SavingsError) in
            let summary = try ledger.summary()
            var account = try summary.requireAccount(named: name)
            try change(summary, &account)
            try ledger.write([SavingsLedgerCodec.entry(for: account, updatedAt: now().millisecondsSince1970)])
            return account
        }
    }
}

/// Recording what an account is worth, and correcting or deleting a recorded value. An update
/// can be for any moment up to now, so history can be filled in out of order.
public final class RecordSavingsValueUseCase {
    private let ledger: SavingsLedger
    private let now: () -> Date
    private let makeID: () -> String

    public init(ledger: LedgerStore, now: @escaping () -> Date, makeID: @escaping () -> String) {
        self.ledger = SavingsLedger(ledger: ledger)
        self.now = now
        self.makeID = makeID
    }

    @discardableResult
    public func record(_ value: FixedDecimal, for name: String, at: Date?) throws(SavingsError) -> ValueUpdate {
        let now = now(), at = SavingsRules.toTheSecond(at ?? now)
        try check(value, at: at, now: now)
        return try ledger.exclusively { () throws(SavingsError) in
            let account = try ledger.summary().requireAccount(named: name)
            guard account.isActive else { throw .accountClosed(account.name) }
            let update = ValueUpdate(id: makeID(), accountID: account.id, value: value, at: at)
            try ledger.write([SavingsLedgerCodec.entry(for: update, updatedAt: now.millisecondsSince1970)])
            return update
        }
    }

    /// Changes an update's value or time, found by a unique prefix of its id.
    @discardableResult
    public func edit(_ idPrefix: String, value: FixedDecimal?, at: Date?) throws(SavingsError) -> ValueUpdate {
        let now = now()
        return try ledger.exclusively { () throws(SavingsError) in
            var update = try ledger.book().requireUpdate(idPrefix: idPrefix)
            update.value = value ?? update.value
            update.at = at.map(SavingsRules.toTheSecond) ?? update.at
            try check(update.value, at: update.at, now: now)
            try ledger.write([SavingsLedgerCodec.entry(for: update, updatedAt: now.millisecondsSince1970)])
            return update
        }
    }

    @discardableResult
    public func delete(_ idPrefix: String) throws(SavingsError) -> ValueUpdate {
        try ledger.exclusively { () throws(SavingsError) in
            let update = try ledger.book().requireUpdate(idPrefix: idPrefix)
            try ledger.write([.tombstone(id: update.id, kind: SavingsLedgerCodec.update.name, at: now().millisecondsSince1970)])
            return update
        }
    }

    private func check(_ value: FixedDecimal, at: Date, now: Date) throws(SavingsError) {
        guard SavingsRules.isValue(value) else { throw .invalidValue(value) }
        guard at <= now else { throw .futureTime(at, now: now) }
    }
}
