import Foundation
import FixedPoint
import Ledger

/// Why a savings change was refused or failed; each client words it.
public enum SavingsError: Error, Equatable, Sendable {
    case invalidName(String)
    case nameTaken(String)
    case unknownAccount(String, known: [String])
    case invalidValue(FixedDecimal)
    case futureTime(Date, now: Date)
    case accountClosed(String)
    case alreadyClosed(String, at: Date)
    case notClosed(String)
    /// Closing before the account's latest update would leave that update after the close.
    case closesBeforeLatestUpdate(String, latest: Date)
    case unknownUpdate(String)
    /// Not three letters, as an ISO 4217 code is.
    case invalidCurrency(String)
    case ambiguousUpdate(String, matches: Int)
    case store(StoreError)
    case unreadable(LedgerReadError)

    /// Refusals of the user's input, as opposed to failures of the machine.
    public var isUsageError: Bool {
        switch self {
        case .store, .unreadable: return false
        default: return true
        }
    }
}
