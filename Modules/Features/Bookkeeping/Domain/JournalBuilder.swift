import FixedPoint
import Ledger
import Transactions
import Portfolio
import CurrentPrices
import Currencies

/// Turns the history into a `Journal`: the chart of accounts, one balanced entry per
/// transaction, and the prices that value it.
///
/// The chart, under a prefix the user picks (`Invest` unless told):
/// - `Assets:P:ACCOUNT:Cash` holds every currency of an account's cash;
/// - `Assets:P:ACCOUNT:TICKER` its shares of one security, each lot at its total cost;
/// - `Income:P:Dividends:TICKER`, `Income:P:Interest`, `Income:P:Gains:TICKER` (realized);
/// - `Expenses:P:Fees` (and `:TICKER` for a security's fee);
/// - `Equity:P:Contributions`, where deposits come from and withdrawals go.
///
/// Shares leave a holding at the cost this tool's own calculator gives them (moving average
/// or FIFO, `PortfolioCalculator.costBookings`), so the books' cost basis and realized gains
/// are `portfolio`'s and `gains`' to the unit.
public struct JournalBuilder: Sendable {
    public let base: String
    public let prefix: [String]
    public let method: CostBasisMethod
    /// An account's name for its id (nil: the default account).
    public let accountName: @Sendable (String?) -> String
    /// Each ticker's and account's part of an account name, one to one for the history built.
    private var tickerParts: [String: String] = [:]
    private var accountParts: [String: String] = [:]

    public init(base: String, prefix: [String], method: CostBasisMethod, accountName: @escaping @Sendable (String?) -> String) {
        self.base = base
        self.prefix = prefix
        self.method = method
        self.accountName = accountName
    }

