import Foundation
import Ledger

/// Where price alerts live: the desk's port for them.
public protocol AlertsStore {
    /// In the ledger's order.
    func alerts() throws(AlertsError) -> [PriceAlert]
    /// As one unit: after a crash, all or none.
    func save(_ alerts: [PriceAlert], at date: Date) throws(AlertsError)
    func remove(id: String, at date: Date) throws(AlertsError)
}

/// Alerts as `alert` entries on a ledger.
public struct LedgerAlertsStore: AlertsStore {
    private let records: LedgerRecordStore<AlertsLedgerCodec, AlertsError>

    public init(ledger: LedgerStore) {
        records = LedgerRecordStore(ledger)
    }

    public func alerts() throws(AlertsError) -> [PriceAlert] { try records.records() }

    public func save(_ alerts: [PriceAlert], at date: Date) throws(AlertsError) { try records.save(alerts, at: date) }

    public func remove(id: String, at date: Date) throws(AlertsError) {
        try records.remove(ids: [id], kind: AlertsLedgerCodec.kind, at: date)
    }
}
