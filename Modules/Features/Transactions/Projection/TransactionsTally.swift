import FixedPoint
import Ledger

/// What the cash and holdings rules, and the cash balances, need to know of a whole history,
/// folded so that a checkpoint can keep it: each pot's balance and whether it was ever
/// overdrawn, each account's holding of each ticker and whether it was ever oversold. Folding
/// a new transaction dated on or after what its pots and ticker last saw gives what a replay of
/// the history gives, so `add` checks its rules without reading the history. Each ticker's
/// holding across all accounts is kept too: the rule a sync and `undo` check.
public struct TransactionsTally: Equatable, Sendable {
    /// A pot of cash as `CashPolicy` counts it: by date, within a day money in before money out,
    /// so a day's lowest point is where it ends once money went out. Kept as what each day added
    /// up to, which a fold extends and a change to an old movement takes back out of
    /// (`keepsTheCashRule`); the balance and whether it was ever overdrawn are read from them.
    public struct Pot: Equatable, Sendable {
        /// Each day with a movement, in date order.
        @_spi(Projections) public internal(set) var days: [DayNet] = []

        init() {}

        @_spi(Projections) public init(days: [DayNet]) {
            self.days = days
        }

        public var balance: FixedDecimal { days.reduce(.zero) { $0 + $1.net } }
        public var movements: Int { days.reduce(0) { $0 + $1.movements } }
        /// The last day with a movement: one dated before it has a place no fold can take.
        var lastDay: CalendarDay? { days.last?.day }

        /// Whether some movement, in `CashPolicy`'s order, left it below zero: some day with money
        /// out ended below zero.
        public var wasOverdrawn: Bool {
            var balance = FixedDecimal.zero
            for day in days {
                balance += day.net
                if day.moneyOut > 0 && balance < .zero { return true }
            }
            return false
        }

        /// A movement dated on or after the pot's last day.
        fileprivate mutating func fold(_ amount: FixedDecimal, on date: CalendarDay) {
            if days.last?.day != date { days.append(DayNet(day: date)) }
            days[days.count - 1].add(amount)
        }
    }

    /// One day's movements in a pot: their sum, and how many took money out (of how many).
    @_spi(Projections) public struct DayNet: Equatable, Sendable {
        public let day: CalendarDay
        public internal(set) var net = FixedDecimal.zero
        public internal(set) var moneyOut = 0
        public internal(set) var movements = 0

        init(day: CalendarDay) {
            self.day = day
        }

        @_spi(Projections) public init(day: CalendarDay, net: FixedDecimal, moneyOut: Int, movements: Int) {
            (self.day, self.net, self.moneyOut, self.movements) = (day, net, moneyOut, movements)
        }

        mutating func add(_ amount: FixedDecimal) {
            net += amount
            moneyOut += amount < .zero ? 1 : 0
            movements += 1
        }

        mutating func remove(_ amount: FixedDecimal) {
            net -= amount
            moneyOut -= amount < .zero ? 1 : 0
            movements -= 1
        }
    }

    public struct HoldingKey: Hashable, Sendable {
        public let account: String?
        public let ticker: String

        @_spi(Projections) public init(account: String?, ticker: String) {
            self.account = account
            self.ticker = ticker
        }
    }

    /// One account's shares of one ticker, as `HoldingsPolicy` counts them in that account.
    public struct Holding: Equatable, Sendable {
        public internal(set) var held = FixedDecimal.zero
        /// Whether a sell or transfer took it below zero, or a split above `HoldingsPolicy.maximumHeld`.
        public internal(set) var wasViolated = false

        @_spi(Projections) public init(held: FixedDecimal = .zero, wasViolated: Bool = false) {
            self.held = held
            self.wasViolated = wasViolated
        }

        /// The holding after `transaction`, which `heldAfter` counts in the holding's scope.
        fileprivate func folding(_ transaction: Transaction, heldAfter: (FixedDecimal) -> FixedDecimal) -> Holding {
            let after = heldAfter(held)
            let oversold = (transaction.type == .sell || transaction.type == .transfer) && after < .zero
            let tooLarge = transaction.type == .split && after > HoldingsPolicy.maximumHeld
            return Holding(held: after, wasViolated: wasViolated || oversold || tooLarge)
        }
    }

