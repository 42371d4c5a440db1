import Foundation
import FixedPoint
import Ledger

/// Transactions from outside (a sync's pull, an undo's earlier version) meet the rules a
/// transaction typed here meets: every field valid, the ticker in its stored form, no date after
/// today, and no sell that takes a holding below zero once the accepted ones are in. A buy or
/// sell in a newer layout passes: it is kept unchanged for the release that can read it.
public struct TransactionsEntryValidator: LedgerEntryValidating {
    private let today: () -> CalendarDay
    private let changes: TransactionChangeTallying?

    /// - Parameter changes: the tally after a change, which tells a change to recent transactions
    ///   without the live entries when the holdings it touches were never oversold.
    public init(today: @escaping () -> CalendarDay, changes: TransactionChangeTallying? = nil) {
        self.today = today
        self.changes = changes
    }

    public func rejections(of incoming: [LedgerEntry], over current: [LedgerEntry]) -> [LedgerRejection] {
        let (rejections, accepted) = checkedOneByOne(incoming)
        return rejections + oversells(accepting: accepted, over: current, deleted: Set(incoming.filter(\.isDeleted).map(\.id)))
    }

    /// From the tally after the entries are stored (an undo's, one record or an import's), when
    /// no ticker they touch is ever held below zero (or split too large) across the accounts:
    /// then `oversells` finds nothing to refuse.
    public func rejectionsWithoutLiveEntries(of incoming: [LedgerEntry]) -> [LedgerRejection]? {
        guard let changes, !incoming.isEmpty, Set(incoming.map(\.id)).count == incoming.count else { return nil }
        let (rejections, accepted) = checkedOneByOne(incoming)
        // A version refused, unread or of another kind leaves the live one as it is.
        let replacements = Dictionary(uniqueKeysWithValues: accepted.map { ($0.id, $0) })
        let stored = incoming.filter { $0.isDeleted || replacements[$0.id] != nil }
        guard !stored.isEmpty else { return rejections }
        let change = stored.map { TransactionReplacement(id: $0.id, replacement: replacements[$0.id]) }
        guard let after = try? changes.tally(replacing: change) else { return nil }
        let tickers = Set(after.replaced.values.map(\.ticker) + accepted.map(\.ticker)).filter { !$0.isEmpty }
        guard !tickers.contains(where: { after.tally.combinedHoldings[$0]?.wasViolated == true }) else { return nil }
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

    /// The holdings rule across devices: no pulled change may leave a holding below zero here.
    /// A pulled sell that would oversell is refused. So is a pulled deletion or edit of a local
    /// transaction that would strand a local sell (another device deleted the buy this device
    /// sold from): this device keeps its version, and the user is told to resolve the collision.
    private func oversells(accepting accepted: [Transaction], over current: [LedgerEntry], deleted: Set<String>) -> [LedgerRejection] {
        let local = Dictionary(grouping: current.compactMap { try? TransactionsLedgerCodec.record(from: $0) }.filter { !$0.ticker.isEmpty }, by: \.ticker)
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
            while let violation = HoldingsPolicy.firstViolation(in: history()) {
                if let culprit = pulled[ticker]?.first(where: { $0.id == violation.transactionID }) {
                    rejections.append(LedgerRejection(id: culprit.id, kind: TransactionsLedgerCodec.kind(of: culprit.type).name, reasons: [violation.description]))
                    refuse(violation.transactionID)
                    continue
                }
                // A local sell is stranded: refuse what the other device removed under it.
                let strandedBy = held.filter { HoldingsPolicy.supportsLaterSells($0) && (removed.contains($0.id) || pulledIDs.contains($0.id)) }
                guard !strandedBy.isEmpty else { break }
                for change in strandedBy {
                    let what = removed.contains(change.id) ? "its deletion" : "its edit"
                    rejections.append(LedgerRejection(id: change.id, kind: TransactionsLedgerCodec.kind(of: change.type).name, reasons: [
                        "\(what) on another device would leave the sell \(violation.transactionID) without shares (\(violation)); this device keeps "
                            + "its version. Delete or change that sell, or delete this \(change.type.rawValue) again, then sync"]))
                    refuse(change.id)
                }
            }
        }
        return rejections
    }

    private static func field(of error: LedgerDecodingError) -> String {
        switch error {
        case let .invalidField(_, _, field): return field
        case .newerSchema: return "layout"
        }
    }
}
