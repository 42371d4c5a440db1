import Foundation
import FixedPoint
import Transactions
import CurrentPrices
import Ledger

public struct PortfolioSummary: Equatable, Sendable {
    /// Open positions, sorted as asked.
    public let holdings: [Holding]
    /// Sold-out tickers: not shown as holdings, but their profit counts in the totals.
    public let closedPositions: [Holding]
    public let totalValue: FixedDecimal
    public let totalCostBasis: FixedDecimal
    public let totalProfit: FixedDecimal
    public let totalProfitPercent: FixedDecimal?
    public let todayChange: FixedDecimal
    /// Over the holdings the totals count (every closed one, the priced open ones).
    public let totalExpenses: FixedDecimal
    public let totalIncome: FixedDecimal
    public let totalRealizedProfit: FixedDecimal
    /// Held tickers without a price: excluded from the totals above, never valued at 0.
    public let unpricedTickers: [String]
    /// Fees that name no ticker: in `totalExpenses`, taken from `totalProfit`.
    public let accountFees: FixedDecimal

    public var isEmpty: Bool { holdings.isEmpty && closedPositions.isEmpty }
    public var totalUnrealizedProfit: FixedDecimal { totalValue - totalCostBasis }
}

public enum PortfolioSort: String, CaseIterable, Sendable {
    case value, ticker, profit
}

/// Turns a transaction history and prices into holdings and totals. Pure and platform-agnostic.
public enum PortfolioCalculator {
    /// Every ticker's position, worked out once for both questions below.
    public struct Positions: Sendable {
        fileprivate let byTicker: [String: Position]
        fileprivate let accountFees: FixedDecimal

        /// What is held of `ticker` after the whole history, splits applied in date order.
        public func quantity(of ticker: String) -> FixedDecimal { byTicker[ticker]?.quantity ?? .zero }
    }

    public static func positions(of transactions: [Transaction], method: CostBasisMethod = .average) -> Positions {
        accumulate(transactions, method: method).0
    }

    /// Every sell's realized gain, in date order, with the lots it consumed under FIFO.
    public static func realizedGains(of transactions: [Transaction], method: CostBasisMethod) -> [RealizedGain] {
        accumulate(transactions, method: method).1
    }

    /// The tickers whose prices are needed: those still held. Sold-out ones need none.
    public static func heldTickers(in positions: Positions) -> [String] {
        positions.byTicker.filter { !$0.value.quantity.isZero }.keys.sorted()
    }

    public static func heldTickers(in transactions: [Transaction]) -> [String] {
        heldTickers(in: positions(of: transactions))
    }

    public static func summarize(_ transactions: [Transaction], prices: [String: LoadedPrice], sort: PortfolioSort = .value,
                                 method: CostBasisMethod = .average) -> PortfolioSummary {
        summarize(positions(of: transactions, method: method), prices: prices, sort: sort)
    }

    public static func summarize(_ positions: Positions, prices: [String: LoadedPrice], sort: PortfolioSort = .value) -> PortfolioSummary {
        let all = positions.byTicker.keys.sorted().map { ticker in positions.byTicker[ticker]!.holding(ticker: ticker, price: prices[ticker]) }
        let open = all.filter(\.isOpen)
        let counted = all.filter { $0.profit != nil }
        let totalExpenses = counted.reduce(positions.accountFees) { $0 + $1.expenses }
        let totalProfit = counted.reduce(-positions.accountFees) { $0 + $1.profit! }
        return PortfolioSummary(
            holdings: sorted(open, by: sort),
            closedPositions: all.filter { !$0.isOpen },
            totalValue: open.reduce(.zero) { $0 + ($1.value ?? .zero) },
            totalCostBasis: open.filter { $0.price != nil }.reduce(.zero) { $0 + $1.costBasis },
            totalProfit: totalProfit,
            totalProfitPercent: percent(totalProfit, of: totalExpenses),
            todayChange: open.reduce(.zero) { $0 + ($1.todayChange ?? .zero) },
            totalExpenses: totalExpenses,
            totalIncome: counted.reduce(.zero) { $0 + $1.income },
            totalRealizedProfit: counted.reduce(.zero) { $0 + $1.realizedProfit },
            unpricedTickers: open.filter { $0.price == nil }.map(\.ticker),
            accountFees: positions.accountFees)
    }

