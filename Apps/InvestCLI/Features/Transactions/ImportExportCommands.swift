import Foundation
import TerminalKit
import ClientComposition
import Ledger
import LocalFileStore
import Transactions
import Portfolio
import Bookkeeping

struct ImportCommand: Command {
    /// The ledger the import writes, recording each record's earlier version for `invest undo`.
    let ledger: (UndoRecordingLedgerStore.EarlierVersions) throws -> LedgerStore
    let importTransactions: (LedgerStore) throws -> TransactionsImporting
    /// Remembers the rows skipped, so the same rows again are told apart from new problems.
    let skippedRows: () throws -> SkippedRowsTriaging
    let accounts: () throws -> AccountsView
    let readStandardInput: (_ limit: Int) -> Data
    /// How many problems are listed before "…and N more".
    static let shownProblems = 20

    let spec = CommandSpec(
        name: "import", summary: "Import transactions from CSV (yours or a broker's), or an 'invest export'",
        discussion: "A broker's export is known by its header (or named with --broker): "
            + BrokerPresets.all.map { "\($0.name) (\($0.title))" }.joined(separator: ", ") + ". Every row that maps and keeps the rules is imported; "
            + "each one skipped (a row that can't be read or would break a rule) is named by line with what to do. "
            + "A history that begins before the file (shares sold that it never bought, cash spent that it never received) gets openings, "
            + "dated the day before its first row and listed: an opening position of those shares, its cost unknown until you set it, and opening cash. "
            + "With --strict, nothing is imported unless every row is. A backup ('invest export --format ledger') is always restored whole or not at all.",
        options: [Self.dryRun, Self.strict, Self.openings, Self.resolve, Self.allowDuplicates, Self.map, Self.dateFormat, Self.broker, Self.format],
        arguments: [.required("FILE|-", completes: .file)])
    static let dryRun = CommandSpec.Flag("dry-run", "Check every row and report, but save nothing")
    static let strict = CommandSpec.Flag("strict", "All or nothing: import nothing when any row would be skipped")
    static let format = CommandSpec.Value<OutputFormat>.format("How to print the report (json: imported, duplicates, skipped rows, openings)", allowed: [.table, .json])
    static let openings = CommandSpec.Value<Bool>("openings", "auto|none",
                                                  "auto: add what was held before the file's first row when its rows show it; none: skip those rows instead") { text in
        switch text.lowercased() {
        case "auto": return true
        case "none": return false
        default: throw CLIError.usage("--openings must be auto or none, not '\(text.escapedForTerminal)'.")
        }
    }
    static let resolve = CommandSpec.Value<Set<Int>>("resolve", "LINE,…",
                                                     "Rows skipped that you recorded by hand: marked handled, and never reported again, in this file or another") { text in
        let lines = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !lines.isEmpty, lines.allSatisfy({ ($0 ?? 0) > 0 }) else {
            throw CLIError.usage("--resolve takes the file's line numbers of skipped rows, such as 3 or 3,17, not '\(text.escapedForTerminal)'.")
        }
        return Set(lines.compactMap { $0 })
    }
    /// How many skipped rows are listed before "…and N more": a year of a busy account's rows.
    static let shownSkipped = 1_000
    static let allowDuplicates = CommandSpec.Flag("allow-duplicates", "Import rows equal to a saved transaction too (normally reported and skipped)")
    // The layout is checked as a whole (`ImportFileReader(map:dateFormat:broker:)`): a broker's preset excludes a map of one's own.
    static let map = CommandSpec.Value<String>("map", "FIELD=COLUMN,…",
                                               "Read a broker's CSV: which column holds each field, e.g. 'date=Trade Date,type=Action,ticker=Symbol'")
    static let dateFormat = CommandSpec.Value<String>("date-format", "FORMAT",
                                                      "How the file writes dates: YYYY, MM and DD in any order, with any separator or none, e.g. MM/DD/YYYY or YYYYMMDD")
    static let broker = CommandSpec.Value<String>("broker", "NAME", "Read the file as this broker's export: " + BrokerPresets.all.map(\.name).joined(separator: ", "),
                                                  completes: .choices(BrokerPresets.all.map(\.name)))

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let path = arguments.positionals[0]
        let name = path == "-" ? "stdin" : path.escapedForTerminal
        let reader = try ImportFileReader(map: arguments[Self.map], dateFormat: arguments[Self.dateFormat], broker: arguments[Self.broker])
        var parsed = try parse(path, name: name, reader: reader)
        try Self.resolveAccounts(in: &parsed, with: accounts)
        // Rows without ids get new ones, so they have no earlier version to look up in the history.
        let ledger = try ledger(parsed.otherEntries.isEmpty && !parsed.rows.contains { $0.id != nil } ? .noneForNewRecords : .lookedUp)
        let importer = try importTransactions(ledger)
        if !parsed.unreadColumns.isEmpty {
            let columns = parsed.unreadColumns.map { "'\($0.escapedForTerminal)'" }.joined(separator: ", ")
            io.console.writeError("invest: warning: \(name): no field is read from \(parsed.unreadColumns.count == 1 ? "the column" : "the columns") \(columns); "
                + "its values are not imported. Name the column of a field with --map FIELD=COLUMN (fields: \(ImportLayout.fields.joined(separator: ", "))).\n")
        }
        if let broker = parsed.broker, !arguments.isGiven(Self.broker) {
            let article = broker.title.first.map { "AEIOU".contains($0) } == true ? "an" : "a"
            io.console.writeNotice("invest: reading \(name) as \(article) \(broker.title) export (--broker \(broker.name)).\n")
        }
        // The only reference to the rows, which the import lets go of once they are checked.
        var rows = parsed.rows
        parsed.rows = []
        let dryRun = arguments[Self.dryRun]
        let format = try arguments[Self.format] ?? .table
        let strict = arguments[Self.strict] || parsed.isBackup
        let mode: ImportMode = strict ? .allOrNothing : (try arguments[Self.openings] ?? true) ? .withOpenings : .skipping
        // Strict, a file with problems of its own is only checked, so every row's problems are
        // named and nothing is saved: all or nothing.
        let checkOnly = dryRun || (strict && !parsed.problems.isEmpty)
        let outcome: ImportOutcome
        let allowDuplicates = arguments[Self.allowDuplicates]
        // The transactions are in when the other entries fail to follow them.
        var otherEntriesFailure: StoreError?
        do throws(ImportTransactionsError) {
            outcome = try ledger.withExclusiveAccess({ () throws(ImportTransactionsError) in
                let outcome = try importer.importRows(&rows, dryRun: checkOnly, allowDuplicates: allowDuplicates, mode: mode)
                guard !strict || parsed.problems.isEmpty else { throw .invalidRows([]) }
                do throws(StoreError) {
                    if !checkOnly, !parsed.otherEntries.isEmpty { try ledger.apply(parsed.otherEntries) }
                } catch {
                    otherEntriesFailure = error
                    throw .storage(.store(error))
                }
                return outcome
            }, lockFailure: { ImportTransactionsError.storage(.store($0)) })
        } catch let .invalidRows(errors) {
            let problems = parsed.problems + errors.map { (line: $0.line, message: $0.messages.joined(separator: "; ")) }
            throw Self.badRows(problems, in: name)
        } catch {
            if let otherEntriesFailure { throw CLIError.runtime("nothing more was imported: \(otherEntriesFailure.userMessage)") }
            throw TransactionPresentation.error(error)
        }
        // The accounts are read once, and only when there are openings to name them for.
        let accountsView = outcome.openings.isEmpty ? nil : try? accounts()
        func accountName(_ id: String?) -> String { accountsView?.name(of: id) ?? id ?? "" }
        let allSkipped = strict ? [] : (parsed.problems.map { RowError(line: $0.line, messages: [$0.message]) } + outcome.skipped).sorted { $0.line < $1.line }
        var triage = SkippedRowsTriage()
        let resolving = try arguments[Self.resolve] ?? []
        // Most imports skip nothing: then the ledger's skipped rows are never opened.
        if !allSkipped.isEmpty || !resolving.isEmpty {
            let triaging = try skippedRows()
            do throws(SkippedRowsError) {
                triage = try triaging.triage(allSkipped, fingerprintOfLine: parsed.fingerprintOfLine, resolving: resolving, dryRun: dryRun)
            } catch {
                throw CLIError.runtime("the rows skipped could not be remembered: \(error.userMessage)")
            }
        }
        let skipped = (triage.new + triage.before).sorted { $0.line < $1.line }
        // Only a file none of whose rows could be imported fails: one imported before adds nothing, and is no error.
        let noneCouldBe = outcome.imported.isEmpty && outcome.duplicateLines.isEmpty && !skipped.isEmpty
        if !triage.notSkipped.isEmpty {
            io.console.writeError("invest: warning: --resolve: \(triage.notSkipped.map { "\(name):\($0)" }.joined(separator: ", ")) "
                + "\(triage.notSkipped.count == 1 ? "is" : "are") not a skipped row; nothing was marked there.\n")
        }
        if format == .json {
            io.console.write(Self.report(outcome, triage: triage, dryRun: dryRun, accountName: accountName).rendered())
            if noneCouldBe { throw CLIError.usage("nothing was imported from \(name): every row was skipped.") }
            return
        }
        if !outcome.duplicateLines.isEmpty {
            let shown = outcome.duplicateLines.prefix(Self.shownProblems).map { "\(name):\($0)" }.joined(separator: ", ")
            let more = outcome.duplicateLines.count > Self.shownProblems ? " …and \(outcome.duplicateLines.count - Self.shownProblems) more" : ""
            io.console.writeNotice("invest: skipped \(Plural.count(outcome.duplicateLines.count, "row")) equal to a saved transaction (\(shown)\(more)); "
                + "pass --allow-duplicates if \(outcome.duplicateLines.count == 1 ? "it is a new trade" : "they are new trades").\n")
        }
        if !triage.handled.isEmpty {
            io.console.writeNotice("invest: \(Plural.count(triage.handled.count, "row")) recorded by hand (--resolve) \(triage.handled.count == 1 ? "was" : "were") left out.\n")
        }
        if !triage.before.isEmpty {
            let report = Self.skippedBeforeReport(triage.before, in: name, path: path)
            if noneCouldBe, triage.new.isEmpty { throw CLIError.usage("nothing was imported from \(name): " + report) }
            io.console.writeError("invest: " + report + "\n")
        }
        if !triage.new.isEmpty {
            let report = Self.skippedReport(triage.new, in: name, dryRun: dryRun)
            if noneCouldBe { throw CLIError.usage("nothing was imported from \(name): " + report) }
            io.console.writeError("invest: " + report + "\n")
        }
        if !outcome.openings.isEmpty { io.console.writeError("invest: " + Self.openingsReport(outcome, dryRun: dryRun, accountName: accountName) + "\n") }
        let others = parsed.otherEntries.isEmpty ? "" : " and \(Plural.count(parsed.otherEntries.count, "other entry", "other entries"))"
        let left = skipped.isEmpty ? "" : "; \(Self.skippedCount(skipped.count, dryRun: dryRun)) (listed above)"
        io.console.write(dryRun ? "Dry run: \(Plural.count(outcome.imported.count, "transaction"))\(others) from \(name) would be imported\(left); nothing was saved.\n"
                                 : "Imported \(Plural.count(outcome.imported.count, "transaction"))\(others) from \(name)\(left).\n")
    }

    /// What to do about each kind of row skipped: a command that works as written.
    static func hint(_ cause: RowError.Cause) -> String {
        switch cause {
        case .unreadable:
            return "record it by hand with 'invest add' if it moved shares or cash (see 'invest add -h')"
        case .holdings:
            return "the history starts before the file does: add the shares held before it with 'invest add --type buy' (see 'invest add -h'), then import the file again"
        case .cash:
            return "the history starts before the file does: add the cash held before it with 'invest add --type deposit' (see 'invest add -h'), then import the file again"
        }
    }

    /// The rows skipped, by line, then what to do about each kind; importing the file again adds
    /// only what is not saved yet.
    static func skippedReport(_ skipped: [RowError], in name: String, dryRun: Bool) -> String {
        var lines = skipped.prefix(shownSkipped).map { "\(name):\($0.line): \($0.messages.joined(separator: "; ").escapedForTerminal)" }
        if skipped.count > shownSkipped { lines.append("…and \(skipped.count - shownSkipped) more") }
        var causes: [RowError.Cause] = []
        for row in skipped where !causes.contains(row.cause) { causes.append(row.cause) }
        let todo = causes.map { "- " + hint($0) } + ["- importing the file again adds only the rows not saved yet"]
        return "\(skippedCount(skipped.count, dryRun: dryRun)), not imported:\n" + TransactionPresentation.indented(lines)
            + "\nTo bring them in:\n" + TransactionPresentation.indented(todo)
    }

    /// Rows skipped by an earlier import too: named in one line, with how to quiet them once they
    /// are recorded by hand.
    static func skippedBeforeReport(_ rows: [RowError], in name: String, path: String) -> String {
        let shown = rows.prefix(shownProblems).map { "\(name):\($0.line)" }.joined(separator: ", ")
        let more = rows.count > shownProblems ? " …and \(rows.count - shownProblems) more" : ""
        let lines = rows.map { String($0.line) }.joined(separator: ",")
        let command = path == "-" ? "invest import FILE --resolve \(lines)" : "invest import \(path.shellQuoted) --resolve \(lines)"
        return "\(Plural.count(rows.count, "row")) skipped before \(rows.count == 1 ? "was" : "were") skipped again (\(shown)\(more)); "
            + "once recorded by hand, \(command) stops reporting \(rows.count == 1 ? "it" : "them")."
    }

    /// The openings, one a line, each with how to change it.
    static func openingsReport(_ outcome: ImportOutcome, dryRun: Bool, accountName: (String?) -> String) -> String {
        let openings = outcome.openings, first = openings[0].date.iso
        let lines = openings.map { opening in
            let account = opening.account == nil ? "" : "\(accountName(opening.account).escapedForTerminal): "
            guard opening.type == .buy else { return account + "\(Formatted.money(opening.sum))\(opening.currency.map { " \($0)" } ?? "") in cash" }
            // Paid from cash the rules track, the cost must be put in first, as it was.
            let deposit = !outcome.openingsPaidFromTrackedCash.contains(opening.id) ? ""
                : "invest add --type deposit --sum COST --date \(first)\(opening.account == nil ? "" : " --account " + accountName(opening.account).shellQuoted)"
                    + "\(opening.currency.map { " --currency \($0)" } ?? "") && "
            return account + "\(opening.quantity) \(opening.ticker), cost unknown; set it with: \(deposit)invest edit \(opening.id) --sum COST"
        }
        return "the history begins before the file: \(Plural.count(openings.count, "opening")) \(dryRun ? "would be" : openings.count == 1 ? "was" : "were") "
            + "added on \(first), what the rows show was held then:\n" + TransactionPresentation.indented(lines)
            + "\nTo import without them: 'invest undo', then import with --openings none."
    }

    /// "1 row was skipped", "3 rows were skipped", "3 rows would be skipped".
    private static func skippedCount(_ count: Int, dryRun: Bool) -> String {
        "\(Plural.count(count, "row")) \(dryRun ? "would be" : count == 1 ? "was" : "were") skipped"
    }

    /// `--format json`: how many were imported, the lines equal to saved transactions, and each
    /// row skipped with why and what to do.
    static func report(_ outcome: ImportOutcome, triage: SkippedRowsTriage, dryRun: Bool, accountName: (String?) -> String) -> JSONValue {
        let before = Set(triage.before.map(\.line))
        let skipped = (triage.new + triage.before).sorted { $0.line < $1.line }
        return JSON.document([
            ("dryRun", .bool(dryRun)),
            ("imported", .count(outcome.imported.count)),
            ("duplicates", .array(outcome.duplicateLines.map(JSONValue.count))),
            ("openings", .array(outcome.openings.map { opening in
                .object([("id", .string(opening.id)), ("date", .string(opening.date.iso)), ("type", .string(opening.type.rawValue)),
                         ("account", .string(accountName(opening.account))), ("ticker", opening.ticker.isEmpty ? .null : .string(opening.ticker)),
                         ("quantity", opening.type == .buy ? .string(opening.quantity.description) : .null), ("sum", .string(opening.sum.description)),
                         ("currency", opening.currency.map(JSONValue.string) ?? .null), ("costUnknown", .bool(opening.costUnknown))])
            })),
            ("skipped", .array(skipped.map { row in
                .object([("line", .count(row.line)), ("reason", .string(row.messages.joined(separator: "; "))), ("hint", .string(hint(row.cause))),
                         ("before", .bool(before.contains(row.line)))])
            })),
            ("handled", .array(triage.handled.map { .count($0.line) })),
        ])
    }

    /// A CSV's or JSON's `account` cells name accounts; each becomes its id, and a name no account
    /// has is a problem of its line. A backup's rows hold ids already.
    /// The accounts are read only for a file that names one.
    private static func resolveAccounts(in file: inout ImportFile, with view: () throws -> AccountsView) throws {
        guard !file.accountNames.isEmpty || !file.toAccountNames.isEmpty else { return }
        let accounts = try view()
        let problemsBefore = file.problems.count
        defer {
            // A row whose account is unknown is a problem, not a row to import in the default one.
            let unknown = Set(file.problems[problemsBefore...].map(\.line))
            if !unknown.isEmpty { file.rows.removeAll { unknown.contains($0.line) } }
        }
        for index in file.rows.indices {
            let row = file.rows[index]
            let (name, toName) = (file.accountNames[row.line], file.toAccountNames[row.line])
            guard name != nil || toName != nil else { continue }
            var draft = row.draft
            do {
                if let name { draft.account = try accounts.id(ofName: name) }
                if let toName { draft.toAccount = try accounts.id(ofName: toName) }
                file.rows[index] = ImportRow(line: row.line, id: row.id, draft: draft, updatedAt: row.updatedAt)
            } catch let error as CLIError {
                file.problems.append((row.line, (draft.account == nil && name != nil ? "account: " : "to_account: ") + (error.message ?? "no such account")))
            }
        }
    }

    /// The file's rows; its bytes are let go as soon as they are read.
    private func parse(_ path: String, name: String, reader: ImportFileReader) throws -> ImportFile {
        try Self.rows(in: [UInt8](Self.input(path, name: name, readStandardInput: readStandardInput)), name: name, reader: reader)
    }

    /// A file's bytes, or standard input's for `-`, refused past `maximumFileSize`: what every import reads.
    static func input(_ path: String, name: String, readStandardInput: (_ limit: Int) -> Data) throws -> Data {
        path == "-" ? try capped(readStandardInput(maximumFileSize + 1), name: name) : try read(path, name: name)
    }

    /// An import file's CSV records; a quote left open names its line.
    static func csvRecords(_ data: Data, name: String) throws -> [CSV.Record] {
        do {
            return try CSV.parse(String(decoding: data, as: UTF8.self))
        } catch let error as CSV.ParseError {
            throw CLIError.usage("\(name):\(error.line): \(error.message); nothing was imported.")
        }
    }

    /// Larger than any real history (a million rows of CSV is about 40 MB): a bigger file is refused
    /// before it is read, so a wrong file can't take the machine's memory.
    static let maximumFileSize = 256 << 20

    static func read(_ path: String, name: String) throws -> Data {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CLIError.usage("'\(name)' is a directory; give the file to read (a CSV, or an 'invest export'). Nothing was imported.")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CLIError.usage("cannot read '\(name)': no such file, or it is not readable.")
        }
        defer { try? handle.close() }
        // The size first, where the file has one; the read is capped anyway.
        if let size = try? handle.seekToEnd() {
            guard size <= UInt64(maximumFileSize) else { throw tooLarge(name) }
            try? handle.seek(toOffset: 0)
        }
        return try capped((try? handle.read(upToCount: maximumFileSize + 1)) ?? Data(), name: name)
    }

    private static func capped(_ data: Data, name: String) throws -> Data {
        guard data.count <= maximumFileSize else { throw tooLarge(name) }
        return data
    }

    private static func tooLarge(_ name: String) -> CLIError {
        .usage("\(name) is larger than \(maximumFileSize >> 20) MB, far more than any history; nothing was imported. Check that it is the file you meant.")
    }

    /// A ledger backup, else what the feature's reader makes of the bytes.
    static func rows(in bytes: [UInt8], name: String, reader: ImportFileReader) throws -> ImportFile {
        if LedgerArchive.isArchive(bytes) { return try ledgerRows(bytes, name: name) }
        do throws(ImportFileError) {
            return try reader.read(bytes)
        } catch {
            throw Self.unreadable(error, name: name)
        }
    }

    /// A full backup: buys and sells are checked like any import and keep their versions; entries
    /// of other kinds, or in layouts this release can't read, are restored byte for byte.
    static func ledgerRows(_ bytes: [UInt8], name: String) throws -> ImportFile {
        do {
            return ImportFile(backup: try LedgerArchive.decode(bytes, path: name))
        } catch {
            throw CLIError.usage(error.userMessage)
        }
    }

    private static func unreadable(_ error: ImportFileError, name: String) -> CLIError {
        switch error {
        case .jsonNotUTF8:
            return .usage("\(name) is not UTF-8 text, so not JSON.")
        case .notAnExportArray:
            return .usage("\(name) is JSON but not an 'invest export --format json' file, which is an array of transaction objects "
                + "(\"date\", \"type\", \"ticker\", \"quantity\", \"sum\", optional \"fee\", \"ratio\", \"note\", \"id\" and the rest export writes).")
        case let .exportArrayUnreadable(reason):
            return .usage("\(name) is not an 'invest export' JSON array of transaction objects with string values (\(reason)).")
        case let .csv(line, message):
            return .usage("\(name):\(line): \(message).")
        case .noHeader:
            return .usage("\(name) has no header; expected one such as \(ImportLayout.requiredFields.joined(separator: ",")), or a broker's export.")
        case let .notThatBrokersExport(title, header):
            return .usage("\(name):1: this is not a \(title) export: its header is \(header.joined(separator: ",").escapedForTerminal).")
        case let .headerLacks(missing):
            let wanted = missing.map { $0.column == $0.field ? $0.field : "'\($0.column)' (for \($0.field))" }
            return .usage("\(name):1: the header lacks \(wanted.joined(separator: ", ")); it needs \(ImportLayout.requiredFields.joined(separator: ",")) "
                + "(any order), optionally \(ImportLayout.optionalFields.joined(separator: ", ")), or --map to name a broker's columns.")
        }
    }

    /// The first `shownProblems`, in line order, then how many more: enough to fix a pattern
    /// without a screenful per row.
    /// - Parameter total: how many problems there are, when `problems` holds only the first.
    static func badRows(_ problems: [(line: Int, message: String)], in name: String, total: Int? = nil) -> CLIError {
        let sorted = problems.sorted { $0.line < $1.line }
        let count = max(total ?? 0, sorted.count)
        var lines = sorted.prefix(shownProblems).map { "\(name):\($0.line): \($0.message.escapedForTerminal)" }
        if count > shownProblems { lines.append("…and \(count - shownProblems) more") }
        return .usage("nothing was imported from \(name): \(Plural.count(count, "problem")) to fix, then run again:\n" + TransactionPresentation.indented(lines))
    }
}