    /// The base currency: a transaction that names it is counted as one that names none.
    public let base: String
    public internal(set) var pots: [CashPot: Pot] = [:]
    /// The accounts with a pot whose cash rule is on (`CashPolicy.trackedAccounts`).
    public var trackedAccounts: Set<String?> { Set(potTracking.keys.map(\.account)) }
    /// How many transactions turn each pot's cash rule on (`CashPolicy.trackedPots`): a change
    /// takes one back out.
    @_spi(Projections) public internal(set) var potTracking: [CashPot: Int] = [:]
    public internal(set) var holdings: [HoldingKey: Holding] = [:]
    /// Each ticker's shares across all accounts, as `HoldingsPolicy` counts them in `.all`.
    public internal(set) var combinedHoldings: [String: Holding] = [:]
    /// Each ticker's last place folded in (`ReplayPlace`).
    @_spi(Projections) public internal(set) var lastPlace: [String: ReplayPlace] = [:]

    public init(base: String) {
        self.base = base
    }

    /// The fold's state as the projection engine keeps it.
    @_spi(Projections) public init(base: String, pots: [CashPot: Pot], potTracking: [CashPot: Int], holdings: [HoldingKey: Holding],
                                   combinedHoldings: [String: Holding], lastPlace: [String: ReplayPlace]) {
        self.base = base
        (self.pots, self.potTracking, self.holdings, self.combinedHoldings, self.lastPlace) = (pots, potTracking, holdings, combinedHoldings, lastPlace)
    }


    /// The history replayed in the rules' own orders.
    public init(base: String, history: [Transaction]) {
        self.init(base: base)
        let history = history.inBase(base)
        for index in history.indices { CashPolicy.forPotTracked(by: history[index]) { potTracking.countOneMore($0) } }
        // Pots are independent: each one's movements, in CashPolicy's order (day, money in
        // first, then as given), as packed keys, not copies of the transactions that made them.
        // Most legs fall in the pot of the leg before, which is looked up without hashing.
        var potSlots: [CashPot: Int] = [:], movements: [[(key: UInt64, amount: FixedDecimal)]] = [], pots: [CashPot] = []
        var lastPot: (pot: CashPot, slot: Int)?
        for index in history.indices {
            CashPolicy.forEachLeg(of: history[index]) { pot, amount in
                let slot: Int
                if let lastPot, lastPot.pot == pot {
                    slot = lastPot.slot
                } else {
                    slot = potSlots[pot] ?? movements.count
                    if slot == movements.count {
                        potSlots[pot] = slot
                        pots.append(pot)
                        movements.append([])
                    }
                    lastPot = (pot, slot)
                }
                let day = UInt64(UInt32(bitPattern: history[index].date.daysSinceEpoch &+ Int32.min))
                movements[slot].append((day << 32 | (amount >= .zero ? 0 : 1) << 31 | UInt64(index), amount))
            }
        }
        for (slot, pot) in pots.enumerated() {
            var state = Pot()
            for leg in movements[slot].sorted(by: { $0.key < $1.key }) {
                state.fold(leg.amount, on: CalendarDay(daysSinceEpoch: Int32(truncatingIfNeeded: Int64(leg.key >> 32) + Int64(Int32.min))))
            }
            self.pots[pot] = state
        }
        foldHoldings(of: history, at: history.indices.filter { !history[$0].ticker.isEmpty })
    }

    /// The holdings of the tickers of `history[traded]`, folded from them alone: tickers are
    /// independent, so each one's are folded apart, in the holdings rule's order, and written in
    /// once. That order follows a history written over time, so the transactions are read about
    /// as they lie, not fetched from all over it.
    mutating func foldHoldings(of history: [Transaction], at traded: [Int]) {
        var slots: [String: Int] = [:], tickers: [(name: String, holdings: TickerHoldings, lastPlace: ReplayPlace)] = []
        var keys = traded.map { history[$0].replayDayAndRank << 30 | UInt64($0) }
        ReplayOrder.sort(&keys, positionBits: 30) { history[$0].id }
        for index in keys.map({ Int($0 & 0x3FFF_FFFF) }) {
            let ticker = history[index].ticker, place = history[index].replayPlace
            let slot = slots[ticker] ?? tickers.count
            if slot == tickers.count {
                slots[ticker] = slot
                tickers.append((ticker, TickerHoldings(accounts: [], combined: Holding()), place))
            }
            tickers[slot].holdings.fold(history[index])
            tickers[slot].lastPlace = place
        }
        for ticker in tickers { store(ticker.holdings, of: ticker.name, lastPlace: ticker.lastPlace) }
    }

