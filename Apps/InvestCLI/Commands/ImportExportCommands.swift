import Foundation
import AppSupport
import Ledger
import LocalFileStore
import Transactions

struct ImportCommand: Command {
    let ledger: () throws -> FileLedgerStore
    let importTransactions: (LedgerStore) -> TransactionsImporting
    static let requiredColumns = ["date", "type", "ticker", "quantity", "sum"]

    let spec = CommandSpec(
        name: "import", summary: "Import transactions from CSV, or an 'invest export' (JSON or ledger); all or nothing",
        usage: "import FILE [--dry-run]",
        options: [.flag("dry-run", "Check every row and report, but save nothing")],
        positionals: 1...1)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let path = arguments.positionals[0]
        let data = try Self.read(path)
        let ledger = try ledger()
        let (rows, otherEntries) = try Self.rows(in: Array(data), path: path)
        let dryRun = arguments.has("dry-run")
        let imported: [Transaction]
        do {
            imported = try ledger.withExclusiveAccess {
                let imported = try importTransactions(ledger).importRows(rows, dryRun: dryRun)
                if !dryRun, !otherEntries.isEmpty { try ledger.apply(otherEntries) }
                return imported
            }
        } catch let ImportTransactionsError.invalidRows(errors) {
            throw Self.badRows(errors.map { "\(path):\($0.line): \($0.messages.joined(separator: "; "))" }, in: path)
        } catch let error as StoreError {
            throw CLIError.runtime("nothing more was imported: \(error.userMessage)")
        } catch {
            throw TransactionPresentation.error(error)
        }
        let others = otherEntries.isEmpty ? "" : " and \(otherEntries.count) other entr\(otherEntries.count == 1 ? "y" : "ies")"
        io.console.write(dryRun ? "Dry run: all \(imported.count) rows\(others) of \(path) are valid; nothing was saved.\n"
                                 : "Imported \(imported.count) transactions\(others) from \(path).\n")
    }

    /// Larger than any real history (a million rows of CSV is about 40 MB): a bigger file is refused
    /// before it is read, so a wrong file can't take the machine's memory.
    static let maximumFileSize = 256 << 20

    static func read(_ path: String) throws -> Data {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CLIError.usage("cannot read '\(path)': no such file, or it is not readable.")
        }
        defer { try? handle.close() }
        let tooLarge = CLIError.usage("\(path) is larger than \(maximumFileSize >> 20) MB, far more than any history; nothing was imported. "
            + "Check that it is the file you meant.")
        // The size first, where the file has one; the read is capped anyway.
        if let size = try? handle.seekToEnd() {
            guard size <= UInt64(maximumFileSize) else { throw tooLarge }
            try? handle.seek(toOffset: 0)
        }
        let data = (try? handle.read(upToCount: maximumFileSize + 1)) ?? Data()
        guard data.count <= maximumFileSize else { throw tooLarge }
        return data
    }

    /// The transactions to validate, and (from a ledger export) every other entry, kept as it is.
    static func rows(in bytes: [UInt8], path: String) throws -> ([ImportRow], [LedgerEntry]) {
        if LedgerArchive.isArchive(bytes) { return try ledgerRows(bytes, path: path) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw CLIError.usage("\(path) is not UTF-8 text.") }
        return (text.drop { $0.isWhitespace }.first == "[" ? try jsonRows(text, path: path) : try csvRows(text, path: path), [])
    }

    /// A full backup: buys and sells are checked like any import and keep their versions; entries
    /// of other kinds, or in layouts this release can't read, are restored byte for byte.
    static func ledgerRows(_ bytes: [UInt8], path: String) throws -> ([ImportRow], [LedgerEntry]) {
        let entries: [(line: Int, entry: LedgerEntry)]
        do {
            entries = try LedgerArchive.decode(bytes, path: path)
        } catch {
            throw CLIError.usage(error.userMessage)
        }
        var rows: [ImportRow] = []
        var others: [LedgerEntry] = []
        for (line, entry) in entries {
            if !entry.isDeleted, let transaction = try? TransactionsLedgerCodec.record(from: entry) {
                rows.append(ImportRow(line: line, id: transaction.id, draft: TransactionDraft(transaction), updatedAt: transaction.updatedAt))
            } else {
                others.append(entry)
            }
        }
        return (rows, others)
    }

    static func csvRows(_ text: String, path: String) throws -> [ImportRow] {
        let records: [CSV.Record]
        do {
            records = try CSV.parse(text)
        } catch let error as CSV.ParseError {
            throw CLIError.usage("\(path):\(error.line): \(error.message).")
        }
        guard let header = records.first else { throw CLIError.usage("\(path) is empty; expected a header: \(requiredColumns.joined(separator: ",")).") }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let missing = requiredColumns.filter { !names.contains($0) }
        guard missing.isEmpty else {
            throw CLIError.usage("\(path):1: the header lacks \(missing.joined(separator: ", ")); it needs \(requiredColumns.joined(separator: ",")) (any order), optionally note and id.")
        }
        func column(_ name: String) -> Int? { names.firstIndex(of: name) }
        let (date, type, ticker, quantity, sum) = (column("date")!, column("type")!, column("ticker")!, column("quantity")!, column("sum")!)
        let note = column("note"), id = column("id")
        var badWidth: [String] = []
        let rows = records.dropFirst().compactMap { record -> ImportRow? in
            guard record.fields.count == names.count else {
                badWidth.append("\(path):\(record.line): expected \(names.count) fields, found \(record.fields.count)")
                return nil
            }
            let fields = record.fields
            return ImportRow(line: record.line, id: id.map { fields[$0] }.flatMap { $0.isEmpty ? nil : $0 },
                             draft: TransactionDraft(date: fields[date], type: fields[type], ticker: fields[ticker],
                                                     quantity: fields[quantity], sum: fields[sum], note: note.map { fields[$0] }))
        }
        guard badWidth.isEmpty else { throw badRows(badWidth, in: path) }
        return rows
    }

    static func badRows(_ problems: [String], in path: String) -> CLIError {
        .usage("nothing was imported from \(path); fix these rows and run again:\n" + TransactionPresentation.indented(problems))
    }

    /// The array `invest export --format json` writes; every value is a string so no decimal is lost.
    static func jsonRows(_ text: String, path: String) throws -> [ImportRow] {
        struct Row: Decodable { let id: String?, date: String?, type: String?, ticker: String?, quantity: String?, sum: String?, note: String? }
        do {
            let rows = try JSONDecoder().decode([Row].self, from: Data(text.utf8))
            return rows.enumerated().map { index, row in
                ImportRow(line: index + 1, id: row.id, draft: TransactionDraft(date: row.date, type: row.type, ticker: row.ticker,
                                                                               quantity: row.quantity, sum: row.sum, note: row.note))
            }
        } catch {
            throw CLIError.usage("\(path) is not an 'invest export' JSON array of objects with string values (\(error)).")
        }
    }
}

