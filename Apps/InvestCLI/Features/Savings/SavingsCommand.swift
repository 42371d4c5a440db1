import Foundation
import TerminalKit
import Ledger
import ClientComposition
import FixedPoint
import Savings
import LocalFileStore

/// `invest savings …`: accounts tracked by what they are worth now and then. Nobody
/// enters transactions; the user records values, and totals and charts come from those.
struct SavingsCommands {
    let load: () throws -> SavingsLoading
    let accounts: () throws -> ManageSavingsAccountsUseCase
    let values: () throws -> RecordSavingsValueUseCase
    let importer: () throws -> ImportSavingsUseCase
    /// The currency symbol money is shown with.
    let symbol: () -> String
    let readStandardInput: (_ limit: Int) -> Data
    /// Loads a seed test set into a throwaway home and shows it.
    let demo: (_ set: Int, _ io: CommandIO) throws -> Void

    // An amount and a time are read in the account's currency and the user's zone, once known.
    private static let value = CommandSpec.Value<String>("value", "V", "A value: an amount such as 1234.56")
    private static let at = CommandSpec.Value<String>("at", "TIME", "When: \"YYYY-MM-DD HH:MM\" in your local time, YYYY-MM-DD, or now (the default)")
    private static let currency = CommandSpec.Value<String>("currency", "C", "The ISO 4217 currency its values are in (default: the base currency, INVEST_BASE_CURRENCY)")
    private static let yes = CommandSpec.Flag("yes", "Don't ask, even at a terminal", short: "y")
    private static let includeClosed = CommandSpec.Flag("include-closed", "Count closed accounts until they closed (the total only)")
    private static let svg = CommandSpec.Value<String>("svg", "FILE", "Also write the chart as an SVG file", completes: .file)
    private static let chartFormat = CommandSpec.Value<OutputFormat>.format("Output format (default: table, a chart)")
    private static let output = CommandSpec.Value<String>("output", "FILE", "Write to FILE, atomically, instead of stdout", short: "o", completes: .file)
    private static let dryRun = CommandSpec.Flag("dry-run", "Check the file and say what would change, saving nothing")
    private static let set = CommandSpec.Value<Int>("set", "3|2", "Test set 3 (simple, the default) or 2 (two years, six accounts)") { set in
        guard set == "3" || set == "2" else { throw CLIError.usage("--set '\(set.escapedForTerminal)': use 3 or 2.") }
        return Int(set)!
    }
    private static let name = CommandSpec.Argument.required("NAME")