    /// A name a plain-text ledger accepts as one part of an account: a capital or a digit
    /// first, then letters, digits and dashes (beancount's rule, the stricter one).
    public static func accountComponent(_ name: String) -> String {
        let cleaned = String(name.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-")
                ? Character(scalar) : "-"
        })
        guard let first = cleaned.first else { return "X" }
        return first.isLetter ? first.uppercased() + cleaned.dropFirst() : (first.isNumber ? cleaned : "X" + cleaned)
    }

    /// Each name's part of an account, one to one: names that clean to the same part (`BRK.B`
    /// and `BRK-B`, `Joint ISA` and `Joint-ISA`) are told apart by a number, given in the
    /// names' order, so the same history always gets the same parts.
    static func distinctParts<Names: Sequence>(of names: Names) -> [String: String] where Names.Element == String {
        var parts: [String: String] = [:], taken = Set<String>()
        for name in Set(names).sorted() {
            let part = accountComponent(name)
            var unique = part, counter = 2
            while taken.contains(unique) {
                unique = "\(part)-\(counter)"
                counter += 1
            }
            taken.insert(unique)
            parts[name] = unique
        }
        return parts
    }

    /// `units` are the securities' known price units (pence for a London share); a security
    /// without one is priced in the currency it was traded in.
    public func journal(of history: [Transaction], closes: PriceHistory, quotes: [String: LoadedPrice], rates: [ExchangeRate],
                        units: [String: PriceUnit]) -> Journal {
        var named = self
        named.tickerParts = Self.distinctParts(of: history.lazy.map(\.ticker).filter { !$0.isEmpty })
        named.accountParts = Self.distinctParts(of: history.flatMap { [accountName($0.account)] + ($0.type == .transfer ? [accountName($0.toAccount)] : []) })
        return named.building(history, closes: closes, quotes: quotes, rates: rates, units: units)
    }

    private func building(_ history: [Transaction], closes: PriceHistory, quotes: [String: LoadedPrice], rates: [ExchangeRate],
                          units: [String: PriceUnit]) -> Journal {
        let bookings = PortfolioCalculator.costBookings(of: history, method: method)
        let tradedIn = Self.tradingCurrencies(of: history, base: base)
        let ordered = ReplayOrder.indices(of: history).map { history[$0] }
        var accounts: [JournalAccount: CalendarDay] = [:]
        var entries: [JournalEntry] = []
        for transaction in ordered {
            let postings = self.postings(of: transaction, bookings: bookings[transaction.id] ?? [], tradedIn: tradedIn)
            guard !postings.isEmpty else { continue }
            for posting in postings where accounts[posting.account] == nil { accounts[posting.account] = transaction.date }
            entries.append(JournalEntry(date: transaction.date, narration: narration(of: transaction), transactionID: transaction.id, postings: postings))
        }
        return Journal(baseCurrency: base, accounts: accounts, entries: entries, prices: prices(of: tradedIn, closes: closes, quotes: quotes, rates: rates, units: units))
    }

    // MARK: - Entries

    /// The currency each security was first traded in: its shares' cost is in it.
    private static func tradingCurrencies(of history: [Transaction], base: String) -> [String: String] {
        var tradedIn: [String: String] = [:]
        for transaction in history where !transaction.ticker.isEmpty && transaction.type != .transfer && tradedIn[transaction.ticker] == nil {
            tradedIn[transaction.ticker] = transaction.currency ?? base
        }
        return tradedIn
    }

    private func postings(of transaction: Transaction, bookings: [CostBooking], tradedIn: [String: String]) -> [JournalPosting] {
        let currency = transaction.currency ?? base
        let money = { (quantity: FixedDecimal) in JournalAmount(quantity, currency) }
        let cash = self.cash(transaction.account)
        let ticker = transaction.ticker
        switch transaction.type {
        // A trade's fee is in its shares' cost and out of its proceeds, as in every figure here.
        case .buy:
            return [JournalPosting(holding(transaction.account, ticker), shares(transaction.quantity, ticker), cost: money(transaction.settled)),
                    JournalPosting(cash, money(-transaction.settled))]
        case .sell:
            let cost = bookings.reduce(FixedDecimal.zero) { $0 + $1.cost }
            let gain = cost - transaction.settled
            return [JournalPosting(holding(transaction.account, ticker), shares(-transaction.quantity, ticker), cost: money(cost)),
                    JournalPosting(cash, money(transaction.settled))]
                + (gain.isZero ? [] : [JournalPosting(income("Gains", ticker), money(gain))])
        case .dividend:
            return [JournalPosting(cash, money(transaction.sum)), JournalPosting(income("Dividends", ticker), money(-transaction.sum))]
        case .interest:
            return [JournalPosting(cash, money(transaction.sum)), JournalPosting(income("Interest"), money(-transaction.sum))]
        case .fee:
            let fees = JournalAccount(.expenses, prefix + ["Fees"] + (ticker.isEmpty ? [] : [part(ofTicker: ticker)]))
            return [JournalPosting(cash, money(-transaction.sum)), JournalPosting(fees, money(transaction.sum))]
        case .deposit, .withdrawal:
            let signed = transaction.type == .deposit ? transaction.sum : -transaction.sum
            return [JournalPosting(cash, money(signed)), JournalPosting(JournalAccount(.equity, prefix + ["Contributions"]), money(-signed))]
        case .fx:
            guard let toSum = transaction.toSum else { return [] }
            return [JournalPosting(cash, money(-transaction.sum)),
                    JournalPosting(cash, JournalAmount(toSum, transaction.toCurrency ?? base), price: money(transaction.sum))]
        case .transfer where ticker.isEmpty:
            return [JournalPosting(cash, money(-transaction.sum)), JournalPosting(self.cash(transaction.toAccount), money(transaction.sum))]
        case .transfer, .split:
            // Shares out at their cost and in at the same cost: in another account, or as more shares.
            return bookings.flatMap { booking -> [JournalPosting] in
                let account = holding(booking.account, booking.ticker)
                let cost = JournalAmount(booking.cost, tradedIn[booking.ticker] ?? currency)
                return (booking.quantityOut.isZero ? [] : [JournalPosting(account, shares(-booking.quantityOut, booking.ticker), cost: cost)])
                    + (booking.quantityIn.isZero ? [] : [JournalPosting(account, shares(booking.quantityIn, booking.ticker), cost: cost)])
            }
        }
    }

    private func narration(of transaction: Transaction) -> String {
        let what: String
        switch transaction.type {
        case .buy, .sell: what = "\(transaction.type.rawValue.capitalized) \(transaction.quantity) \(transaction.ticker)"
        case .split: what = "Split \(transaction.ticker) \(transaction.ratio.map { "\($0)" } ?? "")"
        case .transfer:
            let moved = transaction.ticker.isEmpty ? "cash" : "\(transaction.quantity) \(transaction.ticker)"
            what = "Transfer \(moved) from \(accountName(transaction.account)) to \(accountName(transaction.toAccount))"
        case .fx: what = "Exchange \(transaction.currency ?? base) for \(transaction.toCurrency ?? base)"
        default: what = ([transaction.type.rawValue.capitalized] + (transaction.ticker.isEmpty ? [] : [transaction.ticker])).joined(separator: " ")
        }
        guard let note = transaction.note, !note.isEmpty else { return what }
        return "\(what) — \(note)"
    }

    private func cash(_ account: String?) -> JournalAccount {
        JournalAccount(.assets, prefix + [part(ofAccount: account), "Cash"])
    }

    private func holding(_ account: String?, _ ticker: String) -> JournalAccount {
        JournalAccount(.assets, prefix + [part(ofAccount: account), part(ofTicker: ticker)], holds: ticker)
    }

    private func income(_ kind: String, _ ticker: String = "") -> JournalAccount {
        JournalAccount(.income, prefix + [kind] + (ticker.isEmpty ? [] : [part(ofTicker: ticker)]))
    }

    private func part(ofTicker ticker: String) -> String {
        tickerParts[ticker] ?? Self.accountComponent(ticker)
    }

    private func part(ofAccount account: String?) -> String {
        let name = accountName(account)
        return accountParts[name] ?? Self.accountComponent(name)
    }

    private func shares(_ quantity: FixedDecimal, _ ticker: String) -> JournalAmount {
        JournalAmount(quantity, ticker, isShares: true)
    }

    // MARK: - Prices

    /// Each security's kept closes and today's quote, in its currency (pence made pounds), and
    /// each kept exchange rate.
    private func prices(of tradedIn: [String: String], closes: PriceHistory, quotes: [String: LoadedPrice], rates: [ExchangeRate],
                        units: [String: PriceUnit]) -> [JournalPrice] {
        var prices: [JournalPrice] = []
        for ticker in tradedIn.keys.sorted() {
            let unit = units[ticker] ?? PriceUnit(tradedIn[ticker]!)
            let currency = unit?.currency.code ?? tradedIn[ticker]!
            func price(_ day: CalendarDay, _ value: FixedDecimal) -> JournalPrice? {
                guard let major = unit.map({ $0.inMajorUnits(value) }) ?? value else { return nil }
                return JournalPrice(date: day, commodity: ticker, isShares: true, price: JournalAmount(major, currency))
            }
            let quote = quotes[ticker].map { (CalendarDay(containing: $0.price.quoteTime), $0.price.price) }
            prices += closes.closes(of: ticker).filter { $0.day != quote?.0 }.compactMap { price($0.day, $0.close) }
            if let quote, let latest = price(quote.0, quote.1) { prices.append(latest) }
        }
        prices += rates.map { JournalPrice(date: $0.day, commodity: $0.from.code, isShares: false, price: JournalAmount($0.rate, $0.to.code)) }
        return prices.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
    }
}
