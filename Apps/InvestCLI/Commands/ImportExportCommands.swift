import Foundation
import AppSupport
import Transactions

struct ImportCommand: Command {
    static let requiredColumns = ["date", "type", "ticker", "quantity", "sum"]

    let spec = CommandSpec(
        name: "import", summary: "Import transactions from CSV (or an 'invest export' JSON); all or nothing",
        usage: "import FILE [--dry-run]",
        options: [.flag("dry-run", "Check every row and report, but save nothing")],
        positionals: 1...1)

    func run(_ arguments: ParsedArguments, app: AppComposer) throws {
        let path = arguments.positionals[0]
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError.usage("cannot read '\(path)': no such file, or it is not readable.")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw CLIError.usage("\(path) is not UTF-8 text.") }
        let rows = text.drop { $0.isWhitespace }.first == "[" ? try Self.jsonRows(text, path: path) : try Self.csvRows(text, path: path)
        let dryRun = arguments.has("dry-run")
        let imported: [Transaction]
        do {
            imported = try app.importTransactions().importRows(rows, dryRun: dryRun)
        } catch let ImportTransactionsError.invalidRows(errors) {
            throw Self.badRows(errors.map { "\(path):\($0)" }, in: path)
        } catch {
            throw TransactionPresentation.error(error)
        }
        app.console.write(dryRun ? "Dry run: all \(imported.count) rows of \(path) are valid; nothing was saved.\n"
                                 : "Imported \(imported.count) transactions from \(path).\n")
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
    let spec = CommandSpec(
        name: "export", summary: "Write every transaction as CSV or JSON, ready for 'invest import'",
        usage: "export [--format csv|json]",
        options: [.value("format", "csv|json", "Output format (default: csv)")],
        positionals: 0...0)

    func run(_ arguments: ParsedArguments, app: AppComposer) throws {
        let format = try OutputFormat.parse(arguments.value("format"), allowed: [.csv, .json])
        app.console.write(TransactionPresentation.report(try app.allTransactions(), fullIDs: true).render(format, colors: false))
    }
}
