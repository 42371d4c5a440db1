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
    /// A trade's commission and fees, already counted in `amount`: kept as the trade's fee.
    public let fee: FixedDecimal?
    /// "Schwab: Buy — VANGUARD TOTAL STOCK MARKET ETF".
    public let note: String
    public let currency: String

    public init(date: String, action: String, kind: Kind?, symbol: String, quantity: FixedDecimal?, amount: FixedDecimal?, fee: FixedDecimal? = nil,
                note: String, currency: String) {
        self.date = date
        self.fee = fee
        self.action = action
        self.kind = kind
        self.symbol = symbol
        self.quantity = quantity
        self.amount = amount
        self.note = note
        self.currency = currency
    }

    /// Buys cost what was paid (fees included) and sells bring their net amount, the commission
    /// kept as the trade's fee; a fee must be money out, and cash moves in or out by its sign.
    /// Amounts and quantities lose their sign: the type says which way they go.
    public var drafts: Result<[TransactionDraft], BrokerRowProblem> {
        func needing(_ what: String) -> Result<[TransactionDraft], BrokerRowProblem> { .failure(BrokerRowProblem("\(action): \(what)")) }
        switch kind {
        case .buy, .sell:
            guard let quantity, let amount else { return needing("a \(kind == .buy ? "buy" : "sell") needs its Quantity and Amount") }
            return .success([TransactionDraft.brokerTrade(buying: kind == .buy, date: date, ticker: symbol, quantity: quantity, settled: amount, fee: fee,
                                                          currency: currency, note: note)])
        case .dividend:
            guard let amount else { return needing("a dividend needs its Amount") }
            // Naming no security, it is the income of the cash itself (a sweep's money fund): interest.
            guard !symbol.isEmpty else { return .success([draft(.interest, sum: amount, note: note + " (no security named: interest on the cash)")]) }
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
            return needing(corporateActionAdvice)
        case nil:
            return needing("not an action this import knows; leave the row out and add it by hand")
        }
    }

    private func draft(_ type: TransactionType, ticker: String? = nil, quantity: FixedDecimal? = nil, sum: FixedDecimal, note: String? = nil) -> TransactionDraft {
        .broker(type, date: date, ticker: ticker, quantity: quantity, sum: sum, currency: currency, note: note ?? self.note)
    }

    /// A merger, spin-off, rename, conversion, stock distribution or transfer of shares: what it
    /// did to the shares as the row says it, and the command that records that, where one can.
    private var corporateActionAdvice: String {
        let security = symbol.isEmpty ? "the security" : symbol
        let skipped = "a corporate action or a transfer of shares, which this import can't record (the file gives no ratio or cost); skipped"
        guard let quantity, !quantity.isZero else { return skipped + ". If it moved shares or cash, record that by hand (see 'invest add -h')" }
        let shares = BrokerNumber.magnitude(quantity)
        if quantity.isNegative {
            return skipped + ". It took \(shares) \(security) away; if they were exchanged for other shares, those are on a row of their own, "
                + "and a sale for nothing can't be recorded yet, so leave them or sell them at what they were worth (invest add --type sell -h)"
        }
        return skipped + ". It gave \(shares) \(security); if they came free (a spin-off, a stock distribution), add them at no cost: "
            + "invest add --type buy --ticker \(security.shellHintWord) --quantity \(shares) --sum 0 --date \(date)"
    }
}

private extension String {
    /// As typed in a shell hint: a symbol of letters, digits and `.-^` as it is, anything else quoted.
    var shellHintWord: String {
        allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ".-^".contains($0)) } ? self : "'" + replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