    var group: CommandGroup {
        CommandGroup("savings", summary: "Savings, ISAs and pensions tracked by their value now and then",
                     discussion: "A name with spaces goes in quotes: invest savings update \"Cash ISA\" 1234.56", default: "list", [
            action(CommandSpec(name: "savings list", summary: "List the accounts, their latest values and the total",
                               options: [StandardOptions.format] + TableOptions.all)) { arguments, io, presentation in
                try list(format: arguments[StandardOptions.format] ?? .table, arguments: arguments, presentation: presentation, io: io)
            },
            action(CommandSpec(name: "savings add", summary: "Add an account, with its first value if given",
                               options: [Self.value, Self.at, Self.currency, StandardOptions.format], arguments: [Self.name]), add),
            action(CommandSpec(name: "savings update", summary: "Record what an account is worth now (or --at a time)",
                               options: [Self.at, StandardOptions.format], arguments: [Self.name, .required("VALUE")])) { arguments, io, presentation in
                let value = try presentation.parseValue(arguments.positionals[1], option: "VALUE")
                let update = try values().record(value, for: arguments.positionals[0], at: try at(arguments, presentation, io))
                try reportUpdate("Recorded", update, format: arguments[StandardOptions.format] ?? .table, presentation: presentation, io: io)
            },
            action(CommandSpec(name: "savings history", summary: "An account's recorded values",
                               options: [StandardOptions.format] + TableOptions.all, arguments: [Self.name]), history),
            action(CommandSpec(name: "savings update-edit", summary: "Change a recorded value or its time",
                               options: [Self.value, Self.at, StandardOptions.format], arguments: [.required("ID")])) { arguments, io, presentation in
                let at = try at(arguments, presentation, io)
                guard arguments.isGiven(Self.value) || at != nil else { throw CLIError.usage("give --value, --at or both: what should change?") }
                let value = try arguments[Self.value].map { try presentation.parseValue($0, option: "--value") }
                try reportUpdate("Changed", try values().edit(arguments.positionals[0], value: value, at: at), format: arguments[StandardOptions.format] ?? .table,
                                 presentation: presentation, io: io)
            },
            action(CommandSpec(name: "savings update-delete", summary: "Delete a recorded value", options: [StandardOptions.format],
                               arguments: [.required("ID")])) { arguments, io, presentation in
                try reportUpdate("Deleted", try values().delete(arguments.positionals[0]), format: arguments[StandardOptions.format] ?? .table,
                                 presentation: presentation, io: io)
            },
            action(CommandSpec(name: "savings close", summary: "Close an account: its history is kept, and it leaves the total",
                               options: [Self.at], arguments: [Self.name])) { arguments, io, presentation in
                let account = try accounts().close(arguments.positionals[0], at: try at(arguments, presentation, io))
                io.console.write("Closed \(account.name.escapedForTerminal) on \(io.localTime.dateAndTime(account.closedAt!)); its history is kept, and it no longer counts in the total.\n")
            },
            action(CommandSpec(name: "savings reopen", summary: "Reopen a closed account", options: [], arguments: [Self.name])) { arguments, io, _ in
                io.console.write("Reopened \(try accounts().reopen(arguments.positionals[0]).name.escapedForTerminal).\n")
            },
            action(CommandSpec(name: "savings rename", summary: "Rename an account", options: [],
                               arguments: [.required("OLD"), .required("NEW")])) { arguments, io, _ in
                let account = try accounts().rename(arguments.positionals[0], to: arguments.positionals[1])
                io.console.write("Renamed \(arguments.positionals[0].escapedForTerminal) to \(account.name.escapedForTerminal).\n")
            },
            action(CommandSpec(name: "savings delete", summary: "Delete an account and its history ('invest undo' reverts it)",
                               options: [Self.yes], arguments: [Self.name])) { arguments, io, presentation in
                try delete(arguments.positionals[0], arguments: arguments, presentation: presentation, io: io)
            },
            action(CommandSpec(name: "savings chart", summary: "Chart the total, or one account, over time",
                               options: [Self.includeClosed, Self.svg, Self.chartFormat],
                               arguments: [.optional("NAME")])) { arguments, io, presentation in
                try chart(arguments.positionals.first, format: arguments[Self.chartFormat] ?? .table, arguments: arguments, presentation: presentation, io: io)
            },
            action(CommandSpec(name: "savings export", summary: "Write every value as account,timestamp,value CSV",
                               options: [Self.output])) { arguments, io, _ in
                try export(arguments, io: io)
            },
            action(CommandSpec(name: "savings import", summary: "Import account,timestamp,value CSV; rows already recorded are skipped",
                               options: [Self.dryRun],
                               arguments: [.required("FILE|-", completes: .file)])) { arguments, io, presentation in
                try importFile(arguments.positionals[0], dryRun: arguments[Self.dryRun], presentation: presentation, io: io)
            },
            action(CommandSpec(name: "savings demo", summary: "Show a worked example in a throwaway home",
                               options: [Self.set])) { arguments, io, _ in
                try demo(try arguments[Self.set] ?? 3, io)
            },
        ])
    }

    /// A savings action: given how money and times are shown, its feature's errors worded.
    private func action(_ spec: CommandSpec, _ body: @escaping (ParsedArguments, CommandIO, SavingsPresentation) throws -> Void) -> Subcommand {
        Subcommand(spec) { arguments, io in
            let presentation = SavingsPresentation(symbol: symbol(), localTime: io.localTime)
            do {
                try body(arguments, io, presentation)
            } catch let error as SavingsError {
                throw presentation.error(error)
            }
        }
    }

