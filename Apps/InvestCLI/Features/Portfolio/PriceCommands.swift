import Foundation
import TerminalKit
import ClientComposition
import CurrentPrices
import Transactions
import Analytics
import Ledger

/// `invest price …`: the prices the user gives: manual prices for assets no quote service lists
/// (shown with the source "manual" and their date), and the daily closes every figure over time
/// is valued with.
struct PriceCommands {
    let prices: () throws -> ManualPrices
    let history: () throws -> PriceHistoryManaging
    let backfill: () throws -> BackfillClosesUseCase
    let readStandardInput: (_ limit: Int) -> Data

    static let legacySpellings = [LegacySpelling(old: ["prices", "import"], new: ["price", "import"]),
                                  LegacySpelling(old: ["prices", "list"], new: ["price", "history"]),
                                  LegacySpelling(old: ["prices", "fetch"], new: ["price", "fetch"], hinted: false)]

    var group: CommandGroup {
        CommandGroup("price", summary: "Manual prices for unlisted assets, and the daily closes figures over time are valued with", [
            Subcommand(CommandSpec(name: "price set", summary: "Price an asset no quote service lists (shown as manual)",
                                   options: [Self.date],
                                   arguments: [.required("TICKER", completes: .ticker), .required("PRICE")]), set),
            Subcommand(CommandSpec(name: "price unset", summary: "Remove a manual price", options: [], arguments: [.required("TICKER", completes: .ticker)]),
                       unset),
            Subcommand(CommandSpec(name: "price list", summary: "List the manual prices", options: [StandardOptions.format]), list),
            Subcommand(CommandSpec(name: "price import", summary: "Import daily closes from a file, all or nothing",
                                   discussion: "The file is date,ticker,close, or a download laid out Date,Open,High,Low,Close,Adj Close,Volume with --ticker.",
                                   options: [Self.ticker],
                                   arguments: [.required("FILE|-", completes: .file)]), importCloses),
            Subcommand(CommandSpec(name: "price fetch", summary: "Fetch and keep the daily closes of what you hold or held, from the history provider",
                                   discussion: "From each ticker's first transaction (or --from) to today; what is kept already is not fetched again. "
                                       + "Twelve Data's free plan (TWELVE_DATA_API_KEY) allows 8 requests a minute and 800 a day: the fetch keeps to "
                                       + "that, waiting at most --max-wait for a minute's requests.",
                                   options: [Self.from, StandardOptions.format],
                                   arguments: [.many("TICKER", optional: true, completes: .ticker)]), fetch),
            Subcommand(CommandSpec(name: "price history", summary: "List the kept daily closes, of every ticker or of one",
                                   options: [StandardOptions.format] + TableOptions.all, arguments: [.optional("TICKER", completes: .ticker)]), pagesOutput: true, closes),
        ])
    }

    private static let date = CommandSpec.Value<String>("date", "D", "The day the price is for: YYYY-MM-DD, today, yesterday or -Nd (default: today)")
    private static let ticker = CommandSpec.Value<String>("ticker", "T", "The ticker of a one-stock download", completes: .ticker)
    private static let from = CommandSpec.Value<TypedDay>.day("from", "Fetch from this day: YYYY-MM-DD, yesterday or -Nd")

    private func set(_ arguments: ParsedArguments, io: CommandIO) throws {
        let day = RelativeDate.resolve(try arguments[Self.date] ?? "today", today: io.today)
        let set = try manual { prices throws(ManualPriceError) in try prices.set(ticker: arguments.positionals[0], price: arguments.positionals[1], day: day, today: io.today.iso) }
        io.console.write("\(set.ticker) is priced at \(set.price) as of \(set.day) (manual), wherever no quote service prices it.\n")
    }

    private func unset(_ arguments: ParsedArguments, io: CommandIO) throws {
        try manual { prices throws(ManualPriceError) in try prices.remove(ticker: arguments.positionals[0]) }
        io.console.write("Removed the manual price of \(arguments.positionals[0].uppercased().escapedForTerminal).\n")
    }