extension ImportFileReader {
    /// How `--map`, `--date-format` and `--broker` say a file is read, checked together and
    /// each mistake worded; no preset is guessed once `--map` or `--date-format` is given.
    init(map: String?, dateFormat: String?, broker name: String? = nil) throws {
        let isCustom = map != nil || dateFormat != nil
        let broker = try name.map { name in
            guard let preset = BrokerPresets.named(name) else {
                let names = BrokerPresets.all.map(\.name)
                throw CLIError.usage("--broker '\(name.escapedForTerminal)' is not a broker this release reads; it reads \(names.joined(separator: ", "))."
                    + ArgumentParser.suggestion(for: name.lowercased(), among: names))
            }
            return preset
        }
        if broker != nil, isCustom { throw CLIError.usage("--broker reads the broker's own layout; leave out --map and --date-format.") }
        do throws(ImportLayoutError) {
            self.init(layout: try ImportLayout(map: map, dateFormat: dateFormat), broker: broker, isCustom: isCustom)
        } catch {
            switch error {
            case let .notFieldEqualsColumn(pair):
                throw CLIError.usage("--map '\(pair.escapedForTerminal)' is not FIELD=COLUMN, e.g. --map date=Trade Date,type=Action.")
            case let .unknownField(field):
                throw CLIError.usage("--map: '\(field.escapedForTerminal)' is not a field; fields are \(ImportLayout.fields.joined(separator: ", "))."
                    + ArgumentParser.suggestion(for: field.lowercased(), among: ImportLayout.fields))
            case let .badDateFormat(pattern):
                throw CLIError.usage("--date-format '\(pattern.escapedForTerminal)' needs YYYY, MM and DD once each, e.g. MM/DD/YYYY, DD.MM.YYYY or YYYYMMDD.")
            }
        }
    }
}

