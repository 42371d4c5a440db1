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
    /// The ISO 4217 code its values are in; nil for the base currency.
    public let currency: String?

    public init(id: String, name: String, createdAt: Date, closedAt: Date? = nil, currency: String? = nil) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.closedAt = closedAt
        self.currency = currency
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
    /// When it was recorded, if known: of two updates for the same moment, the one recorded
    /// later counts.
    public var recordedAt: Date?

    public init(id: String, accountID: String, value: FixedDecimal, at: Date, recordedAt: Date? = nil) {
        self.id = id
        self.accountID = accountID
        self.value = value
        self.at = at
        self.recordedAt = recordedAt
    }

    /// Whether this update counts before `other`: the earlier moment first; for the same moment,
    /// the one recorded later counts (comes after), then by id, so every device agrees.
    public func counts(before other: ValueUpdate) -> Bool {
        guard at == other.at else { return at < other.at }
        let (recorded, otherRecorded) = (recordedAt ?? .distantPast, other.recordedAt ?? .distantPast)
        return recorded != otherRecorded ? recorded < otherRecorded : id < other.id
    }
}

extension SavingsAccount {
    /// By name, ignoring case, then by id: the order every list shows accounts in.
    static func listed(_ accounts: [SavingsAccount]) -> [SavingsAccount] {
        accounts.sorted { $0.name.lowercased() != $1.name.lowercased() ? $0.name.lowercased() < $1.name.lowercased() : $0.id < $1.id }
    }
}

/// What holds the accounts: the whole book, or the summary a check or a list needs.
public protocol SavingsAccountsHolding {
    var accounts: [SavingsAccount] { get }
}

extension SavingsAccountsHolding {
    /// The account called `name`, ignoring case.
    public func account(named name: String) -> SavingsAccount? {
        accounts.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }
}

/// Every account with its updates: the update-only model, where current values and
/// charts are worked out from the raw updates each time, never cached.
public struct SavingsBook: SavingsAccountsHolding, Equatable, Sendable {
    public let accounts: [SavingsAccount]
    /// Every update, in date order; updates for the same moment in the order they were recorded,
    /// then by id, so every device agrees.
    public let updates: [ValueUpdate]

    public init(accounts: [SavingsAccount], updates: [ValueUpdate]) {
        self.accounts = SavingsAccount.listed(accounts)
        self.updates = Self.chronological(updates)
    }

    /// Sorted by a key of plain numbers, then moved once: sorting the updates themselves moved
    /// their strings at every step, and cost more than reading them.
    private static func chronological(_ updates: [ValueUpdate]) -> [ValueUpdate] {
        let times = updates.map(\.at.timeIntervalSince1970)
        func before(_ lhs: Int, _ rhs: Int) -> Bool {
            times[lhs] != times[rhs] ? times[lhs] < times[rhs] : updates[lhs].counts(before: updates[rhs])
        }
        if zip(updates.indices, updates.indices.dropFirst()).allSatisfy({ !before($1, $0) }) { return updates }
        var order = Array(updates.indices)
        order.sort(by: before)
        return order.map { updates[$0] }
    }

    public func updates(of accountID: String) -> [ValueUpdate] {
        updates.filter { $0.accountID == accountID }
    }

    /// The latest update by date, never the last one entered: updates arrive in any order.
    public func latestUpdate(of accountID: String) -> ValueUpdate? {
        updates.last { $0.accountID == accountID }
    }

    /// An account's worth: its latest update's value, 0 before its first.
    public func currentValue(of accountID: String) -> FixedDecimal {
        latestUpdate(of: accountID)?.value ?? .zero
    }

    /// Each account's latest update and the total: read from the newest update back, stopping
    /// once every account has one, so a long history costs a few steps.
    public var summary: SavingsSummary {
        var latest: [String: ValueUpdate] = [:]
        latest.reserveCapacity(accounts.count)
        var unseen = Set(accounts.map(\.id))
        for update in updates.reversed() where latest[update.accountID] == nil {
            latest[update.accountID] = update
            unseen.remove(update.accountID)
            if unseen.isEmpty { break }
        }
        return SavingsSummary(listedAccounts: accounts, latestUpdates: latest)
    }

    /// The sum of the current values of the active accounts.
    public var total: FixedDecimal { summary.total }
}

/// Every account with its current value: what the accounts list shows and what a change to an
/// account checks. Worked out from the updates in one pass, without putting them in date order,
/// which costs more than reading them.
public struct SavingsSummary: SavingsAccountsHolding, Equatable, Sendable {
    /// In list order, as in `SavingsBook`.
    public internal(set) var accounts: [SavingsAccount]
    /// The latest update of every account that has one, by account id.
    public internal(set) var latestUpdates: [String: ValueUpdate]

    /// From updates in any order: the latest of each account by `ValueUpdate.counts(before:)`.
    public init(accounts: [SavingsAccount], updates: [ValueUpdate]) {
        self.init(listedAccounts: SavingsAccount.listed(accounts), latestUpdates: [:])
        latestUpdates.reserveCapacity(accounts.count)
        for update in updates { note(update) }
    }

    /// Keeps `update` if it is its account's latest: in any order, the same latest.
    mutating func note(_ update: ValueUpdate) {
        if latestUpdates[update.accountID].map({ $0.counts(before: update) }) ?? true { latestUpdates[update.accountID] = update }
    }

    @_spi(Projections) public init(listedAccounts: [SavingsAccount], latestUpdates: [String: ValueUpdate]) {
        accounts = listedAccounts
        self.latestUpdates = latestUpdates
    }

    /// The sum of the current values of the active accounts.
    public var total: FixedDecimal {
        accounts.filter(\.isActive).reduce(.zero) { $0 + (latestUpdates[$1.id]?.value ?? .zero) }
    }
}