    /// Folds in a new transaction; false when one of its movements or its ticker's order is
    /// dated before what was folded already (then nothing changed, and the history must be replayed).
    public mutating func fold(_ transaction: Transaction) -> Bool {
        let transaction = transaction.inBase(base)
        var foldable = transaction.ticker.isEmpty || !(transaction.replayPlace < lastPlace[transaction.ticker] ?? .start)
        CashPolicy.forEachLeg(of: transaction) { pot, _ in
            if let last = pots[pot]?.lastDay, transaction.date < last { foldable = false }
        }
        guard foldable else { return false }
        CashPolicy.forEachLeg(of: transaction) { pot, amount in pots[pot, default: Pot()].fold(amount, on: transaction.date) }
        CashPolicy.forPotTracked(by: transaction) { potTracking.countOneMore($0) }
        if !transaction.ticker.isEmpty { foldHoldings(transaction) }
        return true
    }

    private mutating func foldHoldings(_ transaction: Transaction) {
        let ticker = transaction.ticker
        // A split is seen in every account holding the ticker; anything else only in those it names.
        let seen: [String?]
        switch transaction.type {
        case .split: seen = holdings.keys.filter { $0.ticker == ticker }.map(\.account)
        case .transfer where transaction.toAccount != transaction.account: seen = [transaction.account, transaction.toAccount]
        default: seen = [transaction.account]
        }
        var state = TickerHoldings(accounts: seen.compactMap { account in holdings[HoldingKey(account: account, ticker: ticker)].map { (account, $0) } },
                                   combined: combinedHoldings[ticker] ?? Holding())
        state.fold(transaction)
        store(state, of: ticker, lastPlace: transaction.replayPlace)
    }

    private mutating func store(_ state: TickerHoldings, of ticker: String, lastPlace place: ReplayPlace) {
        for (account, holding) in state.accounts { holdings[HoldingKey(account: account, ticker: ticker)] = holding }
        combinedHoldings[ticker] = state.combined
        lastPlace[ticker] = place
    }
}

/// One ticker's holdings, each account's and all of them together, as a transaction of it
/// leaves them. A ticker is held in a handful of accounts, so each is found without hashing.
private struct TickerHoldings {
    var accounts: [(account: String?, holding: TransactionsTally.Holding)]
    var combined: TransactionsTally.Holding

    /// Each account that sees the transaction, as `HoldingsPolicy` does: a split is seen in every
    /// account holding the ticker, a transfer in both its accounts.
    mutating func fold(_ transaction: Transaction) {
        switch transaction.type {
        case .split:
            for slot in accounts.indices { fold(transaction, at: slot) }
        case .transfer:
            fold(transaction, at: slot(of: transaction.account))
            if transaction.toAccount != transaction.account { fold(transaction, at: slot(of: transaction.toAccount)) }
        default:
            fold(transaction, at: slot(of: transaction.account))
        }
        combined = combined.folding(transaction, heldAfter: transaction.held(after:))
    }

    private mutating func fold(_ transaction: Transaction, at slot: Int) {
        let account = accounts[slot].account
        accounts[slot].holding = accounts[slot].holding.folding(transaction, heldAfter: { transaction.held(after: $0, in: .only(account)) })
    }

    private mutating func slot(of account: String?) -> Int {
        if let slot = accounts.firstIndex(where: { $0.account == account }) { return slot }
        accounts.append((account, TransactionsTally.Holding()))
        return accounts.count - 1
    }
}

extension TransactionsTally {
    /// Each pot's balance in `scope`, as `CashPolicy.balances` gives it.
    public func balances(in scope: AccountScope) -> [CashPot: FixedDecimal] {
        pots.filter { scope.includes($0.key.account) }.mapValues(\.balance)
    }

    /// Each currency's balance, and its count of movements, across the accounts of `scope`.
    public func cashBalances(in scope: AccountScope) -> CashBalances {
        var balances: [String?: FixedDecimal] = [:], movements: [String?: Int] = [:]
        let tracked = trackedAccounts
        let counted = CashPolicy.countedAccounts(in: scope, tracked: tracked)
        for (pot, tally) in pots where counted(pot.account) && tally.movements > 0 {
            balances[pot.currency, default: .zero] += tally.balance
            movements[pot.currency, default: 0] += tally.movements
        }
        return CashBalances(isTracked: tracked.contains { scope.includes($0) }, balances: balances, movements: movements)
    }
}
