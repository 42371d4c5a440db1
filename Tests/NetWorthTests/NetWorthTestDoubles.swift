import Foundation
import FixedPoint
import Ledger
import Currencies
import CurrentPrices
import Portfolio
import Transactions

/// Kept rates, and each request for them: the currencies asked for and the days.
final class RatesSpy: ExchangeRatesProviding {
    private let kept: [ExchangeRate]
    private(set) var requests: [(currencies: [CurrencyCode], days: ClosedRange<CalendarDay>)] = []

    init(rates: [ExchangeRate]) { kept = rates }

    func rates(converting currencies: Set<CurrencyCode>, into base: CurrencyCode, over days: ClosedRange<CalendarDay>) throws(ExchangeRatesError) -> ExchangeRates {
        requests.append((currencies.sorted(), days))
        return ExchangeRates(kept)
    }

    func keptRates() throws(ExchangeRatesError) -> ExchangeRates { ExchangeRates(kept) }
}

/// Live prices for the tickers given; an unknown symbol for the others.
struct PricesStub: PricesLoading {
    let prices: [String: FixedDecimal]
    init(_ prices: [String: FixedDecimal]) { self.prices = prices }

    func loadPrices(for tickers: [String]) -> [String: Result<LoadedPrice, PriceLoadingError>] {
        Dictionary(uniqueKeysWithValues: tickers.map { ticker in
            (ticker, prices[ticker].map { .success(LoadedPrice(price: CurrentPrice(ticker: ticker, price: $0, change: nil, changePercent: nil, previousClose: $0,
                                                                                   quoteTime: .distantPast, fetchedAt: .distantPast), source: .live)) }
                ?? .failure(.unknownSymbol))
        })
    }
}

struct SecuritiesStub: SecuritiesManaging {
    var securities: [Security] = []

    func setCurrency(_ currency: String, of ticker: String) throws(SecuritiesError) -> Security { fatalError("not used") }
    func recordProviderCurrency(_ currency: String, of ticker: String) throws(SecuritiesError) -> Security? { nil }
    func all() throws(SecuritiesError) -> [Security] { securities }
}

/// The projection a checkpoint would hold: the history's, replayed.
struct ProjectionStub: PortfolioProjecting {
    let base: String
    let history: [Transaction]

    func projection(method: CostBasisMethod) throws(TransactionsStoreError) -> PortfolioProjection {
            PortfolioProjection(base: base, method: method, history: history)
    }

    func projectionInBase(method: CostBasisMethod, base: CurrencyCode, rates: ExchangeRates) throws(TransactionsStoreError) -> PortfolioInBaseProjection {
        PortfolioInBaseProjection(base: base, method: method, rates: rates).replaying(history)
    }
}
