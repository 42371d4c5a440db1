import Foundation
import Ledger

/// Where kept reference rates live: Currencies' port.
public protocol ExchangeRatesStore {
    func rates() throws(ExchangeRatesError) -> [ExchangeRate]
    func coverage() throws(ExchangeRatesError) -> [RatesCoverage]
    /// The rates a fetch brought and the days it asked about, as one unit.
    func save(_ rates: [ExchangeRate], covering coverage: RatesCoverage, at date: Date) throws(ExchangeRatesError)
}

/// Rates as `fx-rate` entries and their coverage as `fx-coverage` entries, on a ledger.
public struct LedgerExchangeRatesStore: ExchangeRatesStore {
    private let ledger: LedgerStore

    public init(ledger: LedgerStore) {
        self.ledger = ledger
    }

    public func rates() throws(ExchangeRatesError) -> [ExchangeRate] { try ledger.records(ExchangeRatesLedgerCodec.self, failing: ExchangeRatesError.self) }

    public func coverage() throws(ExchangeRatesError) -> [RatesCoverage] { try ledger.records(RatesCoverageLedgerCodec.self, failing: ExchangeRatesError.self) }

    public func save(_ rates: [ExchangeRate], covering coverage: RatesCoverage, at date: Date) throws(ExchangeRatesError) {
        let stamp = date.millisecondsSince1970
        let entries = rates.map { ExchangeRatesLedgerCodec.entry(for: $0, updatedAt: stamp) } + [RatesCoverageLedgerCodec.entry(for: coverage, updatedAt: stamp)]
        try ledger.writing(ExchangeRatesError.self) { () throws(StoreError) in try ledger.apply(entries) }
    }
}
