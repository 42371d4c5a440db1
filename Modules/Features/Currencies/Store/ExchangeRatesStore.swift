import Foundation
import Ledger

/// Where kept reference rates live: Currencies' port.
public protocol ExchangeRatesStore {
    func rates() throws(ExchangeRatesError) -> ExchangeRates
    func coverage() throws(ExchangeRatesError) -> [RatesCoverage]
    /// The rates a fetch brought and the days it asked about, as one unit.
    func save(_ rates: [ExchangeRate], covering coverage: RatesCoverage, at date: Date) throws(ExchangeRatesError)
}

/// Rates as `fx-rate` entries and their coverage as `fx-coverage` entries, on a ledger.
public struct LedgerExchangeRatesStore: ExchangeRatesStore {
    private let ledger: LedgerStore
    private let projection: any ProjectionReading<ExchangeRates>

    /// - Parameter projection: where the rates are read from, indexed; a replay of `ledger` by default.
    public init(ledger: LedgerStore, projection: (any ProjectionReading<ExchangeRates>)? = nil) {
        self.ledger = ledger
        self.projection = projection ?? ReplayedProjection(ledger: ledger, empty: .empty)
    }

    public func rates() throws(ExchangeRatesError) -> ExchangeRates {
        do throws(LedgerReadError) {
            return try projection.current()

        } catch {
            switch error {
            case let .store(failure): throw .store(failure)
            case let .undecodable(failure): throw .unreadable(failure)
            }
        }
    }

    public func coverage() throws(ExchangeRatesError) -> [RatesCoverage] { try ledger.records(RatesCoverageLedgerCodec.self, failing: ExchangeRatesError.self) }

    public func save(_ rates: [ExchangeRate], covering coverage: RatesCoverage, at date: Date) throws(ExchangeRatesError) {
        let stamp = date.millisecondsSince1970
        let entries = rates.map { ExchangeRatesLedgerCodec.entry(for: $0, updatedAt: stamp) } + [RatesCoverageLedgerCodec.entry(for: coverage, updatedAt: stamp)]
        try ledger.writing(ExchangeRatesError.self) { () throws(StoreError) in try ledger.apply(entries) }
    }
}
