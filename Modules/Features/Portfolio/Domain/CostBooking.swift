import FixedPoint

/// Shares leaving or entering one account's position at their cost, for a ledger that books
/// shares at cost (a plain-text accounting export): a sell takes its shares' cost out, a
/// transfer moves it from one account to another, and a split restates the same cost as more
/// (or fewer) shares. Costs are the calculator's own, under the method asked for.
public struct CostBooking: Equatable, Sendable {
    public let transactionID: String
    public let account: String?
    public let ticker: String
    /// Shares taken out of the position at `cost`, and shares put in at `cost`.
    public let quantityOut: FixedDecimal
    public let quantityIn: FixedDecimal
    public let cost: FixedDecimal

    public init(transactionID: String, account: String?, ticker: String, quantityOut: FixedDecimal, quantityIn: FixedDecimal, cost: FixedDecimal) {
        self.transactionID = transactionID
        self.account = account
        self.ticker = ticker
        self.quantityOut = quantityOut
        self.quantityIn = quantityIn
        self.cost = cost
    }
}
