import Foundation
import FixedPoint
import Transactions
import CurrentPrices
import Portfolio
import Ledger

public enum OrderSide: String, Sendable, CaseIterable {
    case buy, sell

    var transactionType: TransactionType { self == .buy ? .buy : .sell }
}

/// A trade at the market price, worked out but not yet saved: what a person confirms.
public struct MarketOrder: Equatable, Sendable {
    public let side: OrderSide
    public let ticker: String
    public let quantity: FixedDecimal
    public let price: LoadedPrice
    /// quantity × price, rounded half-to-even to the cent.
    public let sum: FixedDecimal
    /// The cash balance, in the order's currency, once the trade is saved; nil when cash isn't
    /// tracked (no deposit yet).
    public let cashAfter: FixedDecimal?
    /// The currency the price, the sum and the cash are in; nil for the base currency.
    public var currency: String? = nil
    /// How old the price is when it didn't come from the market just now (the service was down).
    public let staleness: TimeInterval?

    public var isStale: Bool { staleness != nil }
}

public enum MarketOrderError: Error, Equatable {
    /// Not a number above zero, or more than `PlaceMarketOrderUseCase.maximumQuantity`.
    case invalidQuantity(String)
    case invalidTicker(String)
    case unknownSymbol(String)
    /// No price at all: neither the market nor the cache had one.
    case priceUnavailable(PriceLoadingError)
    /// Only a stale price, and the order didn't accept one.
    case stalePrice(MarketOrder)
    case wouldOversell(held: FixedDecimal, order: MarketOrder)
    case insufficientCash(available: FixedDecimal, order: MarketOrder)
    case retrieval(RetrieveTransactionsError)
    case saving(SaveTransactionError)
}

public protocol MarketOrderPlacing {
    /// Prices the order and checks it against holdings and cash, saving nothing.
    func prepare(_ side: OrderSide, ticker: String, quantity: String) throws(MarketOrderError) -> MarketOrder
    /// Saves a prepared order as a transaction of today. The checks run again under the store's
    /// lock, so orders placed at once from several processes never oversell or overdraw.
    func place(_ order: MarketOrder, allowStale: Bool) throws(MarketOrderError) -> Transaction
}

/// Buy and sell at the current price. The price is a live quote whenever the
/// service answers (a cache's reuse would trade at an old price); when it doesn't, the last
/// known price is offered as stale, and used only when the order allows it: a user would rather know than be refused.
public final class PlaceMarketOrderUseCase: MarketOrderPlacing {
    /// Large quantities are clamped: a million shares of one stock in one order is
    /// a typo, not a trade.
    public static let maximumQuantity = FixedDecimal(1_000_000)

    private let prices: PriceLoader
    private let transactions: TransactionsRetrieving
    private let save: TransactionSaving
    private let today: () -> CalendarDay
    private let now: () -> Date
    private let scope: AccountScope
    private let currencyOf: (String) -> String?

    /// - Parameter prices: answers `.live` (or `.sample`) from the market, `.cached` when only the
    ///   last known price could be had.
    ///   - transactions: every account's, whatever the scope: shares transferred into an account
    ///     are held there.
    ///   - today: the user's date, which the trade is saved on.
    ///   - scope: the account the order is for.
    ///   - currencyOf: a ticker's trading currency when not the base one, whose cash the order
    ///     draws on; nil for the base currency.
    public init(prices: PriceLoader, transactions: TransactionsRetrieving, save: TransactionSaving,
                today: @escaping () -> CalendarDay, now: @escaping () -> Date, scope: AccountScope = .all,
                currencyOf: @escaping (String) -> String? = { _ in nil }) {
        self.prices = prices
        self.transactions = transactions
        self.save = save
        self.today = today
        self.now = now
        self.scope = scope
        self.currencyOf = currencyOf
    }

    public func prepare(_ side: OrderSide, ticker tickerText: String, quantity quantityText: String) throws(MarketOrderError) -> MarketOrder {
        guard let ticker = TransactionValidator.normalizedTicker(tickerText) else { throw .invalidTicker(tickerText) }
        guard let quantity = FixedDecimal(quantityText.trimmingCharacters(in: .whitespaces)), quantity > .zero, quantity <= Self.maximumQuantity else {
            throw .invalidQuantity(quantityText)
        }
        let price: LoadedPrice
        do throws(PriceLoadingError) {
            price = try prices.loadPrice(for: ticker)
        } catch {
            throw error == .unknownSymbol ? .unknownSymbol(ticker) : .priceUnavailable(error)
        }
        // Too large to count is too large to trade: the quantity is what the user can change.
        guard let sum = quantity.multiplied(by: price.price.price)?.rounded(toFractionDigits: 2) else { throw .invalidQuantity(quantityText) }
        let history: [Transaction]
        do throws(RetrieveTransactionsError) {
            history = try transactions.retrieve(.all, order: .unspecified)
        } catch {
            throw .retrieval(error)
        }
        // The cash of the order's own account and currency: dollars don't pay for a buy in pounds.
        let cash = CashStatement(history: history, scope: scope)
        let currency = currencyOf(ticker)
        let available = cash.balances[currency] ?? .zero
        let change = side == .buy ? -sum : sum
        let stale = price.source == .cached || price.source == .manual
        var order = MarketOrder(side: side, ticker: ticker, quantity: quantity, price: price, sum: sum,
                                cashAfter: cash.isTracked ? available + change : nil,
                                staleness: stale ? max(0, now().timeIntervalSince(price.price.fetchedAt)) : nil)
        order.currency = currency
        if side == .sell {
            let held = PortfolioCalculator.positions(of: history.filter { $0.ticker == ticker }).quantity(of: ticker, in: scope)
            if quantity > held { throw .wouldOversell(held: held, order: order) }
        }
        if let after = order.cashAfter, after < .zero { throw .insufficientCash(available: available, order: order) }
        return order
    }

    public func place(_ order: MarketOrder, allowStale: Bool) throws(MarketOrderError) -> Transaction {
        if order.isStale, !allowStale { throw .stalePrice(order) }
        let source = order.isStale ? "stale price from \(Self.utc(order.price.price.fetchedAt))" : "\(order.price.source) price"
        let draft = TransactionDraft(date: today().iso, type: order.side.rawValue, ticker: order.ticker, quantity: order.quantity.description, sum: order.sum.description,
                                     note: "market order at \(order.price.price.price) (\(source))")
        do throws(SaveTransactionError) {
            return try save.save(draft, replacing: nil)
        } catch {
            switch error {
            case let .wouldOversell(violation): throw .wouldOversell(held: violation.held, order: order)
            case let .wouldOverdraw(violation): throw .insufficientCash(available: violation.available, order: order)
            default: throw .saving(error)
            }
        }
    }

    /// "2024-07-03 14:05 UTC": notes are stored, so never in local time.
    private static func utc(_ date: Date) -> String {
        let minutes = Int(date.timeIntervalSince1970.rounded(.down)) / 60 % 1440
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(CalendarDay(containing: date).iso) \(twoDigits(minutes / 60)):\(twoDigits(minutes % 60)) UTC"
    }
}
