import FixedPoint

/// One row of a broker's export once its preset has read its cells: what the action is to this
/// ledger, and the figures it comes with. Every preset maps it to drafts by the same rules.
public struct BrokerRow: Sendable {
    /// What a broker's action is here.
    public enum Kind: Equatable, Sendable {
        case buy, sell, dividend, interest, fee, cash
        /// Cash to this ledger moving within the broker's account (a money-market sweep): no transaction.
        case ignored
        /// Shares given without their ratio or cost: named, to be entered by hand.
        case corporateAction
        /// A split whose ratio the broker gives (`A:B`, shares after for shares before).
        case split(ratio: String)
        /// A split given as the shares it added (`quantity`), its ratio left to `SplitsFromHoldings`.
        case splitAdding
        /// Shares arriving from another broker at the value given: to this ledger, that value put
        /// in and spent on them, so cash is unchanged and the shares carry that cost.
        case sharesIn
    }

    public let date: String
    /// As the broker wrote it, for messages and the note.
    public let action: String
    public let kind: Kind?
    public let symbol: String
    public let quantity: FixedDecimal?
    public let amount: FixedDecimal?
    /// "Schwab: Buy — VANGUARD TOTAL STOCK MARKET ETF".
    public let note: String
    public let currency: String

    public init(date: String, action: String, kind: Kind?, symbol: String, quantity: FixedDecimal?, amount: FixedDecimal?, note: String, currency: String) {
        self.date = date
        self.action = action
        self.kind = kind
        self.symbol = symbol
        self.quantity = quantity
        self.amount = amount
        self.note = note
        self.currency = currency
    }

    /// Buys cost what was paid (fees included) and sells bring their net amount; a fee must be
    /// money out, and cash moves in or out by its sign. Amounts and quantities lose their sign:
    /// the type says which way they go.
    public var drafts: Result<[TransactionDraft], BrokerRowProblem> {
        func needing(_ what: String) -> Result<[TransactionDraft], BrokerRowProblem> { .failure(BrokerRowProblem("\(action): \(what)")) }
        switch kind {
        case .buy, .sell:
            guard let quantity, let amount else { return needing("a \(kind == .buy ? "buy" : "sell") needs its Quantity and Amount") }
            return .success([draft(kind == .buy ? .buy : .sell, ticker: symbol, quantity: quantity, sum: amount)])
        case .dividend:
            guard let amount, !symbol.isEmpty else { return needing("a dividend needs its Symbol and Amount; add one without a Symbol by hand") }
            return .success([draft(.dividend, ticker: symbol, sum: amount)])
        case .interest:
            guard let amount else { return needing("interest needs its Amount") }
            return .success([draft(amount.isNegative ? .fee : .interest, sum: amount)])
        case .fee:
            guard let amount, amount.isNegative else { return needing("a fee needs a negative Amount (a refund this import doesn't map; add it by hand)") }
            return .success([draft(.fee, ticker: symbol.isEmpty ? nil : symbol, sum: amount)])
        case .cash:
            guard let amount, !amount.isZero else { return needing("moving money needs its Amount") }
            return .success([draft(amount.isNegative ? .withdrawal : .deposit, sum: amount)])
        case let .split(ratio):
            guard !symbol.isEmpty else { return needing("a split needs its Symbol") }
            return .success([TransactionDraft(date: date, type: TransactionType.split.rawValue, ticker: symbol, ratio: ratio, note: note)])
        case .splitAdding:
            guard let quantity, !quantity.isZero, !symbol.isEmpty else { return needing("a split needs its Symbol and the shares it added") }
            return .success([TransactionDraft(date: date, type: TransactionType.split.rawValue, ticker: symbol,
                                              quantity: BrokerNumber.magnitude(quantity).description, note: note)])
        case .sharesIn:
            guard let quantity, let amount, !symbol.isEmpty, !amount.isZero else {
                return needing("shares transferred in need their Symbol, Quantity and a value; add them by hand")
            }
            return .success([draft(.deposit, sum: amount), draft(.buy, ticker: symbol, quantity: quantity, sum: amount)])
        case .ignored:
            return .success([])
        case .corporateAction:
            return needing("a corporate action or a transfer of shares gives them without their ratio or cost; leave the row out and add it by hand "
                + "(a split: invest add --type split --ticker \(symbol.isEmpty ? "T" : symbol) --ratio A:B)")
        case nil:
            return needing("not an action this import knows; leave the row out and add it by hand")
        }
    }

    private func draft(_ type: TransactionType, ticker: String? = nil, quantity: FixedDecimal? = nil, sum: FixedDecimal) -> TransactionDraft {
        .broker(type, date: date, ticker: ticker, quantity: quantity, sum: sum, currency: currency, note: note)
    }
}
