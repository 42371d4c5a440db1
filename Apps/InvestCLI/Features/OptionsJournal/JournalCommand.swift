import Foundation
import TerminalKit
import ClientComposition
import FixedPoint
import OptionsJournal
import LocalFileStore
import Ledger

/// `invest journal …`: the options trade journal, with the web app's calculations.
struct JournalCommands {
    let load: () throws -> LoadJournalUseCase
    let importer: () throws -> ImportExecutionsUseCase
    let annotate: () throws -> AnnotateJournalUseCase
    let remove: () throws -> RemoveExecutionUseCase
    /// The journal ⇄ the web app's Firestore document; nil when signed out or not configured.
    let webAppSync: () throws -> LedgerSyncing?
    let readStandardInput: (_ limit: Int) -> Data
    /// The user's zone, looked up only when a journal command runs.
    let timeZone: () -> TimeZone

    private static let tz = CommandSpec.Value<String>("tz", "ZONE", "The time zone of the times given (default: TZ, the system's)")
    private static let from = CommandSpec.Value<String>("from", "D", "From this trade date (YYYY-MM-DD)") { try day($0, option: "--from") }
    private static let to = CommandSpec.Value<String>("to", "D", "Up to this trade date") { try day($0, option: "--to") }
    private static let range: [any OptionDeclaring] = [from, to]
    private static let dryRun = CommandSpec.Flag("dry-run", "Check the file and say what would be added, saving nothing")
    private static let setups = tagList("setup", "The trade's setup tags, separated by commas (new ones join the list)")
    private static let mistakes = tagList("mistake", "The trade's mistake tags")
    private static let rating = CommandSpec.Value<FixedDecimal>("rating", "0-5", "The trade's rating, in half stars (3.5)") { text in
        guard let stars = FixedDecimal(text), JournalAnnotations.isRating(stars) else {
            throw CLIError.usage("--rating '\(text.escapedForTerminal)' is not a rating: use 0 to 5, in half stars (3.5).")
        }
        return stars
    }
    private static let noteFile = CommandSpec.Value<String>("file", "FILE", "Read the note from FILE (- for standard input); it may span lines", completes: .file)
    private static let svg = CommandSpec.Value<String>("svg", "FILE", "Also write the day as an SVG image", completes: .file)
    /// A fill typed by hand: the statement's columns, each checked as a row's would be.
    private static let fill = (
        time: CommandSpec.Value<String>("time", "T", "When it filled: \"YYYY-MM-DD HH:MM[:SS]\" or M/D/YY HH:MM:SS, in --tz or your zone").required(),
        side: CommandSpec.Value<String>("side", "BUY|SELL", "The side").required(),
        qty: CommandSpec.Value<String>("qty", "Q", "Contracts or shares").required(),
        effect: CommandSpec.Value<String>("effect", "OPEN|CLOSE", "Opening or closing").required(),
        symbol: CommandSpec.Value<String>("symbol", "S", "The underlying's symbol").required(),
        type: CommandSpec.Value<String>("type", "CALL|PUT|STOCK", "CALL, PUT, or a stock type such as STOCK").required(),
        price: CommandSpec.Value<String>("price", "P", "The fill's price").required(),
        exp: CommandSpec.Value<String>("exp", "E", "The expiration as the statement writes it, e.g. \"3 JUL 25\""),
        strike: CommandSpec.Value<String>("strike", "K", "The strike"),
        order: CommandSpec.Value<String>("order", "O", "The order type (default: N/A)"))

