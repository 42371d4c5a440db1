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

    /// The live accounts and updates, in the ledger's order.
    private func records() throws(SavingsError) -> (accounts: [SavingsAccount], updates: [ValueUpdate]) {
        var accounts: [SavingsAccount] = [], updates: [ValueUpdate] = []
        // Where each account came among all kept records, to map superseded positions back.
        var accountPositions: [Int] = []
        let superseded: [Int]
        do throws(LedgerReadError) {
            superseded = try ledger.scanLive(reserve: { updates.reserveCapacity($0) }) { entry throws(LedgerDecodingError) in
                switch try SavingsLedgerCodec.record(from: entry) {
                case let .account(account)?:
                    accountPositions.append(accounts.count + updates.count)
                    accounts.append(account)
                case let .update(update)?:
                    updates.append(update)
                case nil:
                    return false
                }
                return true
            }
        } catch {
            throw .unreadable(error)
        }
        guard !superseded.isEmpty else { return (accounts, updates) }
        var deadAccounts = Set<Int>(), deadUpdates = Set<Int>()
        for position in superseded {
            let accountsBefore = accountPositions.partitioningIndex { $0 >= position }
            if accountsBefore < accountPositions.count, accountPositions[accountsBefore] == position {
                deadAccounts.insert(accountsBefore)
            } else {
                deadUpdates.insert(position - accountsBefore)
            }
        }
        return (accounts.indices.filter { !deadAccounts.contains($0) }.map { accounts[$0] },
                updates.indices.filter { !deadUpdates.contains($0) }.map { updates[$0] })
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

extension Array {
    /// The first index whose element is `belongs`, in an array where those come last.
    fileprivate func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
