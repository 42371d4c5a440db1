import Foundation
import Ledger

/// Savings records from another device are checked as typed ones are: a name, a value from 0
/// with at most two decimals, times the ledger can hold and not in the future.
public struct SavingsEntryValidator: EntryByEntryValidating {
    private let now: () -> Date

    public init(now: @escaping () -> Date) {
        self.now = now
    }

    public func rejections(of incoming: [LedgerEntry], over current: [LedgerEntry]) -> [LedgerRejection] {
        let now = now()
        return incoming.compactMap { entry in
            guard SavingsLedgerCodec.kinds.contains(where: { $0.name == entry.kind && entry.schema <= $0.schema }) else { return nil }
            let reason: String?
            do throws(LedgerDecodingError) {
                switch try SavingsLedgerCodec.record(from: entry) {
                case let .update(update)? where !LedgerIdentifier.isValid(update.accountID): reason = "account is not valid"
                case let .update(update)? where update.at > now: reason = "at is in the future"
                case let .account(account)? where account.createdAt > now: reason = "createdAt is in the future"
                default: reason = nil
                }
            } catch {
                guard case let .invalidField(_, _, field) = error else { return nil }
                reason = "\(field) is not valid"
            }
            return reason.map { LedgerRejection(id: entry.id, kind: entry.kind, reasons: [$0]) }
        }
    }
}
