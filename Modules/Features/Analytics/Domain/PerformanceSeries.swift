import FixedPoint
import Transactions
import Ledger
import CurrentPrices

/// Which movements count as money put in and taken out.
public enum FlowConvention: String, Sendable {
    /// Cash is tracked (there is a deposit): deposits in, withdrawals out; the portfolio's value
    /// includes its cash, so trades, dividends, interest and fees are returns, not flows.
    case deposits
    /// Holdings only: buys and fees in, sells and dividends out; the value is the holdings'.
    case trades
}

/// The portfolio at the end of one day.
public struct DailyPoint: Equatable, Sendable {
    public let day: CalendarDay
    public let marketValue: FixedDecimal
    /// Nil when cash isn't tracked.
    public let cash: FixedDecimal?
    /// Money put in on this day (counted at the start of the day).
    public let inflow: FixedDecimal
    /// Money taken out on this day (counted at the end of the day).
    public let outflow: FixedDecimal
    /// Money in less money out since the history began.
    public let netContributions: FixedDecimal

    /// What the portfolio is worth: its holdings, and its cash when cash is tracked.
    public var value: FixedDecimal { marketValue + (cash ?? .zero) }
    public var profit: FixedDecimal { value - netContributions }
}

/// The portfolio day by day. Valuation rule, which decides every figure over time: a holding is
/// valued at its ticker's latest close on or before the day; failing that, at the price of its
/// latest buy or sell on or before the day; failing both (a holding from a split alone), at 0.
public struct PerformanceSeries: Equatable, Sendable {
    public let convention: FlowConvention
    /// The value at the end of the day before the first point: the money already in at the start.
    public let openingValue: FixedDecimal
    /// One point per calendar day, from the first day asked (or of the history) to the last.
    public let points: [DailyPoint]

    /// - Parameter scope: the accounts counted. Shares or cash transferred into them from another
    ///   are money put in (shares at their value that day), and out of them money taken out; a
    ///   transfer between two accounts counted moves nothing.
    public static func build(_ transactions: [Transaction], history: PriceHistory, from: CalendarDay?, to: CalendarDay,
                             scope: AccountScope = .all) -> PerformanceSeries {
        let convention: FlowConvention = CashPolicy.trackedAccounts(in: transactions).contains(where: scope.includes) ? .deposits : .trades
        let until = transactions.filter { $0.date <= to }
        let ordered = ReplayOrder.indices(of: until).map { until[$0] }
        guard let first = ordered.first?.date else { return PerformanceSeries(convention: convention, openingValue: .zero, points: []) }
        let start = max(from ?? first, first)
        var holdings = Holdings(history: history)
        var cash = FixedDecimal.zero
        var contributions = FixedDecimal.zero
        var cursor = ordered.startIndex
        var points: [DailyPoint] = []
        var openingValue = FixedDecimal.zero
        points.reserveCapacity(Int(max(0, to.daysSinceEpoch - start.daysSinceEpoch + 1)))
        var day = first
        while day <= to {
            var inflow = FixedDecimal.zero, outflow = FixedDecimal.zero
            while cursor < ordered.endIndex, ordered[cursor].date == day {
                let transaction = ordered[cursor]
                cursor += 1
                let (into, outOf) = transaction.type == .transfer
                    ? transferFlows(of: transaction, scope, convention, value: { holdings.value(of: transaction.ticker, quantity: transaction.quantity, on: day) })
                    : flows(of: transaction, convention)
                if !transaction.ticker.isEmpty { holdings.apply(transaction, in: scope) }
                cash += cashChange(of: transaction, in: scope)
                inflow += into
                outflow += outOf
            }
            contributions += inflow - outflow
            // Only the days asked for are valued; the ones before only build the state.
            if day == start.previous {
                openingValue = holdings.value(on: day) + (convention == .deposits ? cash : .zero)
            } else if day >= start {
                points.append(DailyPoint(day: day, marketValue: holdings.value(on: day), cash: convention == .deposits ? cash : nil,
                                         inflow: inflow, outflow: outflow, netContributions: contributions))
            }
            day = day.next
        }
        return PerformanceSeries(convention: convention, openingValue: openingValue, points: points)
    }

