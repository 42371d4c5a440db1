import Foundation
import FixedPoint
import Ledger

/// Transactions from outside (a sync's pull, an undo's earlier version) meet the rules a
/// transaction typed here meets: every field valid, the ticker in its stored form, no date after
/// today, every account it names an account here, and, once the accepted ones are in, no holding
/// below zero in any account and no tracked cash overdrawn. A buy or sell in a newer layout
/// passes: it is kept unchanged for the release that can read it.
public struct TransactionsEntryValidator: LedgerEntryValidating {
    private let today: () -> CalendarDay
    private let changes: TransactionChangeTallying?
    private let accountIDs: (([LedgerEntry]) -> Set<String>)?

    /// - Parameter changes: the tally after a change, which tells a change to recent transactions
    ///   without the live entries when the holdings it touches were never oversold.
    /// - Parameter accountIDs: the ids of the accounts among entries (those kept and those
    ///   pulled with them); nil where accounts aren't known, and any is let in.
    public init(today: @escaping () -> CalendarDay, changes: TransactionChangeTallying? = nil,
                accountIDs: (([LedgerEntry]) -> Set<String>)? = nil) {
        self.today = today
        self.changes = changes
        self.accountIDs = accountIDs
    }

    public func rejections(of incoming: [LedgerEntry], over current: [LedgerEntry]) -> [LedgerRejection] {
        var (rejections, accepted) = checkedOneByOne(incoming)
        if let accountIDs {
            let known = accountIDs(current + incoming)
            accepted.removeAll { transaction in
                guard let unknown = transaction.accountsNamed.lazy.compactMap({ $0 }).first(where: { !known.contains($0) }) else { return false }
                rejections.append(Self.rejection(of: transaction, ["its account \(unknown) is not an account on this device"]))
                return true
            }
        }
        let local = current.compactMap { try? TransactionsLedgerCodec.record(from: $0) }
        let deleted = Set(incoming.filter(\.isDeleted).map(\.id))
        rejections += oversells(accepting: &accepted, over: local, deleted: deleted)
        return rejections + overdrafts(accepting: accepted, over: local, deleted: deleted)
    }

    /// From the tally after the entries are stored (an undo's, one record or an import's), when
    /// no ticker they touch is ever held below zero (or split too large) in any account and no
    /// tracked cash is overdrawn: then `oversells` and `overdrafts` find nothing to refuse. Nil
    /// when an account must be checked that no version it replaces named (an undo's puts back
    /// the account it had): only the entries kept name the accounts.
    public func rejectionsWithoutLiveEntries(of incoming: [LedgerEntry]) -> [LedgerRejection]? {
        guard let changes, !incoming.isEmpty, Set(incoming.map(\.id)).count == incoming.count else { return nil }
        let (rejections, accepted) = checkedOneByOne(incoming)
        // A version refused, unread or of another kind leaves the live one as it is.
        let replacements = Dictionary(uniqueKeysWithValues: accepted.map { ($0.id, $0) })
        let stored = incoming.filter { $0.isDeleted || replacements[$0.id] != nil }
        guard !stored.isEmpty else { return rejections }
        let change = stored.map { TransactionReplacement(id: $0.id, replacement: replacements[$0.id]) }
        guard let after = try? changes.tally(replacing: change) else { return nil }
        let replacedAccounts = Set(after.replaced.values.flatMap(\.accountsNamed))
        guard accountIDs == nil || accepted.allSatisfy({ $0.accountsNamed.allSatisfy { $0 == nil || replacedAccounts.contains($0) } }) else { return nil }
        let tickers = Set(after.replaced.values.map(\.ticker) + accepted.map(\.ticker)).filter { !$0.isEmpty }
        guard after.tally.keepsTheRules(forTickers: tickers, cashIn: Set(accepted.flatMap(\.accountsNamed))) else { return nil }
        return rejections
    }

    /// Each entry's own fields: those refused, and the transactions accepted.
    private func checkedOneByOne(_ incoming: [LedgerEntry]) -> (rejections: [LedgerRejection], accepted: [Transaction]) {
        var rejections: [LedgerRejection] = []
        var accepted: [Transaction] = []
        for entry in incoming where !entry.isDeleted {
            let transaction: Transaction?
            do {
                transaction = try TransactionsLedgerCodec.record(from: entry)
            } catch .newerSchema {
                continue
            } catch {
                rejections.append(LedgerRejection(id: entry.id, kind: entry.kind, reasons: ["its \(Self.field(of: error)) can't be read"]))
                continue
            }
            guard let transaction else { continue }
            let problems = Self.problems(with: transaction, latestDate: today())
            if problems.isEmpty { accepted.append(transaction) } else {
                rejections.append(LedgerRejection(id: entry.id, kind: entry.kind, reasons: problems))
            }
        }
        return (rejections, accepted)
    }

    /// The same checks as typed input, on the transaction's own values.
    private static func problems(with transaction: Transaction, latestDate: CalendarDay) -> [String] {
        var problems: [String] = []
        if case let .failure(validation) = TransactionValidator.validate(TransactionDraft(transaction), latestDate: latestDate) {
            problems += validation.errors.map(\.description)
        } else if !transaction.ticker.isEmpty, TransactionValidator.normalizedTicker(transaction.ticker) != transaction.ticker {
            problems.append("ticker: '\(transaction.ticker)' is not in its stored, upper-case form")
        }
        return problems
    }

