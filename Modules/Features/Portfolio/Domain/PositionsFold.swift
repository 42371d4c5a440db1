import FixedPoint
import Ledger
import Transactions

extension PortfolioCalculator {
    /// The positions of a history, folded a transaction at a time: what a checkpoint keeps, so
    /// a portfolio needs only the transactions added since. A transaction whose place
    /// (`ReplayPlace`) comes before what its ticker already holds can't be folded (its place in
    /// the moving average is earlier); the history is then replayed.
    public struct PositionsFold: Equatable, Sendable {
        public let method: CostBasisMethod
        @_spi(Projections) public var book = PositionBook()
        @_spi(Projections) public var accountFees: [String?: FixedDecimal] = [:]
        /// Each ticker's last place folded in.
        @_spi(Projections) public var lastPlace: [String: ReplayPlace] = [:]

        public init(method: CostBasisMethod) {
            self.method = method
        }

        public init(history: [Transaction], method: CostBasisMethod) {
            var unwanted: PackedGains?
            self.init(history: history, method: method, realized: &unwanted)
        }

        /// - Parameter realized: where each sell's gain goes, in the order worked out; nil for none.
        init(history: [Transaction], method: CostBasisMethod, realized: inout PackedGains?) {
            self.init(method: method)
            var restated: [CostBooking] = []
            for index in ReplayOrder.indices(of: history) {
                if let gain = PortfolioCalculator.apply(history[index], to: &book, accountFees: &accountFees, method: method, restated: &restated) {
                    realized?.append(AccountGain(account: gain.account, gain: gain.gain))
                }
                restated.removeAll(keepingCapacity: true)
                if !history[index].ticker.isEmpty { lastPlace[history[index].ticker] = history[index].replayPlace }
            }
        }

        /// False, changing nothing, when `transaction` comes before what its ticker holds.
        public mutating func fold(_ transaction: Transaction) -> Bool {
            foldRealizing(transaction).folded
        }

        /// As `fold(_:)`, with the gain a sell realized.
        mutating func foldRealizing(_ transaction: Transaction) -> (folded: Bool, realized: AccountGain?) {
            if !transaction.ticker.isEmpty {
                let place = transaction.replayPlace
                guard !(place < lastPlace[transaction.ticker] ?? .start) else { return (false, nil) }
                lastPlace[transaction.ticker] = place
            }
            var restated: [CostBooking] = []
            let gain = PortfolioCalculator.apply(transaction, to: &book, accountFees: &accountFees, method: method, restated: &restated)
            return (true, gain.map { AccountGain(account: $0.account, gain: $0.gain) })
        }

        public var positions: Positions { Positions(byKey: book.byKey, accountFees: accountFees) }

        /// Whether `transaction` can change a position or a fee total: what names a ticker, and
        /// a fee charged to an account. Cash coming, going or exchanged changes none, so its
        /// currency needs no rate for the positions in the base.
        public static func reads(_ transaction: Transaction) -> Bool {
            !transaction.ticker.isEmpty || transaction.type == .fee
        }

        /// Whether the positions in the base need rates for `transaction`: it names another
        /// currency, and they read it.
        public static func convertsInTheBase(_ transaction: Transaction) -> Bool {
            transaction.namesAnotherCurrency && reads(transaction)
        }

        /// `changes` in `base`, when they can be put in place without the history: unless
        /// `namingOtherCurrencies`, none names another currency.
        static func revisable(_ changes: [Revision<Transaction>], base: String, namingOtherCurrencies: Bool = false) -> [Revision<Transaction>]? {
            let changes = changes.inBase(base)
            guard namingOtherCurrencies || !changes.namesAnotherCurrency else { return nil }
            return changes
        }

        /// The tickers whose positions `changes` can change, worked out again from their
        /// transactions: those any change names but a new note, which leaves every position and
        /// gain as it was, as a replay orders a day's lots, transfers and sells by what they are,
        /// not by where they were written.
        static func tickers(of changes: [Revision<Transaction>]) -> Set<String> {
            var tickers = Set<String>()
            for change in changes {
                if let earlier = change.earlier, let later = change.later, later.differsOnlyInNote(from: earlier) { continue }
                for version in [change.earlier, change.later] where version?.ticker.isEmpty == false { tickers.insert(version!.ticker) }
            }
            return tickers
        }

        /// `changes` (in the base) put in place of their earlier versions, when `revisable`: each
        /// fee charged to an account taken out and the new one added, and the positions of
        /// `tickers` worked out again from their transactions among `records` (in the base, in the
        /// ledger's order), in a replay's order. Each sell's gain of those tickers goes to
        /// `realized`, in that order.
        mutating func revise(_ changes: [Revision<Transaction>], tickers: Set<String>, given records: [Transaction], realized: inout [AccountGain]?) {
            for change in changes {
                if let earlier = change.earlier, earlier.ticker.isEmpty, earlier.type == .fee {
                    PortfolioCalculator.charge(-earlier.sum, to: earlier.account, in: &accountFees)
                }
                if let later = change.later, later.ticker.isEmpty, later.type == .fee {
                    PortfolioCalculator.charge(later.sum, to: later.account, in: &accountFees)
                }
            }
            guard !tickers.isEmpty else { return }
            book.defaultAccount = book.defaultAccount.filter { !tickers.contains($0.key) }
            book.otherAccounts = book.otherAccounts.filter { !tickers.contains($0.key.ticker) }
            for ticker in tickers { lastPlace[ticker] = nil }
            let traded = records.filter { tickers.contains($0.ticker) }
            var restated: [CostBooking] = []
            for index in ReplayOrder.indices(of: traded) {
                if let gain = PortfolioCalculator.apply(traded[index], to: &book, accountFees: &accountFees, method: method, restated: &restated) {
                    realized?.append(AccountGain(account: gain.account, gain: gain.gain))
                }
                restated.removeAll(keepingCapacity: true)
                lastPlace[traded[index].ticker] = traded[index].replayPlace
            }
        }
    }
}