    /// The cash a transaction moves in the accounts counted: both legs of an exchange or a cash
    /// transfer when both are counted.
    private static func cashChange(of transaction: Transaction, in scope: AccountScope) -> FixedDecimal {
        guard scope != .all || transaction.type == .transfer || transaction.type == .fx else { return transaction.cashChange }
        var change = scope.includes(transaction.account) ? transaction.cashChange : .zero
        if let counter = transaction.counterLeg, scope.includes(counter.account) { change += counter.amount }
        return change
    }

    /// Into the accounts counted from another, money in; out of them, money out. Cash counts in
    /// either convention; shares, at their value that day.
    private static func transferFlows(of transaction: Transaction, _ scope: AccountScope, _ convention: FlowConvention,
                                      value: () -> FixedDecimal) -> (in: FixedDecimal, out: FixedDecimal) {
        let (from, to) = (scope.includes(transaction.account), scope.includes(transaction.toAccount))
        guard from != to else { return (.zero, .zero) }
        let amount = transaction.ticker.isEmpty ? (convention == .deposits ? transaction.sum : .zero) : value()
        return to ? (amount, .zero) : (.zero, amount)
    }

    private static func flows(of transaction: Transaction, _ convention: FlowConvention) -> (in: FixedDecimal, out: FixedDecimal) {
        switch (convention, transaction.type) {
        // A trade's fee is money put in (a buy's) or not taken out (a sell's); its price, which
        // values the holding until a close is known, is the sum's.
        case (.deposits, .deposit), (.trades, .buy), (.trades, .fee): return (transaction.settled, .zero)
        case (.deposits, .withdrawal), (.trades, .sell), (.trades, .dividend): return (.zero, transaction.settled)
        default: return (.zero, .zero)
        }
    }

    /// What is held of each ticker and what it is worth, day after day. Tickers are numbered
    /// once, and each one's closes are walked forward with the days, so valuing a day costs an
    /// array pass, not a hash and a search per ticker: twenty years of days by hundreds of tickers.
    private struct Holdings {
        private let history: PriceHistory
        private var numbers: [String: Int] = [:]
        private var quantities: [FixedDecimal] = []
        /// Per ticker: the latest trade as what it cost and how many of today's shares it was,
        /// so a value at that price is exact (3 bought for 10 are worth 10, not 9.99999999).
        private var lastTrades: [LastTrade?] = []
        private var closes: [[(day: CalendarDay, close: FixedDecimal)]] = []
        /// Per ticker: how many of its closes are on or before the last day valued.
        private var passed: [Int] = []

        init(history: PriceHistory) {
            self.history = history
        }

        mutating func apply(_ transaction: Transaction, in scope: AccountScope) {
            let number = numbers[transaction.ticker] ?? add(transaction.ticker)
            quantities[number] = transaction.held(after: quantities[number], in: scope)
            lastTrades[number] = LastTrade.after(transaction, lastTrades[number])
        }

        /// `quantity` of one ticker on `day` by the same rule, without moving the walk through
        /// the closes: what shares transferred in or out are worth.
        func value(of ticker: String, quantity: FixedDecimal, on day: CalendarDay) -> FixedDecimal {
            if let close = history.close(of: ticker, onOrBefore: day) { return quantity.multiplied(by: close) ?? .zero }
            guard let number = numbers[ticker], let trade = lastTrades[number] else { return .zero }
            return trade.value(of: quantity) ?? .zero
        }

        /// The valuation rule: the latest close on or before `day`, else the latest trade price.
        /// Days must come in increasing order.
        mutating func value(on day: CalendarDay) -> FixedDecimal {
            var total = FixedDecimal.zero
            for number in quantities.indices where !quantities[number].isZero {
                let list = closes[number]
                var count = passed[number]
                while count < list.count, list[count].day <= day { count += 1 }
                passed[number] = count
                // Held quantities and prices are capped where they are read, so a value always fits.
                let worth = count > 0 ? quantities[number].multiplied(by: list[count - 1].close)
                    : lastTrades[number].flatMap { $0.value(of: quantities[number]) }
                guard let worth else { continue }
                total += worth
            }
            return total
        }

        private mutating func add(_ ticker: String) -> Int {
            numbers[ticker] = quantities.count
            quantities.append(.zero)
            lastTrades.append(nil)
            closes.append(history.closes(of: ticker))
            passed.append(0)
            return quantities.count - 1
        }
    }
}

extension CalendarDay {
    public var next: CalendarDay { CalendarDay(daysSinceEpoch: daysSinceEpoch + 1) }
    public var previous: CalendarDay { CalendarDay(daysSinceEpoch: daysSinceEpoch - 1) }
}
