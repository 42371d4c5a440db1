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
    /// Every account's position in every ticker, worked out once for the questions below.
    public struct Positions: Sendable {
        let byKey: [PositionKey: Position]
        let accountFees: [String?: FixedDecimal]

        /// What is held of `ticker` in `scope` after the whole history, splits applied in date order.
        public func quantity(of ticker: String, in scope: AccountScope = .all) -> FixedDecimal {
            byKey.reduce(.zero) { $0 + ($1.key.ticker == ticker && scope.includes($1.key.account) ? $1.value.quantity : .zero) }
        }

        /// What each account holds of each ticker: the positions a net worth values.
        public var quantities: [(account: String?, ticker: String, quantity: FixedDecimal)] {
            byKey.filter { !$0.value.quantity.isZero }.map { ($0.key.account, $0.key.ticker, $0.value.quantity) }
                .sorted { ($0.account ?? "", $0.ticker) < ($1.account ?? "", $1.ticker) }
        }

        /// One position per ticker in `scope`: what a view of those accounts shows.
        fileprivate func merged(in scope: AccountScope) -> (byTicker: [String: Position], accountFees: FixedDecimal) {
            var byTicker: [String: Position] = [:]
            for (key, position) in byKey where scope.includes(key.account) { byTicker[key.ticker, default: Position()].merge(position) }
            return (byTicker, accountFees.reduce(.zero) { $0 + (scope.includes($1.key) ? $1.value : .zero) })
        }
    }

    public static func positions(of transactions: [Transaction], method: CostBasisMethod = .average) -> Positions {
        accumulate(transactions, method: method).positions
    }

    /// Every sell's realized gain in `scope`, in date order, with the lots it consumed under FIFO.
    public static func realizedGains(of transactions: [Transaction], method: CostBasisMethod, in scope: AccountScope = .all) -> [RealizedGain] {
        accumulate(transactions, method: method).gains.filter { scope.includes($0.account) }.map(\.gain)
    }

    /// Every sell's, transfer's and split's shares at their cost, by transaction, in date order.
    public static func costBookings(of transactions: [Transaction], method: CostBasisMethod) -> [String: [CostBooking]] {
        let (_, gains, restated) = accumulate(transactions, method: method)
        let sold = gains.map { CostBooking(transactionID: $0.gain.transactionID, account: $0.account, ticker: $0.gain.ticker,
                                           quantityOut: $0.gain.quantity, quantityIn: .zero, cost: $0.gain.cost) }
        return Dictionary(grouping: sold + restated, by: \.transactionID)
    }

    /// The tickers whose prices are needed: those still held in `scope`. Sold-out ones need none.
    public static func heldTickers(in positions: Positions, scope: AccountScope = .all) -> [String] {
        Set(positions.byKey.filter { !$0.value.quantity.isZero && scope.includes($0.key.account) }.map(\.key.ticker)).sorted()
    }

    public static func heldTickers(in transactions: [Transaction]) -> [String] {
        heldTickers(in: positions(of: transactions))
    }

    public static func summarize(_ transactions: [Transaction], prices: [String: LoadedPrice], sort: PortfolioSort = .value,
                                 method: CostBasisMethod = .average) -> PortfolioSummary {
        summarize(positions(of: transactions, method: method), prices: prices, sort: sort)
    }

    public static func summarize(_ positions: Positions, prices: [String: LoadedPrice], sort: PortfolioSort = .value,
                                 scope: AccountScope = .all) -> PortfolioSummary {
        let (byTicker, accountFees) = positions.merged(in: scope)
        // One pass over the holdings, each copied once into its list: a holding carries its
        // price, and a portfolio has hundreds.
        var open: [Holding] = [], closed: [Holding] = [], unpriced: [String] = []
        open.reserveCapacity(byTicker.count)
        var value = FixedDecimal.zero, costBasis = FixedDecimal.zero, todayChange = FixedDecimal.zero
        // A fee charged to an account, naming no ticker, is realized: unrealized + realized = profit.
        var expenses = accountFees, profit = -accountFees, income = FixedDecimal.zero, realized = -accountFees
        for ticker in byTicker.keys.sorted() {
            let holding = byTicker[ticker]!.holding(ticker: ticker, price: prices[ticker])
            if let counted = holding.profit {
                expenses += holding.expenses
                profit += counted
                income += holding.income
                realized += holding.realizedProfit
            }
            guard holding.isOpen else {
                closed.append(holding)
                continue
            }
            value += holding.value ?? .zero
            todayChange += holding.todayChange ?? .zero
            if holding.price == nil { unpriced.append(ticker) } else { costBasis += holding.costBasis }
            open.append(holding)
        }
        return PortfolioSummary(
            holdings: sorted(open, by: sort), closedPositions: closed, totalValue: value, totalCostBasis: costBasis, totalProfit: profit,
            totalProfitPercent: percent(profit, of: expenses), todayChange: todayChange, totalExpenses: expenses, totalIncome: income,
            totalRealizedProfit: realized, unpricedTickers: unpriced, accountFees: accountFees)
    }

    /// Each ticker's cost basis in `scope`: a holding's, as `summarize` gives it, without
    /// pricing, totalling and sorting every holding.
    public static func costBases(of positions: Positions, scope: AccountScope = .all) -> [String: FixedDecimal] {
        positions.merged(in: scope).byTicker.mapValues(\.costBasis)
    }

    @_spi(Projections) public struct PositionKey: Hashable, Sendable {
        public let account: String?
        public let ticker: String

        public init(account: String?, ticker: String) {
            self.account = account
            self.ticker = ticker
        }
    }

    /// Positions by account and ticker while a history is worked through. The default
    /// account's, which most histories hold alone, are keyed by ticker only: a key of two
    /// strings costs a second hash per transaction.
    @_spi(Projections) public struct PositionBook: Equatable, Sendable {
        public var defaultAccount: [String: Position] = [:]
        public var otherAccounts: [PositionKey: Position] = [:]

        @discardableResult
        mutating func update<Result>(_ account: String?, _ ticker: String, _ body: (inout Position) -> Result) -> Result {
            guard let account else { return body(&defaultAccount[ticker, default: Position()]) }
            return body(&otherAccounts[PositionKey(account: account, ticker: ticker), default: Position()])
        }

        func accounts(holding ticker: String) -> [String?] {
            (defaultAccount[ticker] == nil ? [] : [nil]) + otherAccounts.keys.filter { $0.ticker == ticker }.map(\.account)
        }

        public var byKey: [PositionKey: Position] {
            otherAccounts.merging(defaultAccount.map { (PositionKey(account: nil, ticker: $0.key), $0.value) }) { $1 }
        }
    }

    @_spi(Projections) public struct Position: Equatable, Sendable {
        public var quantity = FixedDecimal.zero
        public var costBasis = FixedDecimal.zero
        public var realized = FixedDecimal.zero
        public var expenses = FixedDecimal.zero
        public var income = FixedDecimal.zero
        /// FIFO only: the buys still (partly) held, from `firstLot`, in the order a sell takes
        /// them (`Lot.comesBefore`).
        public var lots: [Lot] = []
        public var firstLot = 0
        /// Whether a buy of unknown cost (`Transaction.costUnknown`) is among those counted: then
        /// the cost, and the profit, are not known.
        public var costUnknown = false
        /// Whether some shares held are of unknown cost: then what a sell realizes is not known.
        /// Cleared when nothing is held.
        public var holdsUnknownCost = false

        public init() {}

        public struct Lot: Equatable, Sendable {
            public let boughtOn: CalendarDay
            public var quantity: FixedDecimal
            public var cost: FixedDecimal

            public init(boughtOn: CalendarDay, quantity: FixedDecimal, cost: FixedDecimal) {
                (self.boughtOn, self.quantity, self.cost) = (boughtOn, quantity, cost)
            }


            /// Oldest first; of one day's lots, the cheapest a share first, then the smallest.
            /// The order of one day's trades isn't known, so it is never taken from the history:
            /// a buy written again (an edit of its note), another device's copy of the history,
            /// or lots arriving by transfer leave every sell taking the same lots.
            func comesBefore(_ other: Lot) -> Bool {
                if boughtOn != other.boughtOn { return boughtOn < other.boughtOn }
                // Cost a share compared without dividing: cost × the other's quantity, in full width.
                let share = cost.units.multipliedFullWidth(by: other.quantity.units)
                let otherShare = other.cost.units.multipliedFullWidth(by: quantity.units)
                if share != otherShare { return share < otherShare }
                return (quantity, cost) < (other.quantity, other.cost)
            }
        }

        /// Lots already sold are not part of what a position is.
        public static func == (lhs: Position, rhs: Position) -> Bool {
            (lhs.quantity, lhs.costBasis, lhs.realized, lhs.expenses, lhs.income) == (rhs.quantity, rhs.costBasis, rhs.realized, rhs.expenses, rhs.income)
                && (lhs.costUnknown, lhs.holdsUnknownCost) == (rhs.costUnknown, rhs.holdsUnknownCost) && lhs.lots[lhs.firstLot...].elementsEqual(rhs.lots[rhs.firstLot...])
        }

        /// Another account's position in the same ticker, added for a view of several accounts.
        mutating func merge(_ other: Position) {
            quantity += other.quantity
            costBasis += other.costBasis
            realized += other.realized
            expenses += other.expenses
            income += other.income
            costUnknown = costUnknown || other.costUnknown
            holdsUnknownCost = holdsUnknownCost || other.holdsUnknownCost
        }

        /// Shares leaving for another account: their cost (their lots, under FIFO) goes with
        /// them, counted as paid there rather than here, and nothing is realized.
        mutating func transferOut(_ moved: FixedDecimal, method: CostBasisMethod) -> (cost: FixedDecimal, lots: [Lot]) {
            let (cost, consumed) = method == .fifo ? consumeLots(moved) : (averageCost(of: moved), [])
            quantity -= moved
            costBasis = quantity > .zero ? costBasis - cost : .zero
            expenses -= cost
            defer { if quantity.isZero { holdsUnknownCost = false } }
            return (cost, consumed.map { Lot(boughtOn: $0.boughtOn, quantity: $0.quantity, cost: $0.cost) })
        }

        /// Shares arriving from another account, with their cost and lots, put in their places
        /// among the lots held.
        mutating func transferIn(_ moved: FixedDecimal, cost: FixedDecimal, lots moving: [Lot], costUnknown movingUnknown: Bool = false) {
            if !moved.isZero, movingUnknown { (costUnknown, holdsUnknownCost) = (true, true) }
            quantity += moved
            costBasis += cost
            expenses += cost
            guard !moving.isEmpty else { return }
            lots = Array(lots[firstLot...]) + moving
            firstLot = 0
            lots.sort { $0.comesBefore($1) }
        }

        /// Dividends count as income and fees as expenses, both realized; a split changes the
        /// quantity but no money, so cost basis and realized profit stay as they were.
        /// Returns what a sell realized, for the gains report.
        @discardableResult
        mutating func apply(_ transaction: Transaction, method: CostBasisMethod) -> RealizedGain? {
            switch transaction.type {
            case .buy:
                quantity += transaction.quantity
                // A buy's fee is part of what its shares cost.
                costBasis += transaction.settled
                expenses += transaction.settled
                if method == .fifo { insert(Lot(boughtOn: transaction.date, quantity: transaction.quantity, cost: transaction.settled)) }
                if transaction.costUnknown { (costUnknown, holdsUnknownCost) = (true, true) }
            case .dividend:
                income += transaction.sum
                realized += transaction.sum
            case .fee:
                expenses += transaction.sum
                realized -= transaction.sum
            case .split:
                quantity = transaction.held(after: quantity)
                for index in lots.indices[firstLot...] { lots[index].quantity = transaction.held(after: lots[index].quantity) }
            case .deposit, .withdrawal, .interest, .fx, .transfer:
                break
            case .sell:
                let (soldCost, consumed) = method == .fifo ? consumeLots(transaction.quantity) : (averageCost(of: transaction.quantity), [])
                quantity -= transaction.quantity
                costBasis = quantity > .zero ? costBasis - soldCost : .zero
                // A sell's fee comes out of its proceeds.
                realized += transaction.settled - soldCost
                income += transaction.settled
                let unknown = holdsUnknownCost
                if quantity.isZero { holdsUnknownCost = false }
                return RealizedGain(transactionID: transaction.id, date: transaction.date, ticker: transaction.ticker,
                                    quantity: transaction.quantity, proceeds: transaction.settled, cost: soldCost, lots: consumed, costUnknown: unknown)
            }
            return nil
        }

        /// With nothing held (data that breaks the holdings rule) no cost is released: never divide by zero.
        private func averageCost(of sold: FixedDecimal) -> FixedDecimal {
            quantity > .zero ? costBasis.scaled(by: min(sold, quantity), over: quantity) ?? .zero : .zero
        }

        /// A bought lot, in its place among those of its day (`Lot.comesBefore`): at the end,
        /// unless the day already has lots. None of them was sold yet: a day's buys come before
        /// its sells.
        private mutating func insert(_ lot: Lot) {
            var place = lots.endIndex
            while place > firstLot, lot.comesBefore(lots[place - 1]) { place -= 1 }
            lots.insert(lot, at: place)
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
                    price: quantity.isZero ? nil : price, costUnknown: costUnknown)
        }
    }

    /// In a replay's order (`ReplayPlace`): by date, and within a day a split, then what adds to a
    /// holding, then what takes from it, the order the moving average needs; then by id, so a
    /// day's lots, transfers and sells don't depend on where they were written. Movements of cash
    /// alone make no position. Each account holds its own position in a ticker; a transfer moves
    /// shares between two.
    private static func accumulate(_ transactions: [Transaction], method: CostBasisMethod)
        -> (positions: Positions, gains: [(account: String?, gain: RealizedGain)], restated: [CostBooking]) {
        var positions = PositionBook()
        var accountFees: [String?: FixedDecimal] = [:]
        var gains: [(account: String?, gain: RealizedGain)] = []
        var restated: [CostBooking] = []
        for index in ReplayOrder.indices(of: transactions) {
            if let gain = apply(transactions[index], to: &positions, accountFees: &accountFees, method: method, restated: &restated) {
                gains.append(gain)
            }
        }
        return (Positions(byKey: positions.byKey, accountFees: accountFees), gains, restated)
    }

    /// Adds a fee charged to an account to its total; a total of zero is no entry, so a fee taken
    /// back out leaves what a history without it gives.
    static func charge(_ fee: FixedDecimal, to account: String?, in accountFees: inout [String?: FixedDecimal]) {
        let total = (accountFees[account] ?? .zero) + fee
        accountFees[account] = total.isZero ? nil : total
    }

    /// One transaction, in its place in the order above: a sell's gain is returned, and what a
    /// split or transfer restates at cost is appended to `restated`.
    @inline(__always)
    static func apply(_ transaction: Transaction, to positions: inout PositionBook, accountFees: inout [String?: FixedDecimal], method: CostBasisMethod,
                      restated: inout [CostBooking]) -> (account: String?, gain: RealizedGain)? {
        if transaction.ticker.isEmpty {
            if transaction.type == .fee { charge(transaction.sum, to: transaction.account, in: &accountFees) }
            return nil
        }
        let (account, ticker) = (transaction.isPlain ? nil : transaction.account, transaction.ticker)
        switch transaction.type {
        case .split:
            // A corporate action: every account's shares split, whichever account it was recorded in.
            for splitting in [account] + positions.accounts(holding: ticker).filter({ $0 != account }) {
                let (before, after, cost) = positions.update(splitting, ticker) { position in
                    let before = position.quantity
                    position.apply(transaction, method: method)
                    return (before, position.quantity, position.costBasis)
                }
                if !before.isZero {
                    restated.append(CostBooking(transactionID: transaction.id, account: splitting, ticker: ticker, quantityOut: before, quantityIn: after, cost: cost))
                }
            }
            return nil
        case .transfer:
            // A transfer of more than is held (data that breaks the holdings rule) moves what there is.
            let (cost, lots, moved, unknown) = positions.update(account, ticker) { position in
                let moved = min(transaction.quantity, position.quantity), unknown = position.holdsUnknownCost
                let (cost, lots) = position.transferOut(moved, method: method)
                return (cost, lots, moved, unknown)
            }
            positions.update(transaction.toAccount, ticker) { $0.transferIn(moved, cost: cost, lots: lots, costUnknown: unknown) }
            if !moved.isZero {
                restated.append(CostBooking(transactionID: transaction.id, account: account, ticker: ticker, quantityOut: moved, quantityIn: .zero, cost: cost))
                restated.append(CostBooking(transactionID: transaction.id, account: transaction.toAccount, ticker: ticker, quantityOut: .zero, quantityIn: moved, cost: cost))
            }
            return nil
        default:
            // Written out, not through `update`: the default account's path is the hot one.
            let gain = account == nil ? positions.defaultAccount[ticker, default: Position()].apply(transaction, method: method)
                : positions.otherAccounts[PositionKey(account: account, ticker: ticker), default: Position()].apply(transaction, method: method)
            return gain.map { (account, $0) }
        }
    }

    /// Each key is worked out once, and the holdings are put in order by their places: a value
    /// is a multiplication, a holding is large, and a sort compares and moves each many times.
    private static func sorted(_ holdings: [Holding], by sort: PortfolioSort) -> [Holding] {
        let keys: [FixedDecimal]
        switch sort {
        case .ticker: return holdings.indices.sorted { holdings[$0].ticker < holdings[$1].ticker }.map { holdings[$0] }
        case .value: keys = holdings.map { $0.value ?? FixedDecimal(units: .min) }
        case .profit: keys = holdings.map { $0.profit ?? FixedDecimal(units: .min) }
        }
        return holdings.indices.sorted { (keys[$0], holdings[$1].ticker) > (keys[$1], holdings[$0].ticker) }.map { holdings[$0] }
    }
}
