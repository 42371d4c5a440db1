import Foundation
import Ledger

/// Reads and writes savings records on a ledger; other kinds share it untouched.
struct SavingsLedger {
    let ledger: LedgerStore

    func book() throws(SavingsError) -> SavingsBook {
        let (accounts, updates) = try records()
        return SavingsBook(accounts: accounts, updates: updates)
    }

    func summary() throws(SavingsError) -> SavingsSummary {
        let (accounts, updates) = try records()
        return SavingsSummary(accounts: accounts, updates: updates)
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
        return (accounts, updates.removing(positions: superseded))
    }

    /// Runs a check and its writes with other writers kept out.
    func exclusively<T>(_ body: () throws(SavingsError) -> T) throws(SavingsError) -> T {
        try ledger.withExclusiveAccess(body, lockFailure: SavingsError.store)
    }

    /// Every entry as one unit: after a crash, all or none.
    func write(_ entries: [LedgerEntry]) throws(SavingsError) {
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