    private static func tagList(_ name: String, _ help: String) -> CommandSpec.Value<[String]> {
        CommandSpec.Value(name, "A,B", help) { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }
    private static let date = CommandSpec.Argument.required("YYYY-MM-DD")

    var group: CommandGroup {
        let listing = [StandardOptions.format] + TableOptions.all
        return CommandGroup("journal", summary: "An options trade journal: thinkorswim statements, trades, daily stats and the dashboard", [
            action(CommandSpec(name: "journal import", summary: "Import a thinkorswim account statement's trade history",
                               options: [Self.tz, Self.dryRun],
                               arguments: [.required("FILE|-", completes: .file)]), changes: { !$0[Self.dryRun] }) { arguments, io in
                try importStatement(arguments.positionals[0], zone: arguments[Self.tz], dryRun: arguments[Self.dryRun], io: io)
            },
            action(CommandSpec(name: "journal trades", summary: "List the trades: each contract's open-to-flat cycle", options: Self.range + listing), pagesOutput: true) { arguments, io in
                output(JournalPresentation.tradesReport(try trades(in: arguments), annotations: try load().annotations()), try format(arguments), arguments, io)
            },
            action(CommandSpec(name: "journal days", summary: "Each trading day's figures", options: listing), pagesOutput: true) { arguments, io in
                output(JournalPresentation.daysReport(JournalStats.days(try load().load().trades)), try format(arguments), arguments, io)
            },
            action(CommandSpec(name: "journal day", summary: "One day's trades and cumulative P&L", options: listing, arguments: [Self.date])) { arguments, io in
                try day(arguments.positionals[0], format: try format(arguments), arguments: arguments, io: io)
            },
            action(CommandSpec(name: "journal stats", summary: "The dashboard: win rate, profit factor, P&L by tag and by day",
                               options: Self.range + [StandardOptions.format])) { arguments, io in
                try stats(arguments, format: try format(arguments), io: io)
            },
            action(CommandSpec(name: "journal open", summary: "Positions still open", options: listing)) { arguments, io in
                output(JournalPresentation.openReport(try load().load().open), try format(arguments), arguments, io)
            },
            action(CommandSpec(name: "journal executions", summary: "Every execution, with the id 'journal remove' takes", options: listing), pagesOutput: true) { arguments, io in
                output(JournalPresentation.executionsReport(try load().executions(), localTime: io.localTime), try format(arguments), arguments, io)
            },
            action(CommandSpec(name: "journal remove", summary: "Remove one execution (a unique id prefix is enough; 'invest undo' brings it back)",
                               options: [], arguments: [.required("ID")]), changes: { _ in true }) { arguments, io in
                let removed = try remove().remove(arguments.positionals[0])
                io.console.write("Removed \(removed.side.rawValue) \(removed.quantity) \(removed.contractKey) at \(removed.price) (id \(removed.id)).\n")
            },
            CommandGroup("journal tags", summary: "The setup and mistake tag lists", default: "list", [
                action(CommandSpec(name: "journal tags list", summary: "List the tags", options: [StandardOptions.format])) { arguments, io in
                    try tags(format: try format(arguments), io: io)
                },
                action(CommandSpec(name: "journal tags add", summary: "Add a tag to a list", options: [], arguments: Self.tagArguments), changes: { _ in true }) { arguments, io in
                    try editTags(adding: true, arguments, io: io)
                },
                action(CommandSpec(name: "journal tags remove", summary: "Remove a tag from a list", options: [], arguments: Self.tagArguments),
                       changes: { _ in true }) { arguments, io in
                    try editTags(adding: false, arguments, io: io)
                },
            ]),
            action(CommandSpec(name: "journal tag", summary: "Tag and rate a trade (by its id or key)",
                               options: [Self.setups, Self.mistakes, Self.rating, StandardOptions.format],
                               arguments: [.required("TRADE")]), changes: { _ in true }) { arguments, io in
                try tag(arguments, format: try format(arguments), io: io)
            },
            action(CommandSpec(name: "journal note", summary: "Show a day's note, or set it (empty TEXT removes it)",
                               options: [Self.noteFile],
                               arguments: [Self.date, .optional("TEXT")]), changes: { $0.positionals.count == 2 || $0.isGiven(Self.noteFile) }) { arguments, io in
                try note(arguments, io: io)
            },
            action(CommandSpec(name: "journal share", summary: "A day as text to paste, and with --svg as an image",
                               options: [Self.svg], arguments: [Self.date])) { arguments, io in
                try share(arguments, io: io)
            },
            action(CommandSpec(name: "journal add", summary: "Add one execution by hand, checked as a statement's row is",
                               options: [Self.fill.time, Self.fill.side, Self.fill.qty, Self.fill.effect, Self.fill.symbol, Self.fill.type, Self.fill.price,
                                         Self.fill.exp, Self.fill.strike, Self.fill.order, Self.tz]),
                   changes: { _ in true }) { arguments, io in
                try add(arguments, io: io)
            },
        ])
    }

    private static let tagArguments: [CommandSpec.Argument] = [.required("setup|mistake", completes: .choices(["setup", "mistake"])), .required("NAME")]

    private func format(_ arguments: ParsedArguments) throws -> OutputFormat { try arguments[StandardOptions.format] ?? .table }

    /// A journal action, its errors worded, run between two exchanges with the web app's document.
    /// - Parameter pagesOutput: for a list as long as the journal.
    private func action(_ spec: CommandSpec, pagesOutput: Bool = false, changes: @escaping (ParsedArguments) -> Bool = { _ in false },
                        _ body: @escaping (ParsedArguments, CommandIO) throws -> Void) -> WebAppExchangingCommand {
        WebAppExchangingCommand(decoratee: Subcommand(spec, pagesOutput: pagesOutput) { arguments, io in
            do {
                try body(arguments, io)
            } catch let error as JournalError {
                throw JournalPresentation.error(error)
            }
        }, changesTheJournal: changes, webAppSync: webAppSync)
    }

    private func tags(format: OutputFormat, io: CommandIO) throws {
        let annotations = try load().annotations()
        guard format != .json else {
            return io.console.write(JSON.document([("setupsTags", .array(annotations.setupTags.map(JSONValue.string))),
                                                   ("mistakesTags", .array(annotations.mistakeTags.map(JSONValue.string)))]).rendered())
        }
        var report = Report(columns: [.init(title: "LIST", key: "list", alignment: .left), .init(title: "TAG", key: "tag", alignment: .left)])
        report.rows = annotations.setupTags.map { [.text("setup"), .text($0)] } + annotations.mistakeTags.map { [.text("mistake"), .text($0)] }
        if format == .table && report.rows.isEmpty { return io.console.write("No tags yet. 'invest journal tags add setup NAME' adds one.\n") }
        io.console.write(report.render(format, colors: io.usesColor))
    }

    private func editTags(adding: Bool, _ arguments: ParsedArguments, io: CommandIO) throws {
        let words = arguments.positionals
        guard let list = JournalAnnotations.TagList(rawValue: words[0]) else { throw CLIError.usage("'\(words[0].escapedForTerminal)': the lists are setup and mistake.") }
        if adding {
            try annotate().addTag(words[1], to: list)
            io.console.write("Added '\(words[1].escapedForTerminal)' to the \(list.rawValue) tags.\n")
        } else {
            try annotate().removeTag(words[1], from: list)
            io.console.write("Removed '\(words[1].escapedForTerminal)' from the \(list.rawValue) tags.\n")
        }
    }

    private func tag(_ arguments: ParsedArguments, format: OutputFormat, io: CommandIO) throws {
        let rating = try arguments[Self.rating]
        let (trade, updated, added) = try annotate().tag(arguments.positionals[0], setups: arguments[Self.setups], mistakes: arguments[Self.mistakes], rating: rating)
        if format == .json {
            return io.console.write(JSON.document([("key", .string(trade.key)), ("setups", .array(updated.setups.map(JSONValue.string))),
                                                   ("mistakes", .array(updated.mistakes.map(JSONValue.string))), ("rating", .number(updated.rating.description))]).rendered())
        }
        io.console.write("Tagged \(trade.symbol) \(JournalPresentation.instrument(trade)) (\(trade.shortID)): setups \(updated.setups.joined(separator: ", ").escapedForTerminal.nonEmpty ?? "none"), "
            + "mistakes \(updated.mistakes.joined(separator: ", ").escapedForTerminal.nonEmpty ?? "none"), rating \(updated.rating)/5.\n")
        if !added.isEmpty { io.console.writeNotice("New tags added to the lists: \(added.joined(separator: ", ").escapedForTerminal).\n") }
    }

    /// The day as text to paste, and with `--svg` as an image: its figures and the red and green
    /// cumulative P&L.
    private func share(_ arguments: ParsedArguments, io: CommandIO) throws {
        let date = try Self.day(arguments.positionals[0], option: "DATE")
        let closing = try load().load().trades.filter { $0.tradeDate == date }
        let trades = closing.sorted { $0.firstExecTime < $1.firstExecTime }
        guard let stats = JournalStats.days(trades).first else { throw CLIError.usage("there are no trades on \(date) to share.") }
        let points = JournalStats.cumulative(closing)
        let lines = JournalPresentation.shareLines(stats, trades: trades)
        if let path = try arguments[Self.svg] {
            try SVGFile.write(JournalPresentation.shareSVG(lines: lines, points: points), to: path, what: "the day", io: io)
        }
        io.console.write(lines.joined(separator: "\n") + "\nCumulative P&L: " + JournalPresentation.cumulativeLine(points, colors: false) + "\n")
    }

    /// One execution by hand, checked exactly as a statement's row is.
    private func add(_ arguments: ParsedArguments, io: CommandIO) throws {
        guard let zone = try arguments[Self.tz].map({ TimeZone(identifier: $0) }) ?? timeZone() else {
            throw CLIError.usage("--tz is not a time zone; use a name such as America/New_York.")
        }
        let timeText = try arguments[required: Self.fill.time]
        let time = LocalTime(timeZone: zone).parse(timeText, now: io.now).map { ThinkorswimStatement.execTime($0, in: zone) } ?? timeText
        let fill = ThinkorswimStatement.ManualFill(time: time, side: try arguments[required: Self.fill.side], quantity: try arguments[required: Self.fill.qty],
                                                   effect: try arguments[required: Self.fill.effect], symbol: try arguments[required: Self.fill.symbol],
                                                   expiration: try arguments[Self.fill.exp] ?? "", strike: try arguments[Self.fill.strike] ?? "",
                                                   type: try arguments[required: Self.fill.type], price: try arguments[required: Self.fill.price],
                                                   orderType: try arguments[Self.fill.order] ?? "")
        let executions: [Execution]
        do throws(ThinkorswimStatement.Failure) {
            executions = [try ThinkorswimStatement.execution(fill, timeZone: zone, now: io.now)]
        } catch {
            guard case let .badRows(problems) = error else { throw CLIError.usage("journal add: \(error)") }
            throw CLIError.usage(problems.map(\.message).joined(separator: "; ").escapedForTerminal + ".")
        }
        let outcome = try importer().importExecutions(executions, from: JournalUpload.byHandName, dryRun: false)
        io.console.write(outcome.added == 1 ? "Added \(executions[0].side.rawValue) \(executions[0].quantity) \(executions[0].contractKey) at \(executions[0].price) (id \(executions[0].id)).\n"
                                            : "That execution is already in the journal; nothing was added.\n")
    }

    private func note(_ arguments: ParsedArguments, io: CommandIO) throws {
        let date = try Self.day(arguments.positionals[0], option: "DATE")
        var text = arguments.positionals.count == 2 ? arguments.positionals[1] : nil
        if let file = try arguments[Self.noteFile] {
            guard text == nil else { throw CLIError.usage("give the note as TEXT or with --file, not both.") }
            let data = file == "-" ? readStandardInput(1 << 20) : try ImportCommand.read(file, name: file)
            guard data.count < 1 << 20, let read = String(data: data, encoding: .utf8) else { throw CLIError.usage("the note must be UTF-8 text under 1 MB.") }
            text = read.hasSuffix("\n") ? String(read.dropLast()) : read
        }
        guard let text else {
            let note = try load().annotations().notes[date]
            return io.console.write(note.map { JournalNote.text(fromHTML: $0).escapedForTerminal(keepingLineBreaks: true) + "\n" } ?? "No note for \(date).\n")
        }
        try annotate().setNote(text, on: date)
        io.console.write(text.isEmpty ? "Removed the note for \(date).\n" : "Saved the note for \(date).\n")
    }

    private func trades(in arguments: ParsedArguments) throws -> [JournalTrade] {
        let from = try arguments[Self.from], to = try arguments[Self.to]
        return try load().load().trades.filter { trade in from.map { trade.tradeDate >= $0 } ?? true && to.map { trade.tradeDate <= $0 } ?? true }
    }

    static func day(_ text: String, option: String) throws -> String {
        guard text.count == 10, ManualDay.isDay(text) else { throw CLIError.usage("\(option) '\(text.escapedForTerminal)' is not a date; use YYYY-MM-DD.") }
        return text
    }

    private func output(_ report: Report, _ format: OutputFormat, _ arguments: ParsedArguments, _ io: CommandIO) {
        let style = (try? io.tableStyle(arguments, for: report)) ?? TableStyle(colors: io.usesColor, width: io.tableWidth)
        if format == .table && report.rows.isEmpty { return io.console.write("Nothing yet. 'invest journal import STATEMENT.csv' reads a thinkorswim account statement.\n") }
        io.console.write(report.render(format, style: style))
    }

    private func day(_ text: String, format: OutputFormat, arguments: ParsedArguments, io: CommandIO) throws {
        let date = try Self.day(text, option: "DATE")
        let closing = try load().load().trades.filter { $0.tradeDate == date }
        let trades = closing.sorted { $0.firstExecTime < $1.firstExecTime }
        let report = JournalPresentation.dayReport(trades, localTime: io.localTime)
        let points = JournalStats.cumulative(closing)
        switch format {
        case .json:
            io.console.write(JSON.document([("date", .string(date)), ("trades", report.json),
                                            ("cumulativeProfitLoss", .array(points.map { .text($0.description) }))]).rendered())
        case .csv:
            io.console.write(report.render(.csv, colors: false))
        case .table:
            guard !trades.isEmpty else { return io.console.write("No trades on \(date).\n") }
            io.console.write(report.render(.table, style: (try? io.tableStyle(arguments, for: report)) ?? TableStyle(colors: io.usesColor, width: io.tableWidth)))
            io.console.write("\nCumulative P&L: " + JournalPresentation.cumulativeLine(points, colors: io.usesColor) + "\n")
        }
    }

    private func stats(_ arguments: ParsedArguments, format: OutputFormat, io: CommandIO) throws {
        let trades = try trades(in: arguments)
        let dashboard = JournalStats.dashboard(trades)
        let report = JournalPresentation.dashboardReport(dashboard)
        let annotations = try load().annotations()
        let byTag = JournalAnnotations.TagList.allCases.map { ($0, annotations.profitLoss(by: $0, of: trades)) }
        switch format {
        case .json:
            io.console.write(JSON.document(zip(report.keys, report.row).map { ($0, $1.value) }
                + [("cumulativeByDay", .array(dashboard.cumulativeByDay.map { .object([("date", .string($0.date)), ("profitLoss", .text($0.profitLoss.description))]) }))]
                + byTag.map { list, sums in
                    (list == .setup ? "profitLossBySetup" : "profitLossByMistake",
                     .array(sums.map { .object([("tag", .string($0.tag)), ("profitLoss", .text($0.profitLoss.description)), ("trades", .count($0.trades))]) }))
                }).rendered())
        case .csv:
            io.console.write(Report(columns: report.keys.map { .init(title: $0, key: $0, alignment: .left) }, rows: [report.row]).render(.csv, colors: false))
        case .table:
            let width = report.titles.map(\.count).max() ?? 0
            for (title, cell) in zip(report.titles, report.row) {
                io.console.write(title.padding(toLength: width + 2, withPad: " ", startingAt: 0) + cell.shown + "\n")
            }
            for (list, sums) in byTag where !sums.isEmpty {
                io.console.write("\nP&L by \(list.rawValue): " + sums.map { "\($0.tag.escapedForTerminal) \(Formatted.signedMoney($0.profitLoss)) (\(Plural.count($0.trades, "trade")))" }
                    .joined(separator: ", ") + "\n")
            }
            if !dashboard.cumulativeByDay.isEmpty {
                io.console.write("\nCumulative P&L by day: " + JournalPresentation.cumulativeLine([.zero] + dashboard.cumulativeByDay.map(\.profitLoss), colors: io.usesColor) + "\n")
            }
        }
    }

    private func importStatement(_ path: String, zone: String?, dryRun: Bool, io: CommandIO) throws {
        let name = path == "-" ? "standard input" : path
        guard let timeZone = zone.map({ TimeZone(identifier: $0) }) ?? self.timeZone() else {
            throw CLIError.usage("--tz '\(zone!.escapedForTerminal)' is not a time zone; use a name such as America/New_York.")
        }
        let statement = try Self.statement(ImportCommand.input(path, name: name, readStandardInput: readStandardInput), name: name, timeZone: timeZone, now: io.now)
        let outcome = try importer().importExecutions(statement.executions, formerIDs: statement.formerIDs, from: path == "-" ? "standard input" : URL(fileURLWithPath: path).lastPathComponent, dryRun: dryRun)
        let skipped = outcome.alreadyThere == 0 ? "" : "; \(Plural.count(outcome.alreadyThere, "execution")) already in the journal \(outcome.alreadyThere == 1 ? "was" : "were") skipped"
        io.console.write(dryRun ? "Dry run: \(Plural.count(outcome.added, "execution")) from \(name) would be added\(skipped); nothing was saved.\n"
                                : "Added \(Plural.count(outcome.added, "execution")) from \(name)\(skipped).\n")
    }

    /// A statement's fills. Its CSV records go when this returns, before the fills are imported:
    /// a long statement's records are most of its memory.
    private static func statement(_ data: Data, name: String, timeZone: TimeZone, now: Date) throws -> ThinkorswimStatement.Reading {
        let records = try ImportCommand.csvRecords(data, name: name).map { ($0.line, $0.fields) }
        do throws(ThinkorswimStatement.Failure) {
            return try ThinkorswimStatement.read(records, timeZone: timeZone, now: now)
        } catch {
            switch error {
            case .noTradeHistory:
                throw CLIError.usage("\(name) has no 'Account Trade History' section: export thinkorswim's Monitor › Account Statement as CSV. Nothing was imported.")
            case let .missingColumns(columns):
                throw CLIError.usage("\(name): the Account Trade History header lacks \(columns.joined(separator: ", ")). Nothing was imported.")
            case let .badRows(problems):
                throw ImportCommand.badRows(problems.map { ($0.line, $0.message) }, in: name)
            }
        }
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}

/// A `YYYY-MM-DD` that is a real day.
enum ManualDay {
    static func isDay(_ text: String) -> Bool {
        let parts = text.split(separator: "-").map { Int($0) }
        guard parts.count == 3, let year = parts[0], let month = parts[1], let day = parts[2], (1...12).contains(month), (1...31).contains(day) else { return false }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) else { return false }
        return calendar.component(.day, from: date) == day
    }
}
