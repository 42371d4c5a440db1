import FixedPoint

/// The transactions every preset makes of a broker's rows, one way.
extension TransactionDraft {
    /// Amounts and quantities without their sign: a broker writes money out as negative, this
    /// ledger by its type.
    static func broker(_ type: TransactionType, date: String, ticker: String? = nil, quantity: FixedDecimal? = nil, sum: FixedDecimal,
                       currency: String?, note: String) -> TransactionDraft {
        var draft = TransactionDraft(date: date, type: type.rawValue, ticker: ticker, quantity: quantity.map { BrokerNumber.magnitude($0).description },
                                     sum: BrokerNumber.magnitude(sum).description, note: note)
        draft.currency = currency
        return draft
    }

    /// A buy or sell that settled for `total` (a buy's cost, a sell's proceeds), `fee` of it the
    /// commission: the sum is what the shares traded for, and the fee is recorded beside it. A
    /// commission the total can't hold (a buy's as large as its cost) stays in the sum.
    static func brokerTrade(buying isBuy: Bool, date: String, ticker: String, quantity: FixedDecimal, settled total: FixedDecimal, fee: FixedDecimal?,
                            currency: String?, note: String) -> TransactionDraft {
        let total = BrokerNumber.magnitude(total), fee = BrokerNumber.magnitude(fee ?? .zero)
        // Past the largest amount the row is refused anyway, and the sum of two such could overflow.
        let fits = total <= TransactionValidator.maximumValue && fee <= TransactionValidator.maximumValue
        guard fits, !fee.isZero, !isBuy || fee < total else {
            return broker(isBuy ? .buy : .sell, date: date, ticker: ticker, quantity: quantity, sum: total, currency: currency, note: note)
        }
        return brokerTrade(buying: isBuy, date: date, ticker: ticker, quantity: quantity, sum: isBuy ? total - fee : total + fee, fee: fee,
                           currency: currency, note: note)
    }

    /// A buy or sell of shares that traded for `sum`, its commission `fee` (in the same currency) beside it.
    static func brokerTrade(buying isBuy: Bool, date: String, ticker: String, quantity: FixedDecimal, sum: FixedDecimal, fee: FixedDecimal,
                            currency: String?, note: String) -> TransactionDraft {
        var trade = broker(isBuy ? .buy : .sell, date: date, ticker: ticker, quantity: quantity, sum: sum, currency: currency, note: note)
        if !fee.isZero { trade.fee = BrokerNumber.magnitude(fee).description }
        return trade
    }

    /// An exchange at the broker: `paid` in `paidIn` for `received` in `receivedIn`.
    static func brokerExchange(date: String, paid: FixedDecimal, in paidIn: String, received: FixedDecimal, in receivedIn: String,
                               note: String) -> TransactionDraft {
        var fx = broker(.fx, date: date, sum: paid, currency: paidIn, note: note)
        (fx.toSum, fx.toCurrency) = (BrokerNumber.magnitude(received).description, receivedIn)
        return fx
    }

    /// A currency pair traded (`USD.CAD`): `quantity` of the first currency bought, or sold when
    /// negative, for `money` of the second, the row's `currency`. Nil when `symbol` is no such pair.
    static func brokerPairExchange(date: String, symbol: String, quantity: FixedDecimal, money: FixedDecimal, currency: String,
                                   note: String) -> TransactionDraft? {
        let pair = symbol.split(separator: ".").map(String.init)
        guard pair.count == 2, pair[1] == currency else { return nil }
        let sold = quantity.isNegative
        return brokerExchange(date: date, paid: sold ? quantity : money, in: sold ? pair[0] : pair[1],
                              received: sold ? money : quantity, in: sold ? pair[1] : pair[0], note: note)
    }

    /// A trade in a security's own currency, settled from an account in another: a buy is the
    /// account's `total` exchanged for what the shares cost (`sum`), then the buy; a sell is the
    /// sell, then its proceeds exchanged into what the account got. So the security's currency
    /// is on record and no cash of it is left behind.
    static func brokerTrade(buying isBuy: Bool, date: String, ticker: String, quantity: FixedDecimal, sum: FixedDecimal, in currency: String,
                            settled total: FixedDecimal, in accountCurrency: String, note: String) -> [TransactionDraft] {
        let trade = broker(isBuy ? .buy : .sell, date: date, ticker: ticker, quantity: quantity, sum: sum, currency: currency, note: note)
        return isBuy ? [brokerExchange(date: date, paid: total, in: accountCurrency, received: sum, in: currency, note: note), trade]
                     : [trade, brokerExchange(date: date, paid: sum, in: currency, received: total, in: accountCurrency, note: note)]
    }
}
