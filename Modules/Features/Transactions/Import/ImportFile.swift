import Foundation
import Ledger

/// What an import file holds, read whole: its rows, and what is wrong with the file itself or a
/// row's shape, reported with the rows' own problems so one pass names them all.
public struct ImportFile {
    public var rows: [ImportRow] = []
    /// From a ledger backup: every entry that isn't a transaction, kept as it is.
    public var otherEntries: [LedgerEntry] = []
    public var problems: [(line: Int, message: String)] = []
    /// A CSV's or JSON's `account` cells by line: names, until the accounts make them ids.
    public var accountNames: [Int: String] = [:]
    /// Its `to_account` cells, a transfer's destination, the same way.
    public var toAccountNames: [Int: String] = [:]
    /// The broker whose export it is, when read by a preset.
    public var broker: BrokerPreset?
    /// A full backup: restored whole or not at all, never in part.
    public private(set) var isBackup = false
    /// A CSV's columns that no field is read from, as its header names them: said, never
    /// dropped in silence.
    public var unreadColumns: [String] = []
    /// A CSV's rows' fingerprints (`RowFingerprint`), by line; 0 for none. Eight bytes a line,
    /// so a long export's are cheap to keep while its rows are imported.
    public var rowFingerprints: [UInt64] = []

    public init() {}

    /// The fingerprint of the row on `line`, nil where the file has none (JSON, a backup).
    public func fingerprintOfLine(_ line: Int) -> String? {
        guard line >= 0, line < rowFingerprints.count, rowFingerprints[line] != 0 else { return nil }
        return RowFingerprint.text(rowFingerprints[line])
    }

    /// A full backup's entries: transactions are checked like any import's rows and keep their
    /// versions; entries of other kinds, or in layouts this release can't read, are kept byte
    /// for byte.
    public init(backup entries: [(line: Int, entry: LedgerEntry)]) {
        isBackup = true
        for (line, entry) in entries {
            if !entry.isDeleted, let transaction = try? TransactionsLedgerCodec.record(from: entry) {
                rows.append(ImportRow(line: line, id: transaction.id, draft: TransactionDraft(transaction), updatedAt: transaction.updatedAt))
            } else {
                otherEntries.append(entry)
            }
        }
    }
}

/// Why a file can't be read as an import at all (a row's own problems are listed instead).
public enum ImportFileError: Error, Equatable {
    case jsonNotUTF8
    /// JSON, but not the array `invest export --format json` writes.
    case notAnExportArray
    case exportArrayUnreadable(String)
    case csv(line: Int, message: String)
    case noHeader
    /// A broker's preset was asked for, and the header is not its.
    case notThatBrokersExport(title: String, header: [String])
    /// The header lacks these required fields, each with the column the layout reads it from.
    case headerLacks([MissingColumn])

    public struct MissingColumn: Equatable, Sendable {
        public let field: String
        public let column: String

        public init(field: String, column: String) {
            self.field = field
            self.column = column
        }
    }
}

/// Reads an import file's bytes (past a byte-order mark): the JSON array `invest export` writes,
/// or a CSV by the layout (`--map`, `--date-format`), or a broker's export by its preset, named or
/// known by its header when no layout is given.
public struct ImportFileReader {
    private let layout: ImportLayout
    private let broker: BrokerPreset?
    /// Whether the layout says how to read the file: then no preset is guessed.
    private let isCustom: Bool

    public init(layout: ImportLayout, broker: BrokerPreset?, isCustom: Bool) {
        self.layout = layout
        self.broker = broker
        self.isCustom = isCustom
    }

    public func read(_ bytes: [UInt8]) throws(ImportFileError) -> ImportFile {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        switch bytes[start...].first(where: { ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains($0) }) {
        case UInt8(ascii: "[")?, UInt8(ascii: "{")?:
            guard let text = String(validating: bytes[start...], as: UTF8.self) else { throw .jsonNotUTF8 }
            return try Self.exportArray(text)
        default:
            return try bytes.withUnsafeBufferPointer { buffer throws(ImportFileError) in try csv(buffer) }
        }
    }

    /// The array `invest export --format json` writes; every value is a string (or null) so no decimal is lost.
    private static func exportArray(_ text: String) throws(ImportFileError) -> ImportFile {
        struct Row: Decodable {
            let id: String?, date: String?, type: String?, ticker: String?, quantity: String?, sum: String?, ratio: String?, note: String?, account: String?
            let currency: String?, to_sum: String?, to_currency: String?, to_account: String?, fee: String?
        }
        let data = Data(text.utf8)
        guard (try? JSONSerialization.jsonObject(with: data)) is [Any] else { throw .notAnExportArray }
        let rows: [Row]
        do { rows = try JSONDecoder().decode([Row].self, from: data) } catch { throw .exportArrayUnreadable("\(error)") }
        var file = ImportFile()
        file.rows = rows.enumerated().map { index, row in
            var draft = TransactionDraft(date: row.date, type: row.type, ticker: row.ticker, quantity: row.quantity, sum: row.sum, ratio: row.ratio, note: row.note)
            (draft.currency, draft.toSum, draft.toCurrency, draft.fee) = (row.currency, row.to_sum, row.to_currency, row.fee)
            return ImportRow(line: index + 1, id: row.id, draft: draft)
        }
        for (index, row) in rows.enumerated() {
            if let account = row.account { file.accountNames[index + 1] = account }
            if let account = row.to_account { file.toAccountNames[index + 1] = account }
        }
        return file
    }

