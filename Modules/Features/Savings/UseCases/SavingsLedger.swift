import Foundation
import Ledger

/// Reads and writes savings records on a ledger; other kinds share it untouched.
struct SavingsLedger {
    let ledger: LedgerStore

    func book() throws(SavingsError) -> SavingsBook {
        var records: [SavingsLedgerCodec.Record] = []
        let superseded: [Int]
        do throws(LedgerReadError) {
            superseded = try ledger.scanLive(reserve: { _ in }) { entry throws(LedgerDecodingError) in
                guard let record = try SavingsLedgerCodec.record(from: entry) else { return false }
                records.append(record)
                return true
            }
        } catch {
            throw .unreadable(error)
        }
        let dropped = Set(superseded)
        var accounts: [SavingsAccount] = [], updates: [ValueUpdate] = []
        updates.reserveCapacity(records.count)
        for (index, record) in records.enumerated() where !dropped.contains(index) {
            switch record {
            case let .account(account): accounts.append(account)
            case let .update(update): updates.append(update)
            }
        }
        return SavingsBook(accounts: accounts, updates: updates)
    }

    /// Runs a check and its writes with other writers kept out.
    func exclusively<T>(_ body: () throws(SavingsError) -> T) throws(SavingsError) -> T {
        do {
            return try ledger.withExclusiveAccess { () throws -> T in try body() }
        } catch let error as SavingsError {
            throw error
        } catch let error as StoreError {
            throw .store(error)
        } catch {
            preconditionFailure("only savings and store errors are thrown here: \(error)")
        }
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

extension SavingsBook {
    /// The account called `name`, or the error that names the accounts there are.
    func requireAccount(named name: String) throws(SavingsError) -> SavingsAccount {
        guard let account = account(named: name) else { throw .unknownAccount(name, known: accounts.map(\.name)) }
        return account
    }

    /// The one update whose id starts with `prefix`.
    func requireUpdate(idPrefix prefix: String) throws(SavingsError) -> ValueUpdate {
        let matches = prefix.isEmpty ? [] : updates.filter { $0.id.hasPrefix(prefix.lowercased()) }
        guard matches.count <= 1 else { throw .ambiguousUpdate(prefix, matches: matches.count) }
        guard let update = matches.first else { throw .unknownUpdate(prefix) }
        return update
    }
}