    /// The holdings rule across devices, in every account: no pulled change may leave a holding
    /// below zero here. A pulled sell or transfer that would oversell is refused. So is a pulled
    /// deletion or edit of a local transaction that would strand a local sell (another device
    /// deleted the buy this device sold from): this device keeps its version, and the user is
    /// told to resolve the collision. What is refused leaves `accepted`.
    private func oversells(accepting accepted: inout [Transaction], over current: [Transaction], deleted: Set<String>) -> [LedgerRejection] {
        let local = Dictionary(grouping: current.filter { !$0.ticker.isEmpty }, by: \.ticker)
        var pulled = Dictionary(grouping: accepted.filter { !$0.ticker.isEmpty }, by: \.ticker)
        var pulledIDs = Set(accepted.map(\.id))
        var removed = deleted
        let replacedHere = local.values.joined().filter { removed.contains($0.id) || pulledIDs.contains($0.id) }.map(\.ticker)
        var rejections: [LedgerRejection] = []
        for ticker in Set(pulled.keys).union(replacedHere).sorted() {
            let held = local[ticker] ?? []
            func history() -> [Transaction] {
                held.filter { !pulledIDs.contains($0.id) && !removed.contains($0.id) } + (pulled[ticker] ?? [])
            }
            func refuse(_ id: String) {
                pulledIDs.remove(id)
                removed.remove(id)
                // An edit may have moved it to another ticker: it is refused wherever it went.
                for key in pulled.keys { pulled[key]?.removeAll { $0.id == id } }
            }
            while let violation = Self.firstViolationInAnyAccount(history()) {
                if let culprit = pulled[ticker]?.first(where: { $0.id == violation.transactionID }) {
                    rejections.append(Self.rejection(of: culprit, [violation.description]))
                    refuse(violation.transactionID)
                    continue
                }
                // A local sell is stranded: refuse what the other device removed under it.
                let strandedBy = held.filter { HoldingsPolicy.supportsLaterSells($0) && (removed.contains($0.id) || pulledIDs.contains($0.id)) }
                guard !strandedBy.isEmpty else { break }
                for change in strandedBy {
                    let what = removed.contains(change.id) ? "its deletion" : "its edit"
                    rejections.append(Self.rejection(of: change, [
                        "\(what) on another device would leave the sell \(violation.transactionID) without shares (\(violation)); this device keeps "
                            + "its version. Delete or change that sell, or delete this \(change.type.rawValue) again, then sync"]))
                    refuse(change.id)
                }
            }
        }
        accepted.removeAll { !$0.ticker.isEmpty && !pulledIDs.contains($0.id) }
        return rejections
    }

    /// Across the accounts, then in each account that can hold the ticker.
    private static func firstViolationInAnyAccount(_ history: [Transaction]) -> HoldingsPolicy.Violation? {
        HoldingsPolicy.firstViolation(in: history)
            ?? HoldingsPolicy.accounts(holding: history).lazy.compactMap { HoldingsPolicy.firstViolation(in: history, scope: .only($0)) }.first
    }

    /// The cash rule across devices, as an add checks it: while the accepted records leave a
    /// tracked pot of an account they name below zero, one is refused: the one that does, or,
    /// when a kept record is left short (a deposit that turns the rule on, say), the last pulled
    /// one of that account on or before it that takes money out, else its first. A pot already
    /// short before them is not theirs to answer for.
    private func overdrafts(accepting accepted: [Transaction], over current: [Transaction], deleted: Set<String>) -> [LedgerRejection] {
        var pulled = accepted
        let accounts = Set(accepted.flatMap(\.accountsNamed))
        guard !pulled.isEmpty, CashPolicy.firstViolation(in: current, accounts: accounts) == nil else { return [] }
        var rejections: [LedgerRejection] = []
        while !pulled.isEmpty {
            let replaced = Set(pulled.map(\.id)).union(deleted)
            guard let violation = CashPolicy.firstViolation(in: current, replacing: { replaced.contains($0.id) }, with: pulled, accounts: accounts) else { break }
            if let culprit = pulled.firstIndex(where: { $0.id == violation.transactionID }) {
                rejections.append(Self.rejection(of: pulled[culprit], [violation.description]))
                pulled.remove(at: culprit)
                continue
            }
            let account = current.first { $0.id == violation.transactionID }?.account
            guard let blamed = pulled.lastIndex(where: { $0.accountsNamed.contains(account) && $0.date <= violation.date && $0.cashChange < .zero })
                    ?? pulled.firstIndex(where: { $0.accountsNamed.contains(account) }) else { break }
            rejections.append(Self.rejection(of: pulled[blamed], ["with it, the kept \(violation.type.rawValue) \(violation.transactionID) fails: \(violation)"]))
            pulled.remove(at: blamed)
        }
        return rejections
    }

    private static func rejection(of transaction: Transaction, _ reasons: [String]) -> LedgerRejection {
        LedgerRejection(id: transaction.id, kind: TransactionsLedgerCodec.kind(of: transaction.type).name, reasons: reasons)
    }

    private static func field(of error: LedgerDecodingError) -> String {
        switch error {
        case let .invalidField(_, _, field): return field
        case .newerSchema: return "layout"
        }
    }
}
