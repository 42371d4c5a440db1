import Foundation
import Ledger

public enum AccountsError: LedgerFeatureError, Equatable {
    case store(StoreError)
    case unreadable(LedgerDecodingError)
    case invalidName(String)
    case nameTaken(String)
    /// No account of this name; `known` are the names there are, for a did-you-mean.
    case noSuchAccount(String, known: [String])
    /// The default account always exists, under its own name.
    case defaultAccount
    case closed(String)
}

public protocol AccountsManaging {
    func add(name: String, kind: AccountKind) throws(AccountsError) -> InvestmentAccount
    /// The default account first, then the others by name.
    func all() throws(AccountsError) -> [InvestmentAccount]
    func rename(_ name: String, to newName: String) throws(AccountsError) -> InvestmentAccount
    func close(_ name: String) throws(AccountsError) -> InvestmentAccount
    /// The account of this name, any case; the default account is `default`.
    func account(named name: String) throws(AccountsError) -> InvestmentAccount
}

public final class ManageAccountsUseCase: AccountsManaging {
    private let store: AccountsStore
    private let now: () -> Date
    private let makeID: () -> String

    public init(store: AccountsStore, now: @escaping () -> Date, makeID: @escaping () -> String) {
        self.store = store
        self.now = now
        self.makeID = makeID
    }

    public func add(name: String, kind: AccountKind) throws(AccountsError) -> InvestmentAccount {
        let name = name.trimmingCharacters(in: .whitespaces)
        try Self.check(name)
        return try store.exclusively { () throws(AccountsError) in
            try self.refuseTaken(name, among: try store.accounts())
            let account = InvestmentAccount(id: AccountsLedgerCodec.idPrefix + makeID(), name: name, kind: kind)
            try store.save(account, at: now())
            return account
        }
    }

    public func all() throws(AccountsError) -> [InvestmentAccount] {
        [.default] + (try store.accounts()).sorted { $0.name.lowercased() < $1.name.lowercased() }
    }

    public func rename(_ name: String, to newName: String) throws(AccountsError) -> InvestmentAccount {
        let newName = newName.trimmingCharacters(in: .whitespaces)
        try Self.check(newName)
        return try store.exclusively { () throws(AccountsError) in
            let accounts = try store.accounts()
            let account = try Self.find(name, in: accounts)
            guard !account.isDefault else { throw .defaultAccount }
            try self.refuseTaken(newName, among: accounts.filter { $0.id != account.id })
            let renamed = InvestmentAccount(id: account.id, name: newName, kind: account.kind, closedAt: account.closedAt)
            try store.save(renamed, at: now())
            return renamed
        }
    }

    public func close(_ name: String) throws(AccountsError) -> InvestmentAccount {
        try store.exclusively { () throws(AccountsError) in
            let account = try Self.find(name, in: try store.accounts())
            guard !account.isDefault else { throw .defaultAccount }
            guard !account.isClosed else { throw .closed(account.name) }
            let closed = InvestmentAccount(id: account.id, name: account.name, kind: account.kind, closedAt: now())
            try store.save(closed, at: now())
            return closed
        }
    }

    public func account(named name: String) throws(AccountsError) -> InvestmentAccount {
        try Self.find(name, in: try store.accounts())
    }

    private static func find(_ name: String, in accounts: [InvestmentAccount]) throws(AccountsError) -> InvestmentAccount {
        if let account = InvestmentAccount.named(name, in: accounts) { return account }
        throw .noSuchAccount(name, known: [InvestmentAccount.defaultName] + accounts.map(\.name))
    }

    private static func check(_ name: String) throws(AccountsError) {
        guard InvestmentAccount.isName(name) else { throw .invalidName(name) }
        guard name.lowercased() != InvestmentAccount.defaultName else { throw .defaultAccount }
    }

    private func refuseTaken(_ name: String, among accounts: [InvestmentAccount]) throws(AccountsError) {
        if let taken = accounts.first(where: { $0.name.lowercased() == name.lowercased() }) { throw .nameTaken(taken.name) }
    }
}
