import Foundation
import FixedPoint
import Ledger

/// One row of a savings file: `account,timestamp,value[,closed]`, already parsed by the client,
/// with the line it came from.
public struct SavingsImportRow: Equatable, Sendable {
    public let line: Int
    public let accountName: String
    public let at: Date
    public let value: FixedDecimal
    /// When the account was closed, as an export writes it; nil for an active one.
    public let closedAt: Date?

    public init(line: Int, accountName: String, at: Date, value: FixedDecimal, closedAt: Date? = nil) {
        self.line = line
        self.accountName = accountName
        self.at = SavingsRules.toTheSecond(at)
        self.value = value
        self.closedAt = closedAt.map(SavingsRules.toTheSecond)
    }
}

public struct SavingsImportProblem: Equatable, Sendable {
    public let line: Int
    public let error: SavingsError

    public init(line: Int, error: SavingsError) {
        self.line = line
        self.error = error
    }
}

public struct SavingsImportOutcome: Equatable, Sendable {
    /// Updates written (or, in a dry run, that would be).
    public let imported: Int
    /// Names of the accounts the file created.
    public let createdAccounts: [String]
    /// Rows already recorded (same account, time and value), skipped.
    public let duplicates: Int

    public init(imported: Int, createdAccounts: [String], duplicates: Int) {
        self.imported = imported
        self.createdAccounts = createdAccounts
        self.duplicates = duplicates
    }
}

public enum SavingsImportError: Error, Equatable, Sendable {
    /// Every bad row, by line; nothing was written.
    case invalidRows([SavingsImportProblem])
    case failed(SavingsError)
}

/// Imports value updates all or nothing: every row is checked first, and any bad row means
/// nothing is written. A row already recorded is skipped, even for a closed account, so an
/// export imported again adds nothing. An account the file names that doesn't exist is created,
/// dated by its earliest row, and closed when the file says so (as an export of a closed account
/// does); a new value for an existing closed account is refused.
public final class ImportSavingsUseCase {
    private let store: SavingsStore
    private let now: () -> Date
    private let makeID: () -> String

    public init(store: SavingsStore, now: @escaping () -> Date, makeID: @escaping () -> String) {
        self.store = store
        self.now = now
        self.makeID = makeID
    }

    public func importRows(_ rows: [SavingsImportRow], dryRun: Bool) throws(SavingsImportError) -> SavingsImportOutcome {
        let now = now()
        let result: Result<SavingsImportOutcome, SavingsImportError>
        do throws(SavingsError) {
            result = try store.exclusively { () throws(SavingsError) -> Result<SavingsImportOutcome, SavingsImportError> in
                let book = try store.book()
                var problems: [SavingsImportProblem] = []
                var newAccounts: [String: SavingsAccount] = [:], newOrder: [String] = []
                var seen = Set(book.updates.map { Duplicate(accountID: $0.accountID, at: $0.at, value: $0.value) })
                var updates: [ValueUpdate] = [], duplicates = 0
                var lines: [Int: Int] = [:]
                for row in rows {
                    let name = row.accountName.trimmingCharacters(in: .whitespaces)
                    guard SavingsRules.isName(name) else { problems.append(.init(line: row.line, error: .invalidName(name))); continue }
                    guard SavingsRules.isValue(row.value) else { problems.append(.init(line: row.line, error: .invalidValue(row.value))); continue }
                    guard row.at <= now else { problems.append(.init(line: row.line, error: .futureTime(row.at, now: now))); continue }
                    let account: SavingsAccount
                    if let existing = book.account(named: name) {
                        account = existing
                    } else if let created = newAccounts[name.lowercased()] {
                        account = SavingsAccount(id: created.id, name: created.name, createdAt: min(created.createdAt, row.at),
                                                 closedAt: row.closedAt ?? created.closedAt, currency: created.currency)
                        newAccounts[name.lowercased()] = account
                    } else {
                        let created = SavingsAccount(id: makeID(), name: name, createdAt: row.at, closedAt: row.closedAt)
                        newAccounts[name.lowercased()] = created
                        newOrder.append(name.lowercased())
                        account = created
                    }
                    guard seen.insert(Duplicate(accountID: account.id, at: row.at, value: row.value)).inserted else { duplicates += 1; continue }
                    guard newAccounts[name.lowercased()] != nil || account.isActive else {
                        problems.append(.init(line: row.line, error: .accountClosed(account.name)))
                        continue
                    }
                    updates.append(ValueUpdate(id: makeID(), accountID: account.id, value: row.value, at: row.at))
                    lines[updates.count - 1] = row.line
                }
                // A created account closes after its last value, as `savings close` requires.
                for created in newAccounts.values {
                    guard let closedAt = created.closedAt, let late = updates.indices.last(where: { updates[$0].accountID == created.id && updates[$0].at > closedAt }) else {
                        continue
                    }
                    problems.append(.init(line: lines[late] ?? 0, error: .closesBeforeLatestUpdate(created.name, latest: updates[late].at)))
                }
                guard problems.isEmpty else { return .failure(.invalidRows(problems.sorted { $0.line < $1.line })) }
                let created = newOrder.compactMap { newAccounts[$0] }
                if !dryRun { try store.write(created.map(SavingsChange.account) + updates.map(SavingsChange.update), at: now) }
                return .success(SavingsImportOutcome(imported: updates.count, createdAccounts: created.map(\.name), duplicates: duplicates))
            }
        } catch {
            throw .failed(error)
        }
        return try result.get()
    }

    private struct Duplicate: Hashable {
        let accountID: String
        let at: Date
        let value: FixedDecimal
    }
}
