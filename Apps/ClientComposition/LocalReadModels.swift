import Foundation
import TerminalKit
import Ledger
import Projections
import Transactions
import CurrentPrices
import Currencies
import Portfolio
import NetWorth
import Savings

/// What both clients read over a local log, the full client's own or invest-summary's copy of the
/// account's: each read model from its checkpoint, and the portfolio's and the net worth's use
/// cases composed over them one way, so the two give one answer.
public struct LocalReadModels {
    /// The records, as the client reads them (through its look-up checkpoints).
    public let ledger: LedgerStore
    /// The log the checkpoints are kept beside.
    public let log: CheckpointableLedger
    public let now: () -> Date
    public let today: () -> CalendarDay

    public init(ledger: LedgerStore, log: CheckpointableLedger, now: @escaping () -> Date, today: @escaping () -> CalendarDay) {
        self.ledger = ledger
        self.log = log
        self.now = now
        self.today = today
    }

    /// The rates kept, read once a run from their checkpoint; `loader` fetches the days not kept
    /// (nil: what is kept only).
    public func exchangeRates(loader: ExchangeRatesLoading?) -> ExchangeRatesProviding {
        ExchangeRatesUseCase(store: ExchangeRatesReadOnce(decoratee: LedgerExchangeRatesStore(ledger: ledger, projection: CheckpointedProjectionReader(log: log, empty: .empty))),
                             loader: loader, now: now)
    }

    public func securities() -> ManageSecuritiesUseCase {
        ManageSecuritiesUseCase(store: LedgerSecuritiesStore(ledger: ledger), now: now)
    }

    /// What puts the portfolio in `base`, at `rates`.
    public func converter(base: CurrencyCode, rates: ExchangeRatesProviding) -> BaseCurrencyConverting {
        BaseCurrencyConverter(base: base, rates: rates, securities: securities(), today: today)
    }

    /// Savings on `ledger` (the client's own, or one that records undo), each account's latest
    /// value from its checkpoint.
    public func savingsStore(on ledger: LedgerStore? = nil) -> SavingsStore {
        LedgerSavingsStore(ledger: ledger ?? self.ledger, summaries: CheckpointedProjectionReader(log: log, empty: .empty))
    }

    /// The positions and cash of the whole history from their checkpoints.
    /// - Parameter companions: the other projections of the transactions a replay rebuilds.
    public func portfolioProjections(base: CurrencyCode, companions: ReplayCompanions<Transaction>? = nil) -> PortfolioProjecting {
        CheckpointedPortfolioProjection(log: log, base: base.code, companions: companions)
    }

    public func netWorth(base: CurrencyCode, projections: PortfolioProjecting, prices: PricesLoading, rates: ExchangeRatesProviding,
                         savings: SavingsLoading?) -> NetWorthComputing {
        ComputeNetWorthUseCase(projections: projections, prices: prices, securities: securities(), rates: rates, savings: savings, base: base, today: today)
    }

    /// Behind `loader`, the prices the user set, then each ticker's latest kept close: the order
    /// `returns` values in too. One that can't be read is named once, as `program`'s warning,
    /// and left out; it never stops a portfolio.
    public func behindSetPricesAndKeptCloses(_ loader: PriceLoader, program: String, console: Console) -> PriceLoader {
        let manual = ManualPrices(store: LedgerManualPricesStore(ledger: ledger), now: now), ledger = ledger
        let set = FallbackPriceLoader.manualPrices(behind: loader) {
            do throws(ManualPriceError) {
                return try manual.all()
            } catch {
                console.writeNotice("\(program): warning: manual prices were not read: \(error.userMessage)\n")
                return [:]
            }
        }
        return FallbackPriceLoader.keptCloses(behind: set) {
            do throws(KeptClosesError) {
                return try LedgerKeptCloses(ledger: ledger).history()
            } catch {
                console.writeNotice("\(program): warning: the kept closes were not read (\(error.userMessage)); holdings without a price are left out.\n")
                return PriceHistory()
            }
        }
    }
}