struct ExportCommand: Command {
    let ledger: () throws -> FileLedgerStore
    let retrieve: () throws -> TransactionsRetrieving
    let spec = CommandSpec(
        name: "export", summary: "Write every transaction as CSV or JSON, or the whole ledger, ready for 'invest import'",
        usage: "export [--format csv|json|ledger]",
        options: [.value("format", "csv|json|ledger", "csv or json: transactions (default: csv); ledger: every entry of every kind, a full backup")],
        positionals: 0...0)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let ledger = try ledger()
        let entries = try storeWork { () throws(StoreError) in try ledger.retrieveEntries().filter { !$0.isDeleted } }
        if arguments.value("format") == "ledger" {
            return io.console.write(String(decoding: LedgerArchive.encode(entries), as: UTF8.self))
        }
        let format = try OutputFormat.parse(arguments.value("format"), allowed: [.csv, .json])
        io.console.write(TransactionPresentation.report(try TransactionPresentation.all(from: retrieve())).render(format, colors: false))
        let transactionKinds = Set(TransactionsLedgerCodec.kinds.map(\.name))
        let others = entries.filter { !transactionKinds.contains($0.kind) }.count
        if others > 0 {
            io.console.writeError("invest: warning: \(others) entr\(others == 1 ? "y" : "ies") of other kinds \(others == 1 ? "is" : "are") not in a \(format.rawValue) export; 'invest export --format ledger' keeps everything.\n")
        }
    }

    private func storeWork<T>(_ body: () throws(StoreError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw CLIError.runtime(error.userMessage)
        }
    }
}
