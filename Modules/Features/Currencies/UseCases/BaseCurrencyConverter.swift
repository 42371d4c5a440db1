import FixedPoint
import Ledger
import CurrentPrices
import Transactions

/// The portfolio in the base currency: each foreign trade's money at the rate of its own day,
/// never today's, and cash at today's. The rates a history needs are fetched once (from its
/// first foreign day through today) and kept; offline, only what is kept counts.
public final class BaseCurrencyConverter: BaseCurrencyConverting {
    private let base: CurrencyCode
    private let rates: ExchangeRatesProviding
    private let securities: SecuritiesManaging
    private let today: () -> CalendarDay
    private var kept: ExchangeRates?

    public init(base: CurrencyCode, rates: ExchangeRatesProviding, securities: SecuritiesManaging, today: @escaping () -> CalendarDay) {
        self.base = base
        self.rates = rates
        self.securities = securities
        self.today = today
    }

    /// Each price in the base currency, as `BaseCurrencyValuation` converts it: a price in a minor
    /// unit (GBp) divided into its currency, then at today's rate. A price in a currency without
    /// a rate is refused rather than shown unconverted.
    public func pricesInBase(_ prices: [String: Result<LoadedPrice, PriceLoadingError>],
                             tickers: TickerUnits) throws(CurrencyConversionError) -> ConvertedPrices {
        let known: [Security]
        do { known = try securities.all() } catch { throw .securities(error) }
        let day = today()
        let units = BaseCurrencyValuation(base: base, day: day, rates: ExchangeRates([]), securities: known, tickers: tickers)
        let unitOf = Dictionary(uniqueKeysWithValues: prices.keys.map { ($0, units.unit(of: $0)) })
        let foreign = Dictionary(unitOf.values.map(\.currency).filter { $0 != base }.map { ($0.code, day) }) { first, _ in first }
        let currencies = unitOf.mapValues(\.currency.code)
        guard !foreign.isEmpty || unitOf.values.contains(where: \.isMinor) else {
            return ConvertedPrices(prices: prices, rates: prices.mapValues { _ in 1 }, currencies: currencies)
        }
        let valuation = units.with(foreign.isEmpty ? ExchangeRates([]) : try rates(from: foreign))
        let converted = prices.mapValues { result -> Result<LoadedPrice, PriceLoadingError> in
            result.flatMap { loaded in
                let price = loaded.price
                let inBase = valuation.pricesInBase(of: price.ticker)
                guard let now = inBase(price.price), let before = inBase(price.previousClose) else { return .failure(.noExchangeRate) }
                return .success(LoadedPrice(price: CurrentPrice(ticker: price.ticker, price: now, change: now - before, changePercent: price.changePercent,
                                                                previousClose: before, quoteTime: price.quoteTime, fetchedAt: price.fetchedAt,
                                                                open: price.open.flatMap(inBase), high: price.high.flatMap(inBase), low: price.low.flatMap(inBase)),
                                            source: loaded.source))
            }
        }
        return ConvertedPrices(prices: converted, rates: Dictionary(uniqueKeysWithValues: prices.keys.compactMap { ticker in
            valuation.rate(of: ticker).map { (ticker, $0) }
        }), currencies: currencies)
    }

    public func historyInBase(_ history: [Transaction]) throws(CurrencyConversionError) -> [Transaction] {
        // Most transactions name no currency: they are skipped without a copy.
        var firstDays: [String: CalendarDay] = [:]
        for index in history.indices where !history[index].isPlain && history[index].namesAnotherCurrency {
            let transaction = history[index]
            for currency in transaction.currenciesNamed where firstDays[currency].map({ transaction.date < $0 }) ?? true {
                firstDays[currency] = transaction.date
            }
        }
        guard !firstDays.isEmpty else { return history }
        let rates = try rates(from: firstDays)
        return try history.map { transaction throws(CurrencyConversionError) in try transaction.converted(into: base, at: rates) }
    }

    public func closesInBase(_ closes: PriceHistory, history: [Transaction]) throws(CurrencyConversionError) -> PriceHistory {
        let known: [Security]
        do { known = try securities.all() } catch { throw .securities(error) }
        let units = BaseCurrencyValuation(base: base, day: today(), rates: ExchangeRates([]), securities: known, history: history)
        let converted = Set(closes.tickers.filter { units.unit(of: $0).currency != base || units.unit(of: $0).isMinor })
        guard !converted.isEmpty else { return closes }
        var firstDays: [String: CalendarDay] = [:]
        for ticker in converted where units.unit(of: ticker).currency != base {
            guard let first = closes.closes(of: ticker).first?.day else { continue }
            let code = units.unit(of: ticker).currency.code
            firstDays[code] = min(firstDays[code] ?? first, first)
        }
        let valuation = units.with(firstDays.isEmpty ? ExchangeRates([]) : try rates(from: firstDays))
        return closes.mapping(converted) { ticker, day, close in valuation.on(day).priceInBase(of: ticker, close) }
    }

    public func cashInBase(_ balances: [CashPot: FixedDecimal]) throws(CurrencyConversionError) -> [String: FixedDecimal] {
        let day = today()
        // An empty pot is worth nothing in any currency: it needs no rate.
        let balances = balances.filter { !$0.value.isZero }
        let foreign = Dictionary(balances.keys.compactMap(\.currency).map { ($0, day) }) { first, _ in first }
        let rates = foreign.isEmpty ? ExchangeRates([]) : try rates(from: foreign)
        var byCurrency: [String: FixedDecimal] = [:]
        for (pot, balance) in balances { byCurrency[pot.currency ?? base.code, default: .zero] += try rates.converting(balance, from: pot.currency, on: day, into: base) }
        return byCurrency
    }

    /// Fetched (or read) once a run, for the days from each currency's first through today.
    public func rates(from firstDays: [String: CalendarDay]) throws(CurrencyConversionError) -> ExchangeRates {
        if let kept, firstDays.allSatisfy({ currency, day in CurrencyCode(currency).map { kept.rate(from: $0, to: base, on: day) != nil } ?? false }) {
            return kept
        }
        let currencies = Set(firstDays.keys.compactMap(CurrencyCode.init)).subtracting([base])
        guard let first = firstDays.values.min(), !currencies.isEmpty else { return kept ?? ExchangeRates([]) }
        do {
            let fetched = try rates.rates(converting: currencies, into: base, over: first...max(first, today()))
            kept = fetched
            return fetched
        } catch .noRatesPublished(let from, _) {
            throw .noRate(currency: from.code, day: first)
        } catch {
            throw .rates(error)
        }
    }
}
