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
    private let store: SavingsStore

    public init(store: SavingsStore) {
        self.store = store
    }

    public func load() throws(SavingsError) -> SavingsBook {
        try store.book()
    }

    public func loadSummary() throws(SavingsError) -> SavingsSummary {
        try store.summary()
    }
}

/// Creating, renaming, closing, reopening and deleting accounts. Names are unique, ignoring case.
public final class ManageSavingsAccountsUseCase {
    private let store: SavingsStore
    private let now: () -> Date
    private let makeID: () -> String

    public init(store: SavingsStore, now: @escaping () -> Date, makeID: @escaping () -> String) {
        self.store = store
        self.now = now
        self.makeID = makeID
    }

    /// A new account; `value`, when given, becomes its first update, at `at` (default: now).
    @discardableResult
    /// - Parameter currency: an ISO 4217 code, or nil for the base currency.
    public func add(name: String, value: FixedDecimal?, at: Date?, currency: String? = nil) throws(SavingsError) -> SavingsAccount {
        let name = name.trimmingCharacters(in: .whitespaces)
        guard SavingsRules.isName(name) else { throw .invalidName(name) }
        let currency = currency?.trimmingCharacters(in: .whitespaces).uppercased()
        if let currency { guard SavingsRules.isCurrency(currency) else { throw .invalidCurrency(currency) } }
        let now = now(), at = SavingsRules.toTheSecond(at ?? now)
        guard at <= now else { throw .futureTime(at, now: now) }
        if let value { guard SavingsRules.isValue(value) else { throw .invalidValue(value) } }
        return try store.exclusively { () throws(SavingsError) in
            guard try store.summary().account(named: name) == nil else { throw .nameTaken(name) }
            let account = SavingsAccount(id: makeID(), name: name, createdAt: at, currency: currency)
            var changes: [SavingsChange] = [.account(account)]
            if let value { changes.append(.update(ValueUpdate(id: makeID(), accountID: account.id, value: value, at: at))) }
            try store.write(changes, at: now)
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
        try store.exclusively { () throws(SavingsError) in
            let book = try store.book()
            let account = try book.requireAccount(named: name)
            let updates = book.updates(of: account.id)
            try store.write(updates.map { .removeUpdate(id: $0.id) } + [.removeAccount(id: account.id)], at: now())
            return (account, updates.count)
        }
    }

    private func changing(_ name: String, _ change: (SavingsSummary, inout SavingsAccount) throws(SavingsError) -> Void) throws(SavingsError) -> SavingsAccount {
        try store.exclusively { () throws(SavingsError) in
            let summary = try store.summary()
            var account = try summary.requireAccount(named: name)
            try change(summary, &account)
            try store.write([.account(account)], at: now())
            return account
        }
    }
}

/// Recording what an account is worth, and correcting or deleting a recorded value. An update
/// can be for any moment up to now, so history can be filled in out of order.
public final class RecordSavingsValueUseCase {
    private let store: SavingsStore
    private let now: () -> Date
    private let makeID: () -> String

    public init(store: SavingsStore, now: @escaping () -> Date, makeID: @escaping () -> String) {
        self.store = store
        self.now = now
        self.makeID = makeID
    }

    @discardableResult
    public func record(_ value: FixedDecimal, for name: String, at: Date?) throws(SavingsError) -> ValueUpdate {
        let now = now(), at = SavingsRules.toTheSecond(at ?? now)
        try check(value, at: at, now: now)
        return try store.exclusively { () throws(SavingsError) in
            let account = try store.summary().requireAccount(named: name)
            guard account.isActive else { throw .accountClosed(account.name) }
            let update = ValueUpdate(id: makeID(), accountID: account.id, value: value, at: at)
            try store.write([.update(update)], at: now)
            return update
        }
    }

    /// Changes an update's value or time, found by a unique prefix of its id.
    @discardableResult
    public func edit(_ idPrefix: String, value: FixedDecimal?, at: Date?) throws(SavingsError) -> ValueUpdate {
        let now = now()
        return try store.exclusively { () throws(SavingsError) in
            var update = try store.book().requireUpdate(idPrefix: idPrefix)
            update.value = value ?? update.value
            update.at = at.map(SavingsRules.toTheSecond) ?? update.at
            try check(update.value, at: update.at, now: now)
            try store.write([.update(update)], at: now)
            return update
        }
    }

    @discardableResult
    public func delete(_ idPrefix: String) throws(SavingsError) -> ValueUpdate {
        try store.exclusively { () throws(SavingsError) in
            let update = try store.book().requireUpdate(idPrefix: idPrefix)
            try store.write([.removeUpdate(id: update.id)], at: now())
            return update
        }
    }

    private func check(_ value: FixedDecimal, at: Date, now: Date) throws(SavingsError) {
        guard SavingsRules.isValue(value) else { throw .invalidValue(value) }
        guard at <= now else { throw .futureTime(at, now: now) }
    }
}
