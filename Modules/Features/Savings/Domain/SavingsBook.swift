import Foundation
import FixedPoint

/// A savings account, ISA or pension whose worth the user records now and then. Keyed by id:
/// names can change, and two accounts may carry one name at different times.
public struct SavingsAccount: Equatable, Sendable {
    public let id: String
    public var name: String
    public let createdAt: Date
    /// When it was closed; a closed account keeps its history but leaves the current total.
    public var closedAt: Date?

    public init(id: String, name: String, createdAt: Date, closedAt: Date? = nil) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.closedAt = closedAt
    }

    public var isActive: Bool { closedAt == nil }
}

/// What an account was worth at an exact moment (stored in UTC, to the second: a file
/// exported with whole seconds imports back as the same updates).
public struct ValueUpdate: Equatable, Sendable {
    public let id: String
    public let accountID: String
    public var value: FixedDecimal
    public var at: Date

    public init(id: String, accountID: String, value: FixedDecimal, at: Date) {
        self.id = id
        self.accountID = accountID
        self.value = value
        self.at = at
    }

    /// Date order; updates at the same moment in id order, so every device agrees.
    static func chronological(_ lhs: ValueUpdate, _ rhs: ValueUpdate) -> Bool {
        lhs.at != rhs.at ? lhs.at < rhs.at : lhs.id < rhs.id
    }
}

/// Every account with its updates: the seed's update-only model, where current values and
/// charts are worked out from the raw updates each time, never cached.
public struct SavingsBook: Equatable, Sendable {
    public let accounts: [SavingsAccount]
    /// Every update, in date order.
    public let updates: [ValueUpdate]

    public init(accounts: [SavingsAccount], updates: [ValueUpdate]) {
        self.accounts = accounts.sorted { $0.name.lowercased() != $1.name.lowercased() ? $0.name.lowercased() < $1.name.lowercased() : $0.id < $1.id }
        self.updates = updates.sorted(by: ValueUpdate.chronological)
    }

    /// The account called `name`, ignoring case.
    public func account(named name: String) -> SavingsAccount? {
        accounts.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    public func updates(of accountID: String) -> [ValueUpdate] {
        updates.filter { $0.accountID == accountID }
    }

    /// The latest update by date, never the last one entered: updates arrive in any order.
    public func latestUpdate(of accountID: String) -> ValueUpdate? {
        updates.last { $0.accountID == accountID }
    }

    /// The latest update of every account that has one, by account id, in one pass.
    public var latestUpdates: [String: ValueUpdate] {
        var latest: [String: ValueUpdate] = [:]
        for update in updates { latest[update.accountID] = update }
        return latest
    }

    /// An account's worth: its latest update's value, 0 before its first.
    public func currentValue(of accountID: String) -> FixedDecimal {
        latestUpdate(of: accountID)?.value ?? .zero
    }

    /// The sum of the current values of the active accounts.
    public var total: FixedDecimal {
        let latest = latestUpdates
        return accounts.filter(\.isActive).reduce(.zero) { $0 + (latest[$1.id]?.value ?? .zero) }
    }
}