    private func at(_ arguments: ParsedArguments, _ presentation: SavingsPresentation, _ io: CommandIO) throws -> Date? {
        try arguments[Self.at].map { try presentation.parseTime($0, option: "--at", now: io.now) }
    }

    private func add(_ arguments: ParsedArguments, io: CommandIO, presentation: SavingsPresentation) throws {
        let format = try arguments[StandardOptions.format] ?? .table
        let value = try arguments[Self.value].map { try presentation.parseValue($0, option: "--value") }
        let account = try accounts().add(name: arguments.positionals[0], value: value, at: try at(arguments, presentation, io),
                                         currency: try arguments[Self.currency])
        guard format == .table else { return io.console.write(try accountResult(account, format: format, presentation: presentation)) }
        io.console.write("Added \(account.name.escapedForTerminal)"
                         + (value.map { " at \(presentation.money($0)) on \(io.localTime.dateAndTime(account.createdAt))" } ?? "") + ".\n")
    }

    private func history(_ arguments: ParsedArguments, io: CommandIO, presentation: SavingsPresentation) throws {
        let format = try arguments[StandardOptions.format] ?? .table
        let book = try load().load()
        let account = try book.requireAccount(named: arguments.positionals[0])
        let report = presentation.historyReport(book.updates(of: account.id))
        if format == .table && report.rows.isEmpty { return io.console.write("\(account.name.escapedForTerminal) has no values yet.\n") }
        io.console.write(report.render(format, style: try io.tableStyle(arguments, for: report)))
    }

    private func list(format: OutputFormat, arguments: ParsedArguments, presentation: SavingsPresentation, io: CommandIO) throws {
        let summary = try load().loadSummary()
        let report = presentation.accountsReport(summary)
        switch format {
        case .json:
            io.console.write(JSON.document([("currency", .string(presentation.symbol)), ("total", .text(summary.total.description)),
                                            ("accounts", report.json)]).rendered())
        case .csv:
            io.console.write(report.render(.csv, colors: false))
        case .table:
            guard !summary.accounts.isEmpty else { return io.console.write("No savings accounts yet. 'invest savings add NAME --value V' creates one.\n") }
            let style = (try? io.tableStyle(arguments, for: report)) ?? TableStyle(colors: io.usesColor, width: io.tableWidth)
            io.console.write(report.render(.table, style: style))
            let active = summary.accounts.filter(\.isActive).count
            if summary.accounts.contains(where: { $0.isActive && $0.currency != nil }) {
                return io.console.write("\n\(Plural.count(active, "active account")) in more than one currency: 'invest networth --by kind' totals them in the base currency.\n")
            }
            io.console.write("\nTotal of \(Plural.count(active, "active account")): \(presentation.money(summary.total))\n")
        }
    }

    private func accountResult(_ account: SavingsAccount, format: OutputFormat, presentation: SavingsPresentation) throws -> String {
        let summary = try load().loadSummary()
        return presentation.accountsReport(summary).onlyRow(summary.accounts.firstIndex { $0.id == account.id }).renderResult(format, colors: false)
    }

    private func reportUpdate(_ verb: String, _ update: ValueUpdate, format: OutputFormat, presentation: SavingsPresentation, io: CommandIO) throws {
        let book = try load().load()
        let name = book.accounts.first { $0.id == update.accountID }?.name ?? update.accountID
        if format == .table {
            return io.console.write("\(verb) \(presentation.money(update.value)) for \(name.escapedForTerminal) on \(io.localTime.dateAndTime(update.at)) "
                + "(id \(update.id.prefix(8))). It is now worth \(presentation.money(book.currentValue(of: update.accountID))).\n")
        }
        var report = presentation.historyReport([update])
        report.rows = report.rows.map { $0 + [.text(name)] }
        io.console.write(Report(columns: [.init(title: "ID", key: "id", alignment: .left), .init(title: "WHEN", key: "at", alignment: .left),
                                          .init(title: "VALUE", key: "value", alignment: .right), .init(title: "ACCOUNT", key: "account", alignment: .left)],
                                rows: report.rows).renderResult(format, colors: false))
    }

