/// What a change to the history can break, and where: worked out once for the check that
/// replays the history and for the one the tally answers, so the two always look at the same.
/// In order, the version written's first, so a replay that finds two breaks always names the
/// same one.
public struct RulesAtStake: Equatable, Sendable {
    /// Each account holds its own shares and cash: the ones the change touches, a transfer's two.
    public let accounts: [String?]
    /// The tickers whose holding the change can take below zero or split too large: for an
    /// edit, any it touches, unless it leaves every holding as it was (a new sum or note); for
    /// an add, a sell's, a split's or a transfer's; for a delete, what supported later sells.
    public let tickers: [String]
    /// Whether it can overdraw cash: an edit, unless it moves the same cash on the same day (a
    /// new note); an add of money out, or of a deposit (the first one turns the rule on); a
    /// delete of money in.
    public let cash: Bool
    /// Whether the change adds, moves or removes a split: a split is the security's, not an
    /// account's, so its ticker's holding is checked in every account.
    public let splitsEveryAccount: Bool

    /// - Parameters:
    ///   - earlier: the version replaced; nil for an add.
    ///   - transaction: the version written; nil for a delete.
    public init(replacing earlier: Transaction?, with transaction: Transaction?) {
        let changed = (transaction.map { [$0] } ?? []) + (earlier.map { [$0] } ?? [])
        accounts = Self.once(changed.flatMap(\.accountsNamed))
        let checksHoldings: Bool
        switch (earlier, transaction) {
        case let (nil, added?):
            checksHoldings = added.type == .sell || added.type == .split || added.type == .transfer
            cash = added.cashChange < .zero || added.type == .deposit
        case let (removed?, nil):
            checksHoldings = HoldingsPolicy.supportsLaterSells(removed)
            cash = removed.cashChange > .zero || removed.counterLeg != nil
        case let (replaced?, written?):
            checksHoldings = !HoldingsPolicy.countsTheSame(written, as: replaced)
            cash = !CashPolicy.movesTheSame(written, as: replaced)
        case (nil, nil):
            (checksHoldings, cash) = (false, false)
        }
        tickers = checksHoldings ? Self.once(changed.map(\.ticker).filter { !$0.isEmpty }) : []
        splitsEveryAccount = checksHoldings && changed.contains { $0.type == .split }
    }

    /// Whether `account`'s holding of a ticker at stake is checked.
    public func checksHoldings(in account: String?) -> Bool {
        splitsEveryAccount || accounts.contains(account)
    }

    private static func once<Element: Hashable>(_ elements: [Element]) -> [Element] {
        var seen = Set<Element>()
        return elements.filter { seen.insert($0).inserted }
    }
}
