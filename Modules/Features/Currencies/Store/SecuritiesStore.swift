import Foundation
import Ledger

/// Where securities live: Currencies' port.
public protocol SecuritiesStore {
    func securities() throws(SecuritiesError) -> [Security]
    func save(_ security: Security, at date: Date) throws(SecuritiesError)
}

/// Securities as `security` entries on a ledger, one per ticker.
public struct LedgerSecuritiesStore: SecuritiesStore {
    private let records: LedgerRecordStore<SecuritiesLedgerCodec, SecuritiesError>

    public init(ledger: LedgerStore) {
        records = LedgerRecordStore(ledger)
    }

    public func securities() throws(SecuritiesError) -> [Security] { try records.records() }

    public func save(_ security: Security, at date: Date) throws(SecuritiesError) {
        try records.save([security], at: date)
    }
}
