import Foundation

/// The rates kept, read once a run and answered again until a fetch saves more: a client that
/// works out two figures in the base (the portfolio and the net worth) decodes them once.
public final class ExchangeRatesReadOnce: ExchangeRatesStore {
    private let decoratee: ExchangeRatesStore
    private var read: ExchangeRates?

    public init(decoratee: ExchangeRatesStore) {
        self.decoratee = decoratee
    }

    public func rates() throws(ExchangeRatesError) -> ExchangeRates {
        if let read { return read }
        let rates = try decoratee.rates()
        read = rates
        return rates
    }

    public func coverage() throws(ExchangeRatesError) -> [RatesCoverage] {
        try decoratee.coverage()
    }

    public func save(_ rates: [ExchangeRate], covering coverage: RatesCoverage, at date: Date) throws(ExchangeRatesError) {
        read = nil
        try decoratee.save(rates, covering: coverage, at: date)
    }
}
