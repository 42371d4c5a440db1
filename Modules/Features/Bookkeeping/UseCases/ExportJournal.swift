import Ledger
import Transactions
import Portfolio
import CurrentPrices
import Currencies

public enum BookkeepingError: Error, Equatable {
    case transactions(TransactionsStoreError)
    case securities(SecuritiesError)
    case rates(ExchangeRatesError)
    case closes(KeptClosesError)
    case manualPrices(ManualPriceError)
}

public protocol JournalExporting {
    /// Every account's history as double-entry books, with the prices and rates kept.
    func journal() throws(BookkeepingError) -> Journal
}

/// The whole history, every account's, with what is kept to value it: closes and prices set by
/// hand, the last quotes (from the cache, never fetched for an export) and exchange rates.
public final class ExportJournalUseCase: JournalExporting {
    private let transactions: TransactionsRetrieving
    private let prices: PricesLoading
    private let closes: () throws(BookkeepingError) -> PriceHistory
    private let securities: SecuritiesManaging
    private let rates: ExchangeRatesProviding
    private let builder: JournalBuilder

    public init(transactions: TransactionsRetrieving, prices: PricesLoading, closes: @escaping () throws(BookkeepingError) -> PriceHistory,
                securities: SecuritiesManaging, rates: ExchangeRatesProviding, builder: JournalBuilder) {
        self.transactions = transactions
        self.prices = prices
        self.closes = closes
        self.securities = securities
        self.rates = rates
        self.builder = builder
    }

    public func journal() throws(BookkeepingError) -> Journal {
        let history: [Transaction]
        do { history = try transactions.retrieve(.all, order: .unspecified) } catch { throw .transactions(error.storeError) }
        let known: [Security]
        do { known = try securities.all() } catch { throw .securities(error) }
        let kept: ExchangeRates
        do { kept = try rates.keptRates() } catch { throw .rates(error) }
        let units = Dictionary(known.map { ($0.ticker, $0.unit) }) { $1 }
        let held = PortfolioCalculator.heldTickers(in: PortfolioCalculator.positions(of: history))
        let quotes = held.isEmpty ? [:] : prices.loadPrices(for: held).compactMapValues { try? $0.get() }
        let allRates = kept.pairs.flatMap { kept.all(from: $0.from, to: $0.to) }
        return builder.journal(of: history, closes: try closes(), quotes: quotes, rates: allRates, units: units)
    }
}