    private func list(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[StandardOptions.format] ?? .table
        let prices = try manual { prices throws(ManualPriceError) in try prices.all() }
        if format == .table && prices.isEmpty { return io.console.write("No manual prices. 'invest price set TICKER PRICE' sets one.\n") }
        var report = Report(columns: [.init(title: "TICKER", key: "ticker", alignment: .left), .init(title: "PRICE", key: "price", alignment: .right),
                                      .init(title: "DATE", key: "date", alignment: .left),
                                      .init(title: "SET AT", key: "setAt", alignment: .left, visibility: .machineOnly)])
        report.rows = prices.values.sorted { $0.ticker < $1.ticker }.map { price in
            [.text(price.ticker), .decimal(price.price), .text(price.day), .time(price.setAt, shown: "")]
        }
        io.console.write(report.render(format, colors: io.usesColor))
    }

    private func manual<Result>(_ body: (ManualPrices) throws(ManualPriceError) -> Result) throws -> Result {
        let prices = try prices()
        do throws(ManualPriceError) {
            return try body(prices)
        } catch {
            throw error.isUsageError ? CLIError.usage(error.userMessage) : CLIError.runtime(error.userMessage)
        }
    }

    private func closes(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[StandardOptions.format] ?? .table
        let manager = try history()
        let closes: PriceHistory
        do throws(PriceHistoryError) { closes = try manager.history() } catch { throw AnalyticsPresentation.cliError(error) }
        let tickers = arguments.positionals.first.map { [TransactionValidator.normalizedTicker($0) ?? $0] } ?? closes.tickers
        var report = Report(columns: [.init(title: "DATE", key: "date", alignment: .left), .init(title: "TICKER", key: "ticker", alignment: .left),
                                      .init(title: "CLOSE", key: "close", alignment: .right)])
        for ticker in tickers { report.rows += closes.closes(of: ticker).map { [.text($0.day.iso), .text(ticker), .decimal($0.close)] } }
        if format == .table, report.rows.isEmpty { return io.console.write("No closes stored. Import some with 'invest price import FILE'.\n") }
        io.console.write(report.render(format, style: try io.tableStyle(arguments, for: report)))
    }

    private func fetch(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[StandardOptions.format] ?? .table
        let from = try arguments[Self.from]?.pastDay(today: io.today)
        let tickers = try arguments.positionals.map { text -> String in
            guard let ticker = TransactionValidator.normalizedTicker(text) else { throw CLIError.usage("'\(text.escapedForTerminal)' is not a ticker.") }
            return ticker
        }
        let progress = io.console.isTerminalOutput
        let found: [Backfill]
        let backfilling = try backfill()
        do throws(BackfillError) {
            found = try backfilling.backfill(tickers, from: from) { ticker, index, count in
                if progress { io.console.writeNotice("invest: fetching \(ticker) (\(index + 1) of \(count))…\n") }
            }
        } catch {
            switch error {
            case let .transactions(failure): throw TransactionPresentation.error(failure)
            case let .history(failure): throw AnalyticsPresentation.cliError(failure)
            }
        }
        if format == .table && found.isEmpty { return io.console.write("Nothing to fetch: no transaction names a ticker yet.\n") }
        var report = Report(columns: [.init(title: "TICKER", key: "ticker", alignment: .left), .init(title: "FROM", key: "from", alignment: .left),
                                      .init(title: "CLOSES", key: "closes", alignment: .right), .init(title: "SOURCE", key: "source", alignment: .left),
                                      .init(title: "PROBLEM", key: "problem", alignment: .left)])
        report.rows = found.map { backfill in
            let problem = backfill.failure.map(AnalyticsPresentation.candlesProblem)
                ?? (backfill.closes == 0 ? "The history provider has no closes of it from that day on (an unknown symbol?)." : nil)
            return [.text(backfill.ticker), .text(backfill.from.iso), .count(backfill.closes), .text(backfill.source.rawValue), .text(problem)]
        }
        io.console.write(report.render(format, style: try io.tableStyle(arguments, for: report)))
        let failed = found.filter { $0.failure != nil }.map(\.ticker)
        if !failed.isEmpty { throw CLIError.runtime("no closes were fetched for \(failed.joined(separator: ", ")); the table says why.") }
    }

