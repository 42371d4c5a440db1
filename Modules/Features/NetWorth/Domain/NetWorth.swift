import FixedPoint
import Currencies
import Ledger

/// One thing owned, in its own currency and in the base one.
public struct NetWorthItem: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case holding, cash, savings
    }

    public let kind: Kind
    /// The investment account's id (nil for the default account); for savings, the savings account's name.
    public let account: String?
    /// A holding's ticker, a cash pot's currency code, a savings account's name.
    public let name: String
    public let currency: CurrencyCode
    /// In `currency`, its major unit: pence are counted as pounds. Nil for a holding without a price.
    public let amount: FixedDecimal?
    /// In the base currency, at the latest rate kept on or before the day; nil without a price or
    /// a rate, and then left out of the total.
    public let value: FixedDecimal?
    /// The rate used: one `currency` is `rate` of the base.
    public let rate: ExchangeRate?

    public init(kind: Kind, account: String?, name: String, currency: CurrencyCode, amount: FixedDecimal?, value: FixedDecimal?, rate: ExchangeRate?) {
        self.kind = kind
        self.account = account
        self.name = name
        self.currency = currency
        self.amount = amount
        self.value = value
        self.rate = rate
    }
}

/// Holdings, cash in every currency and savings, in the base currency on one day.
public struct NetWorth: Equatable, Sendable {
    public let base: CurrencyCode
    public let day: CalendarDay
    public let items: [NetWorthItem]

    public init(base: CurrencyCode, day: CalendarDay, items: [NetWorthItem]) {
        self.base = base
        self.day = day
        self.items = items
    }

    /// The valued items' sum.
    public var total: FixedDecimal { items.reduce(.zero) { $0 + ($1.value ?? .zero) } }
    /// What the total leaves out: no price, or no rate kept.
    public var unvalued: [NetWorthItem] { items.filter { $0.value == nil } }

    public enum Grouping: String, Sendable, CaseIterable {
        case account, kind, currency
    }

    /// The total by account, kind or currency, in the order first met, items without a value
    /// left out.
    public func totals(by grouping: Grouping) -> [(key: String, value: FixedDecimal)] {
        var order: [String] = []
        var sums: [String: FixedDecimal] = [:]
        for item in items {
            guard let value = item.value else { continue }
            let key: String
            switch grouping {
            case .account: key = item.kind == .savings ? "savings" : item.account ?? ""
            case .kind: key = item.kind.rawValue
            case .currency: key = item.currency.code
            }
            if sums[key] == nil { order.append(key) }
            sums[key, default: .zero] += value
        }
        return order.map { ($0, sums[$0]!) }
    }
}
