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
    private let checkpointed: CheckpointedProjectionReader<ExchangeRates>?

    /// - Parameter checkpoints: the local log `ledger` reads, when it is one: the rates are then
    ///   read from their checkpoint.
    public init(ledger: LedgerStore, checkpoints: CheckpointableLedger? = nil) {
        self.ledger = ledger
        checkpointed = checkpoints.map { CheckpointedProjectionReader(log: $0, empty: .empty) }
    }

    public func rates() throws(ExchangeRatesError) -> ExchangeRates {
        guard let checkpointed else { return ExchangeRates(try ledger.records(ExchangeRatesLedgerCodec.self, failing: ExchangeRatesError.self)) }
        do throws(LedgerReadError) {
            return try checkpointed.current()
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