    private func delete(_ name: String, arguments: ParsedArguments, presentation: SavingsPresentation, io: CommandIO) throws {
        let book = try load().load()
        let account = try book.requireAccount(named: name)
        if io.console.isInteractive, !arguments[Self.yes] {
            let count = book.updates(of: account.id).count
            let answer = io.console.readLine(prompt: "Delete \(account.name.escapedForTerminal) and its \(Plural.count(count, "recorded value"))? This can't be undone by closing; 'invest undo' can revert it. [y/N] ")
            guard Confirmation.isYes(answer) else { return io.console.writeError("Cancelled; nothing was deleted.\n") }
        }
        let deleted = try accounts().delete(account.name)
        io.console.write("Deleted \(deleted.account.name.escapedForTerminal) and its \(Plural.count(deleted.updates, "recorded value")).\n")
    }

    private func chart(_ name: String?, format: OutputFormat, arguments: ParsedArguments, presentation: SavingsPresentation, io: CommandIO) throws {
        let book = try load().load()
        let points: [ChartPoint], title: String
        if let name {
            let account = try book.requireAccount(named: name)
            guard !arguments[Self.includeClosed] else { throw CLIError.usage("--include-closed applies to the portfolio chart (no NAME).") }
            points = SavingsChart.account(account.id, in: book, now: io.now)
            title = account.name
        } else {
            points = SavingsChart.portfolio(book, includingClosed: arguments[Self.includeClosed], now: io.now)
            title = arguments[Self.includeClosed] ? "All savings, closed accounts until they closed" : "Savings (active accounts)"
        }
        let plot = presentation.plot(points, markChanges: name == nil)
        if let path = try arguments[Self.svg] {
            try SVGFile.write(SVGChart.render(plot, title: title, lineWidth: name == nil ? "2.5" : "1.5"), to: path, what: "the chart", io: io)
        }
        guard format == .table else { return io.console.write(presentation.pointsReport(points).render(format, colors: false)) }
        guard let first = points.first, let last = points.last else { return io.console.write("Nothing to chart yet: no values are recorded.\n") }
        io.console.write("\(title.escapedForTerminal): \(presentation.money(last.value)), \(io.localTime.date(first.at)) – \(io.localTime.date(last.at))\n")
        io.console.write(TerminalChart.render(plot, width: min(io.tableWidth ?? 80, 120), colors: io.usesColor))
    }

    /// Every update as `account,timestamp,value,closed`, by account, then time; times in UTC.
    /// `closed` is when a closed account closed (empty for an active one), so an import into a
    /// fresh home gives back the same totals.
    private func export(_ arguments: ParsedArguments, io: CommandIO) throws {
        let book = try load().load()
        let accounts = Dictionary(uniqueKeysWithValues: book.accounts.map { ($0.id, $0) })
        let order = Dictionary(uniqueKeysWithValues: book.accounts.enumerated().map { ($0.element.id, $0.offset) })
        var text = "account,timestamp,value,closed\n"
        for update in book.updates.sorted(by: { (order[$0.accountID] ?? .max, $0.at) < (order[$1.accountID] ?? .max, $1.at) }) {
            let account = accounts[update.accountID]
            text += CSV.quote(account?.name ?? update.accountID) + "," + Timestamp.iso8601(update.at) + "," + update.value.description + ","
                + (account?.closedAt.map(Timestamp.iso8601) ?? "") + "\n"
        }
        guard let path = try arguments[Self.output] else { return io.console.write(text) }
        do {
            try TextFile.userFile(path).write(Array(text.utf8))
        } catch {
            throw CLIError.runtime("could not write \(path.escapedForTerminal): \(error). Nothing was changed there.")
        }
        io.console.writeNotice("Wrote \(Plural.count(book.updates.count, "value")) of \(Plural.count(book.accounts.count, "account")) to \(path.escapedForTerminal).\n")
    }