    fileprivate struct Position {
        var quantity = FixedDecimal.zero
        var costBasis = FixedDecimal.zero
        var realized = FixedDecimal.zero
        var expenses = FixedDecimal.zero
        var income = FixedDecimal.zero
        /// FIFO only: the buys still (partly) held, oldest first from `firstLot`.
        var lots: [Lot] = []
        var firstLot = 0

        struct Lot {
            let boughtOn: CalendarDay
            var quantity: FixedDecimal
            var cost: FixedDecimal
        }

        /// Dividends count as income and fees as expenses, both realized; a split changes the
        /// quantity but no money, so cost basis and realized profit stay as they were.
        /// Returns what a sell realized, for the gains report.
        mutating func apply(_ transaction: Transaction, method: CostBasisMethod) -> RealizedGain? {
            switch transaction.type {
            case .buy:
                quantity += transaction.quantity
                costBasis += transaction.sum
                expenses += transaction.sum
                if method == .fifo { lots.append(Lot(boughtOn: transaction.date, quantity: transaction.quantity, cost: transaction.sum)) }
            case .dividend:
                income += transaction.sum
                realized += transaction.sum
            case .fee:
                expenses += transaction.sum
                realized -= transaction.sum
            case .split:
                quantity = transaction.held(after: quantity)
                for index in lots.indices[firstLot...] { lots[index].quantity = transaction.held(after: lots[index].quantity) }
            case .deposit, .withdrawal, .interest:
                break
            case .sell:
                let (soldCost, consumed) = method == .fifo ? consumeLots(transaction.quantity) : (averageCost(of: transaction.quantity), [])
                quantity -= transaction.quantity
                costBasis = quantity > .zero ? costBasis - soldCost : .zero
                realized += transaction.sum - soldCost
                income += transaction.sum
                return RealizedGain(transactionID: transaction.id, date: transaction.date, ticker: transaction.ticker,
                                    quantity: transaction.quantity, proceeds: transaction.sum, cost: soldCost, lots: consumed)
            }
            return nil
        }

        /// With nothing held (data that breaks the holdings rule) no cost is released: never divide by zero.
        private func averageCost(of sold: FixedDecimal) -> FixedDecimal {
            quantity > .zero ? costBasis.scaled(by: min(sold, quantity), over: quantity) ?? .zero : .zero
        }

        /// Takes `sold` from the oldest lots; a lot partly sold keeps the rest of its cost, so
        /// the costs released and kept always add up to what was paid.
        private mutating func consumeLots(_ sold: FixedDecimal) -> (FixedDecimal, [RealizedGain.ConsumedLot]) {
            var remaining = sold, cost = FixedDecimal.zero
            var consumed: [RealizedGain.ConsumedLot] = []
            while remaining > .zero, firstLot < lots.count {
                let lot = lots[firstLot]
                let taken = min(remaining, lot.quantity)
                let takenCost = taken == lot.quantity ? lot.cost : lot.cost.scaled(by: taken, over: lot.quantity) ?? .zero
                consumed.append(.init(boughtOn: lot.boughtOn, quantity: taken, cost: takenCost))
                cost += takenCost
                remaining -= taken
                if taken == lot.quantity {
                    firstLot += 1
                } else {
                    lots[firstLot].quantity -= taken
                    lots[firstLot].cost -= takenCost
                }
            }
            return (cost, consumed)
        }

        func holding(ticker: String, price: LoadedPrice?) -> Holding {
            Holding(ticker: ticker, quantity: quantity, averageCost: quantity > .zero ? costBasis.divided(by: quantity) : nil,
                    costBasis: costBasis, realizedProfit: realized, expenses: expenses, income: income,
                    price: quantity.isZero ? nil : price)
        }
    }

    /// Date order, and within a day a split, then what adds to a holding, then what takes from it:
    /// the order the moving average needs. Movements of cash alone make no position.
    ///
    /// Sorts packed integer keys (day, rank, position) instead of the transactions themselves:
    /// moving structs that hold strings costs a retain and release per move.
    private static func accumulate(_ transactions: [Transaction], method: CostBasisMethod) -> (Positions, [RealizedGain]) {
        var keys = [UInt64](repeating: 0, count: transactions.count)
        for (position, transaction) in transactions.enumerated() {
            let day = UInt64(UInt32(bitPattern: transaction.date.daysSinceEpoch &+ Int32.min))
            keys[position] = day << 32 | UInt64(transaction.holdingsRank) << 30 | UInt64(position)
        }
        keys.sort()
        var positions: [String: Position] = [:]
        var accountFees = FixedDecimal.zero
        var gains: [RealizedGain] = []
        for key in keys {
            let transaction = transactions[Int(key & 0x3FFF_FFFF)]
            if transaction.ticker.isEmpty {
                if transaction.type == .fee { accountFees += transaction.sum }
                continue
            }
            if let gain = positions[transaction.ticker, default: Position()].apply(transaction, method: method) { gains.append(gain) }
        }
        return (Positions(byTicker: positions, accountFees: accountFees), gains)
    }

    private static func sorted(_ holdings: [Holding], by sort: PortfolioSort) -> [Holding] {
        switch sort {
        case .ticker: return holdings.sorted { $0.ticker < $1.ticker }
        case .value: return holdings.sorted { ($0.value ?? FixedDecimal(units: .min), $1.ticker) > ($1.value ?? FixedDecimal(units: .min), $0.ticker) }
        case .profit: return holdings.sorted { ($0.profit ?? FixedDecimal(units: .min), $1.ticker) > ($1.profit ?? FixedDecimal(units: .min), $0.ticker) }
        }
    }
}
