import Foundation
import FixedPoint
import Ledger

/// Each account's latest value, kept at a checkpoint: the list, the total and the net worth
/// read it without reading every update again. An update folds in any order, as the latest is
/// the same whatever order the updates come in; an edit or a deletion of a record already
/// counted makes the reader replay.
extension SavingsSummary: CheckpointableProjection {
    public static let empty = SavingsSummary(listedAccounts: [], latestUpdates: [:])

    public var checkpointName: String { "savings-summary-v1" }
    public var kinds: [LedgerKind] { SavingsLedgerCodec.kinds }

    public func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> SavingsLedgerCodec.Record? {
        try SavingsLedgerCodec.record(from: entry)
    }

    public func replaying(_ records: [SavingsLedgerCodec.Record]) -> SavingsSummary {
        var accounts: [SavingsAccount] = [], updates: [ValueUpdate] = []
        for record in records {
            switch record {
            case let .account(account): accounts.append(account)
            case let .update(update): updates.append(update)
            }
        }
        return SavingsSummary(accounts: accounts, updates: updates)
    }

    public mutating func fold(_ record: SavingsLedgerCodec.Record) -> Bool {
        switch record {
        case let .account(account):
            guard !accounts.contains(where: { $0.id == account.id }) else { return false }
            accounts = SavingsAccount.listed(accounts + [account])
        case let .update(update):
            note(update)
        }
        return true
    }

    public func write(to writer: inout CheckpointWriter) {
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

    public func decoded(from reader: inout CheckpointReader) throws(CheckpointReader.Damaged) -> SavingsSummary? {
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

private extension CheckpointWriter {
    /// Exact: the bits of the time, not a rounded form of it.
    mutating func write(_ date: Date) {
        write(date.timeIntervalSince1970.bitPattern)
    }

    mutating func write(_ date: Date?) {
        write(date != nil)
        write(date ?? Date(timeIntervalSince1970: 0))
    }
}

private extension CheckpointReader {
    mutating func readDate() throws(Damaged) -> Date {
        Date(timeIntervalSince1970: Double(bitPattern: try readUInt64()))
    }

    mutating func readOptionalDate() throws(Damaged) -> Date? {
        let present = try readBool()
        let date = try readDate()
        return present ? date : nil
    }
}