    private func importFile(_ path: String, dryRun: Bool, presentation: SavingsPresentation, io: CommandIO) throws {
        let name = path == "-" ? "standard input" : path
        let records = try ImportCommand.csvRecords(ImportCommand.input(path, name: name, readStandardInput: readStandardInput), name: name)
        guard let header = records.first else { throw CLIError.usage("\(name) is empty; expected a header 'account,timestamp,value'.") }
        let columns = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let missing = ["account", "timestamp", "value"].filter { !columns.contains($0) }
        guard missing.isEmpty else {
            throw CLIError.usage("\(name):1: the header lacks \(missing.joined(separator: ", ")); expected 'account,timestamp,value' (in any order). Nothing was imported.")
        }
        let (account, timestamp, value) = (columns.firstIndex(of: "account")!, columns.firstIndex(of: "timestamp")!, columns.firstIndex(of: "value")!)
        let closed = columns.firstIndex(of: "closed")
        var rows: [SavingsImportRow] = [], problems: [(line: Int, message: String)] = []
        for record in records.dropFirst() where !(record.fields.count == 1 && record.fields[0].isEmpty) {
            guard record.fields.count == columns.count else {
                problems.append((record.line, "expected \(columns.count) fields, found \(record.fields.count)"))
                continue
            }
            do {
                let at = try presentation.parseTime(record.fields[timestamp], option: "timestamp", now: io.now)
                let amount = try presentation.parseValue(record.fields[value], option: "value")
                let closedAt = try closed.map { record.fields[$0].trimmingCharacters(in: .whitespaces) }.flatMap { text in
                    try text.isEmpty ? nil : presentation.parseTime(text, option: "closed", now: io.now)
                }
                rows.append(SavingsImportRow(line: record.line, accountName: record.fields[account], at: at, value: amount, closedAt: closedAt))
            } catch {
                problems.append((record.line, ((error as? CLIError)?.message).flatMap { $0 } ?? "\(error)"))
            }
        }
        let outcome: SavingsImportOutcome
        do {
            // Rows whose fields didn't parse are reported with the rest's problems, in one pass.
            outcome = try importer().importRows(rows, dryRun: dryRun || !problems.isEmpty)
        } catch let error as SavingsImportError {
            switch error {
            case let .invalidRows(rowProblems):
                throw ImportCommand.badRows(problems + rowProblems.map { ($0.line, presentation.error($0.error).message ?? "") }, in: name)
            case let .failed(error):
                throw presentation.error(error)
            }
        }
        guard problems.isEmpty else { throw ImportCommand.badRows(problems, in: name) }
        let names = outcome.createdAccounts.prefix(5).map(\.escapedForTerminal).joined(separator: ", ")
            + (outcome.createdAccounts.count > 5 ? " and \(outcome.createdAccounts.count - 5) more accounts" : "")
        let created = outcome.createdAccounts.isEmpty ? "" : ", creating \(names)"
        let skipped = outcome.duplicates == 0 ? "" : "; \(Plural.count(outcome.duplicates, "row")) already recorded \(outcome.duplicates == 1 ? "was" : "were") skipped"
        io.console.write((dryRun ? "Dry run: \(Plural.count(outcome.imported, "value")) from \(name) would be imported\(created)\(skipped); nothing was saved.\n"
                                 : "Imported \(Plural.count(outcome.imported, "value")) from \(name)\(created)\(skipped).\n"))
    }
}

extension Report {
    init(columns: [Column], rows: [[Cell]]) {
        self.init(columns: columns)
        self.rows = rows
    }

    /// Only the row at `index`, for a single result.
    func onlyRow(_ index: Int?) -> Report {
        var report = self
        report.rows = index.map { [rows[$0]] } ?? []
        return report
    }
}