    private func importCloses(_ arguments: ParsedArguments, io: CommandIO) throws {
        let path = arguments.positionals[0]
        let name = path == "-" ? "stdin" : path.escapedForTerminal
        let closes = try Self.closes(in: ImportCommand.input(path, name: name, readStandardInput: readStandardInput), name: name,
                                     ticker: try arguments[Self.ticker], today: io.today)
        let manager = try history()
        do throws(PriceHistoryError) {
            let imported = try manager.importCloses(closes)
            io.console.write("Imported \(Plural.count(imported.count, "close")) for \(Plural.brief(Set(imported.map(\.ticker)).sorted())) from \(name).\n")
        } catch let .invalidRows(errors, total) {
            throw ImportCommand.badRows(errors.map { ($0.line, $0.messages.joined(separator: "; ")) }, in: name, total: total)
        } catch {
            throw AnalyticsPresentation.cliError(error)
        }
    }

    /// `date,ticker,close`, or a download's `Date,Open,High,Low,Close,Adj Close,Volume` with `--ticker`
    /// (the Close column: splits are transactions of their own, so prices stay unadjusted).
    /// Read a record at a time, so a long file's rows are never all held.
    static func closes(in data: Data, name: String, ticker: String?, today: CalendarDay) throws -> CloseImport {
        var closes = CloseImport(today: today)
        var columns: (count: Int, date: Int, close: Int, ticker: Int?)?
        var problems: [(line: Int, message: String)] = []
        do {
            try data.withUnsafeBytes { raw in
                try CSV.forEachRecord(in: raw.bindMemory(to: UInt8.self)) { record in
                    guard let (count, date, close, tickerColumn) = columns else {
                        columns = try header(record.fields, name: name, ticker: ticker)
                        return
                    }
                    let fields = record.fields
                    guard fields.count == count else {
                        if problems.count < CloseImport.keptProblems { problems.append((record.line, "expected \(count) fields, found \(fields.count)")) }
                        return
                    }
                    closes.add(CloseRow(line: record.line, date: fields[date], ticker: tickerColumn.map { fields[$0] } ?? ticker ?? "", close: fields[close]))
                }
            }
        } catch let error as CSV.ParseError {
            throw CLIError.usage("\(name):\(error.line): \(error.message); nothing was imported.")
        }
        guard columns != nil else { throw CLIError.usage("\(name) is empty; expected a header: date,ticker,close.") }
        guard problems.isEmpty else { throw ImportCommand.badRows(problems, in: name) }
        return closes
    }

    private static func header(_ fields: [String], name: String, ticker: String?) throws -> (count: Int, date: Int, close: Int, ticker: Int?) {
        let names = fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let date = names.firstIndex(of: "date"), let close = names.firstIndex(of: "close") else {
            throw CLIError.usage("\(name):1: the header needs date,ticker,close, or a download's Date,Open,High,Low,Close,Adj Close,Volume with --ticker.")
        }
        let tickerColumn = names.firstIndex(of: "ticker")
        if tickerColumn == nil, ticker == nil {
            throw CLIError.usage("\(name):1: the file names no ticker; pass --ticker T for a download of one stock's prices.")
        }
        if tickerColumn != nil, ticker != nil {
            throw CLIError.usage("\(name):1: the file has a ticker column, so --ticker doesn't apply; leave it out.")
        }
        return (names.count, date, close, tickerColumn)
    }
}