    private func csv(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImportFileError) -> ImportFile {
        var file = ImportFile()
        var reader: ((CSV.Record) -> Void)?
        var finish: (() -> Void)?
        do {
            try CSV.forEachRecord(in: bytes) { record in
                if let reader {
                    if file.rowFingerprints.count <= record.line { file.rowFingerprints.append(contentsOf: repeatElement(0, count: record.line + 1 - file.rowFingerprints.count)) }
                    file.rowFingerprints[record.line] = RowFingerprint.value(of: record.fields)
                    return reader(record)
                }
                // A broker's export may open with blank lines, or a title of one field (Schwab's
                // "Transactions for account … as of …"), before its header; no header has one column.
                if record.fields.count < 2 { return }
                if record.fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { return }
                if let preset = broker ?? (isCustom ? nil : BrokerPresets.reading(header: record.fields)) {
                    file.broker = preset
                    (reader, finish) = try Self.presetReader(preset, header: record.fields) { file.rows.append($0) } problem: { file.problems.append($0) }
                    return
                }
                let read = Set(layout.columns.values).union(ImportLayout.derivedColumns)
                file.unreadColumns = record.fields.filter { column in
                    let name = column.trimmingCharacters(in: .whitespaces).lowercased()
                    return !name.isEmpty && !read.contains(name)
                }
                reader = try rowReader(header: record.fields) { row, account, toAccount in
                    file.rows.append(row)
                    if let account { file.accountNames[row.line] = account }
                    if let toAccount, !toAccount.isEmpty { file.toAccountNames[row.line] = toAccount }
                } problem: { file.problems.append($0) }
            }
        } catch let error as CSV.ParseError {
            throw .csv(line: error.line, message: error.message)
        } catch let error as ImportFileError {
            throw error
        } catch {
            preconditionFailure("only the readers' own errors are thrown: \(error)")
        }
        guard reader != nil else { throw .noHeader }
        finish?()
        return file
    }

    /// What turns each of a broker's records into rows (or none, for a total), or a problem with
    /// its line; and, at the end, what the preset held back.
    private static func presetReader(_ preset: BrokerPreset, header: [String], row: @escaping (ImportRow) -> Void,
                                     problem: @escaping ((line: Int, message: String)) -> Void) throws(ImportFileError) -> (read: (CSV.Record) -> Void, finish: () -> Void) {
        guard preset.reads(header: header) else { throw .notThatBrokersExport(title: preset.title, header: header) }
        let reader = preset.reader(header: header)
        let take = { (readings: [BrokerReading]) in
            for reading in readings {
                switch reading.result {
                case let .success(drafts): for draft in drafts { row(ImportRow(line: reading.line, id: nil, draft: draft)) }
                case let .failure(failure): problem((reading.line, failure.message))
                }
            }
        }
        return ({ take(reader.read($0.fields, line: $0.line)) }, { take(reader.finish()) })
    }

    /// What turns each record after `header` into a row, or a problem with its line.
    private func rowReader(header: [String], row: @escaping (ImportRow, _ account: String?, _ toAccount: String?) -> Void,
                           problem: @escaping ((line: Int, message: String)) -> Void) throws(ImportFileError) -> (CSV.Record) -> Void {
        let names = header.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let columns = layout.columns
        let missing = ImportLayout.requiredFields.filter { !names.contains(columns[$0]!) }
        guard missing.isEmpty else { throw .headerLacks(missing.map { ImportFileError.MissingColumn(field: $0, column: columns[$0]!) }) }
        func column(_ field: String) -> Int? { names.firstIndex(of: columns[field]!) }
        let (date, type, ticker, quantity, sum) = (column("date")!, column("type")!, column("ticker")!, column("quantity")!, column("sum")!)
        let note = column("note"), id = column("id"), ratio = column("ratio"), account = column("account"), toAccount = column("to_account")
        let currency = column("currency"), toSum = column("to_sum"), toCurrency = column("to_currency"), fee = column("fee")
        let dateFormat = layout.dateFormat
        return { record in
            let fields = record.fields
            guard fields.count == names.count else { return problem((record.line, "expected \(names.count) fields, found \(fields.count)")) }
            var dateText = fields[date]
            if let dateFormat {
                guard let iso = dateFormat.iso(dateText) else {
                    return problem((record.line, "date: '\(dateText)' does not match --date-format \(dateFormat.pattern)"))
                }
                dateText = iso
            }
            var draft = TransactionDraft(date: dateText, type: fields[type], ticker: fields[ticker], quantity: fields[quantity], sum: fields[sum],
                                         ratio: ratio.map { fields[$0] }, note: note.map { fields[$0] })
            (draft.currency, draft.toSum, draft.toCurrency) = (currency.map { fields[$0] }, toSum.map { fields[$0] }, toCurrency.map { fields[$0] })
            draft.fee = fee.map { fields[$0] }
            row(ImportRow(line: record.line, id: id.map { fields[$0] }.flatMap { $0.isEmpty ? nil : $0 }, draft: draft),
                account.map { fields[$0] }, toAccount.map { fields[$0] })
        }
    }
}
