import FixedPoint
import Ledger
import Currencies
import Transactions

/// What each thing owned is worth in the base currency, as the net worth lists it.
extension BaseCurrencyValuation {
    public func holding(account: String?, ticker: String, quantity: FixedDecimal, price: FixedDecimal?) -> NetWorthItem {
        let unit = unit(of: ticker)
        let amount = price.flatMap(unit.inMajorUnits).flatMap { quantity.multiplied(by: $0) }
        let value = price.flatMap { priceInBase(of: ticker, $0) }.flatMap { quantity.multiplied(by: $0) }
        return NetWorthItem(kind: .holding, account: account, name: ticker, currency: unit.currency, amount: amount, value: value,
                            rate: rate(of: unit.currency))
    }

    /// A holding with no price, at its last trade's, in that trade's currency.
    public func holding(account: String?, ticker: String, quantity: FixedDecimal, lastTrade: LastTrade) -> NetWorthItem {
        item(.holding, account: account, name: ticker, currency: currency(named: lastTrade.currency), amount: lastTrade.value(of: quantity))
    }

    public func cash(_ pot: CashPot, balance: FixedDecimal) -> NetWorthItem {
        let currency = currency(named: pot.currency)
        return item(.cash, account: pot.account, name: currency.code, currency: currency, amount: balance)
    }

    /// A savings account's value, in its `currency` (nil: the base currency).
    public func savings(name: String, value: FixedDecimal, currency: String? = nil) -> NetWorthItem {
        item(.savings, account: name, name: name, currency: self.currency(named: currency), amount: value)
    }

    /// Without an amount (no price) the item is named with nothing counted.
    private func item(_ kind: NetWorthItem.Kind, account: String?, name: String, currency: CurrencyCode, amount: FixedDecimal?) -> NetWorthItem {
        let rate = rate(of: currency)
        let value = amount.flatMap { amount in rate.flatMap { amount.multiplied(by: $0.rate) } }
        return NetWorthItem(kind: kind, account: account, name: name, currency: currency, amount: amount, value: value, rate: rate)
    }
}