struct ExportCommand: Command {
    let ledger: () throws -> LedgerStore
    /// The local log, for a two-pass export of transactions; nil when there is none yet.
    let snapshot: () throws -> LedgerLogSnapshot?
    let accounts: () throws -> AccountsView
    let journal: (_ prefix: [String], _ method: CostBasisMethod) throws -> JournalExporting
    let configuredCostBasis: () -> String?
    let spec = CommandSpec(
        name: "export", summary: "Write every transaction as CSV or JSON, the whole ledger, or books for hledger or beancount",
        options: [Self.format, Self.accountsPrefix, Self.costBasis, Self.output],
        positionals: 0...0)

    /// What an export writes: transactions, the whole ledger, or an accounting tool's books.
    enum Format {
        case transactions(OutputFormat)
        case ledger
        case books(JournalFormatOption)

        var name: String {
            switch self {
            case let .transactions(format): return format.rawValue
            case .ledger: return "ledger"
            case let .books(books): return books.rawValue
            }
        }
    }

    static let format = CommandSpec.Value<Format>("format", "csv|json|ledger|hledger|beancount",
                                                  "csv or json: transactions, ready for 'invest import' (default: csv); ledger: every entry of every kind, a full backup; "
                                                    + "hledger or beancount: every account's books, with the prices and rates kept") { text in
        if let books = JournalFormatOption(rawValue: text) { return .books(books) }
        if text == "ledger" { return .ledger }
        return .transactions(try OutputFormat.parse(text, allowed: [.csv, .json], also: ["ledger"] + JournalFormatOption.allCases.map(\.rawValue)))
    }
    static let accountsPrefix = CommandSpec.Value<String>("accounts-prefix", "NAME",
                                                          "hledger and beancount: the name under Assets, Income, Expenses and Equity (default: Invest)")
    static let costBasis = CostBasisOption.value(defaultingTo: .average)
    static let output = CommandSpec.Value<String>("output", "FILE", "Write to FILE, atomically (a failed export leaves FILE as it was), instead of stdout",
                                                  short: "o", completes: .file)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let requested = try arguments[Self.format] ?? .transactions(.csv)
        let isBooks = if case .books = requested { true } else { false }
        guard isBooks || (!arguments.isGiven(Self.accountsPrefix) && !arguments.isGiven(Self.costBasis)) else {
            throw CLIError.usage("--accounts-prefix and --cost-basis are for --format hledger or beancount.")
        }
        let output = try arguments[Self.output]
        let (written, left): (String, Int)
        switch requested {
        case let .books(journalFormat):
            let (text, books) = try self.books(journalFormat, arguments)
            try write(output, io: io) { write in try write(text) }
            written = books
            left = 0
        case .ledger:
            let entries = try liveEntries()
            try write(output, io: io) { write in try write(String(decoding: LedgerArchive.encode(entries), as: UTF8.self)) }
            (written, left) = (Plural.count(entries.count, "entry", "entries"), 0)
        case let .transactions(format):
            var result = (0, 0)
            try write(output, io: io) { write in result = try transactions(format, write) }
            (written, left) = (Plural.count(result.0, "transaction"), result.1)
        }
        if let output { io.console.writeNotice("Wrote \(written) to \(output.escapedForTerminal).\n") }
        if left > 0 {
            io.console.writeNotice("invest: warning: \(Plural.count(left, "entry", "entries")) of other kinds \(left == 1 ? "is" : "are") not in a \(requested.name) export; 'invest export --format ledger' keeps everything.\n")
        }
    }

    /// To FILE, atomically, or to stdout, a piece at a time.
    private func write(_ path: String?, io: CommandIO, _ produce: (_ write: (String) throws -> Void) throws -> Void) throws {
        guard let path else { return try produce { io.console.write($0) } }
        var failure: Error?
        do {
            try TextFile.userFile(path).write { write in
                do {
                    try withoutActuallyEscaping(write) { write in try produce { text in try write(Array(text.utf8)[...]) } }
                } catch let error as CLIError {
                    failure = error
                    throw error
                }
            }
        } catch {
            if let failure { throw failure }
            throw CLIError.runtime("could not write \(path.escapedForTerminal): \(error). Nothing was changed there.")
        }
    }

    private func liveEntries() throws -> [LedgerEntry] {
        let ledger = try ledger()
        return try storeWork { () throws(StoreError) in try ledger.retrieveEntries().filter { !$0.isDeleted } }
    }

    /// Every account's books, whatever `--account` says: a transfer has two sides.
    private func books(_ format: JournalFormatOption, _ arguments: ParsedArguments) throws -> (text: String, written: String) {
        let method = try CostBasisOption.method(arguments[Self.costBasis], configured: configuredCostBasis(), default: .average)
        let exporting = try journal(try JournalFormatOption.prefix(arguments[Self.accountsPrefix]), method)
        let books: Journal
        do throws(BookkeepingError) { books = try exporting.journal() } catch { throw error.cliError }
        return (format.text(of: books), Plural.count(books.entries.count, "transaction"))
    }

    /// Transactions as `invest import` reads them, newest first; under --account, that account's
    /// alone. Returns how many were written and how many entries of other kinds were left out.
    private func transactions(_ format: OutputFormat, _ write: (String) throws -> Void) throws -> (Int, Int) {
        let accounts = try accounts()
        let rows = TransactionRows(snapshot: try snapshot(), accounts: accounts) { transaction in
            accounts.selected.map { transaction.account == $0.id } ?? true
        }
        return try rows.write(format, to: write)
    }

    private func storeWork<T>(_ body: () throws(StoreError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw CLIError.runtime(error.userMessage)
        }
    }
}
