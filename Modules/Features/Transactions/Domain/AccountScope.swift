import FixedPoint

/// Which accounts a figure counts: all of them together, or one (by id; nil for the default account).
public enum AccountScope: Hashable, Sendable {
    case all
    case only(String?)

    /// Whether shares or cash in the account with this id count.
    public func includes(_ account: String?) -> Bool {
        switch self {
        case .all: return true
        case let .only(id): return id == account
        }
    }
}

extension Transaction {
    /// The shares of `ticker` held after this transaction, given `held` before it, in `scope`:
    /// across all accounts a transfer changes nothing; in one, it takes the shares from its
    /// source and gives them to its destination.
    public func held(after held: FixedDecimal, in scope: AccountScope) -> FixedDecimal {
        guard type == .transfer, case let .only(account) = scope else { return self.held(after: held) }
        return held + (toAccount == account ? quantity : .zero) - (self.account == account ? quantity : .zero)
    }

    /// The accounts whose shares or cash it moves: its own, and a transfer's destination.
    public var accountsNamed: [String?] {
        type == .transfer ? [account, toAccount] : [account]
    }

    /// Whether this transaction is seen in `scope`: a transfer is in both its accounts, and a
    /// split, a corporate action, in every account.
    public func isSeen(in scope: AccountScope) -> Bool {
        type == .split || scope.includes(account) || (type == .transfer && scope.includes(toAccount))
    }
}
