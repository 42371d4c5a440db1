import Foundation
import FixedPoint
import Ledger
@_spi(Projections) import Savings

extension SavingsSummary: CheckpointableProjection {
    public var checkpointName: String { "savings-summary-v1" }

    public func write(to writer: inout PackedWriter) {
        writer.write(accounts.count)
        for account in accounts {
            writer.write(account.id)
            writer.write(account.name)
            writer.write(account.createdAt)
            writer.write(account.closedAt)
            writer.write(account.currency)
        }
        writer.write(latestUpdates.count)
        for update in latestUpdates.values {
            writer.write(update.id)
            writer.write(update.accountID)
            writer.write(update.value.units)
            writer.write(update.at)
            writer.write(update.recordedAt)
        }
    }

    public func decoded(from reader: inout PackedReader) throws(PackedReader.Damaged) -> SavingsSummary? {
        var accounts: [SavingsAccount] = []
        for _ in 0..<(try reader.readCount()) {
            accounts.append(SavingsAccount(id: try reader.readString(), name: try reader.readString(), createdAt: try reader.readDate(),
                                           closedAt: try reader.readOptionalDate(), currency: try reader.readOptionalString()))
        }
        var latest: [String: ValueUpdate] = [:]
        for _ in 0..<(try reader.readCount()) {
            let update = ValueUpdate(id: try reader.readString(), accountID: try reader.readString(), value: FixedDecimal(units: try reader.readInt128()),
                                     at: try reader.readDate(), recordedAt: try reader.readOptionalDate())
            latest[update.accountID] = update
        }
        return SavingsSummary(listedAccounts: accounts, latestUpdates: latest)
    }
}

private extension PackedWriter {
    /// Exact: the bits of the time, not a rounded form of it.
    mutating func write(_ date: Date) {
        write(date.timeIntervalSince1970.bitPattern)
    }

    mutating func write(_ date: Date?) {
        write(date != nil)
        write(date ?? Date(timeIntervalSince1970: 0))
    }
}

private extension PackedReader {
    mutating func readDate() throws(Damaged) -> Date {
        Date(timeIntervalSince1970: Double(bitPattern: try readUInt64()))
    }

    mutating func readOptionalDate() throws(Damaged) -> Date? {
        let present = try readBool()
        let date = try readDate()
        return present ? date : nil
    }
}
