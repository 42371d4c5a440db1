import Foundation
import FixedPoint
import Ledger

/// Buys and sells from outside (a sync's pull) meet the rules a transaction typed here meets:
/// every field valid, the ticker in its stored form, no date after today, and no sell that takes
/// a holding below zero once the accepted ones are in. A buy or sell in a newer layout passes: it
/// is kept unchanged for the release that can read it.
public struct TransactionsEntryValidator: LedgerEntryValidating {
    private let today: () -> CalendarDay

    public init(today: @escaping () -> CalendarDay) {
        self.today = today
    }

    public func rejections(of incoming: [LedgerEntry], over current: [LedgerEntry]) -> [LedgerRejection] {
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
        return rejections + oversells(accepting: &accepted, over: current, deleted: Set(incoming.filter(\.isDeleted).map(\.id)))
    }

    /// The same checks as typed input, on the transaction's own values.
    private static func problems(with transaction: Transaction, latestDate: CalendarDay) -> [String] {
        var problems: [String] = []
        if case let .failure(validation) = TransactionValidator.validate(TransactionDraft(transaction), latestDate: latestDate) {
            problems += validation.errors.map(\.description)
        } else if TransactionValidator.normalizedTicker(transaction.ticker) != transaction.ticker {
            problems.append("ticker: '\(transaction.ticker)' is not in its stored, upper-case form")
        }
        return problems
    }

    /// Sells that would take a holding below zero, with everything accepted so far applied;
    /// each rejected sell leaves the others to be checked again without it.
    private func oversells(accepting accepted: inout [Transaction], over current: [LedgerEntry], deleted: Set<String>) -> [LedgerRejection] {
        let replaced = Set(accepted.map(\.id)).union(deleted)
        let held = current.compactMap { try? TransactionsLedgerCodec.record(from: $0) }.filter { !replaced.contains($0.id) }
        var rejections: [LedgerRejection] = []
        for ticker in Set(accepted.map(\.ticker)).sorted() {
            var history = held.filter { $0.ticker == ticker } + accepted.filter { $0.ticker == ticker }
            while let violation = HoldingsPolicy.firstViolation(in: history), accepted.contains(where: { $0.id == violation.transactionID }) {
                rejections.append(LedgerRejection(id: violation.transactionID, kind: TransactionsLedgerCodec.sell.name, reasons: [violation.description]))
                history.removeAll { $0.id == violation.transactionID }
                accepted.removeAll { $0.id == violation.transactionID }
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
