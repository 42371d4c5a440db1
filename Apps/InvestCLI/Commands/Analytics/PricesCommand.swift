import Foundation
import AppSupport
import Transactions
import Analytics

/// `invest prices import FILE [--ticker T]`: daily closes from a file, all or nothing.
struct PricesCommand: Command {
    let history: () throws -> PriceHistoryManaging
    let readStandardInput: (_ limit: Int) -> Data
    /// A price file larger than this is not a price file.
    static let maximumBytes = 256 << 20
    let spec = CommandSpec(
        name: "prices", summary: "The daily closes every figure over time is valued with: import them from a file",
        usage: """
        prices import FILE|- [--ticker T]
               invest prices list [TICKER] [--format table|json|csv]
        """,
        options: [.value("ticker", "T", "import: the ticker of a download laid out Date,Open,High,Low,Close,Adj Close,Volume"),
                  .value("format", "table|json|csv", "list: output format (default: table)")] + CommandSpec.Option.tableLayout,
        positionals: 1...2)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let words = arguments.positionals
        switch words[0] {
        case "import":
            guard words.count == 2 else { throw CLIError.usage("usage: invest prices import FILE|- [--ticker T].") }
            try importFile(words[1], ticker: arguments.value("ticker"), io: io)
        case "list":
            let format = try OutputFormat.parse(arguments.value("format"))
            let manager = try history()
            let closes: PriceHistory
            do throws(PriceHistoryError) { closes = try manager.history() } catch { throw AnalyticsPresentation.cliError(error) }
            let tickers = words.count == 2 ? [TransactionValidator.normalizedTicker(words[1]) ?? words[1]] : closes.tickers
            var report = Report(columns: [.init(title: "DATE", key: "date", alignment: .left), .init(title: "TICKER", key: "ticker", alignment: .left),
                                          .init(title: "CLOSE", key: "close", alignment: .right)])
            for ticker in tickers { report.rows += closes.closes(of: ticker).map { [.text($0.day.iso), .text(ticker), .decimal($0.close)] } }
            if format == .table, report.rows.isEmpty { return io.console.write("No closes stored. Import some with 'invest prices import FILE'.\n") }
            io.console.write(report.render(format, style: try io.tableStyle(arguments, for: report)))
        default:
            throw CLIError.usage("'\(words[0].escapedForTerminal)' is not a prices action." + ArgumentParser.suggestion(for: words[0], among: ["import", "list"])
                + " See 'invest prices --help'.")
        }
    }

    private func importFile(_ path: String, ticker: String?, io: CommandIO) throws {
        let name = path == "-" ? "stdin" : path.escapedForTerminal
        let data: Data
        if path == "-" {
            data = readStandardInput(Self.maximumBytes + 1)
        } else {
            guard let read = FileManager.default.contents(atPath: path) else { throw CLIError.usage("\(name): no such file, or it can't be read.") }
            data = read
        }
        guard data.count <= Self.maximumBytes else { throw CLIError.usage("\(name) is larger than \(Self.maximumBytes >> 20) MB; that is not a price file.") }
        let rows = try Self.rows(in: data, name: name, ticker: ticker)
        let manager = try history()
        do throws(PriceHistoryError) {
            let imported = try manager.importCloses(rows, today: io.today)
            io.console.write("Imported \(Plural.count(imported.count, "close")) for \(Set(imported.map(\.ticker)).sorted().joined(separator: ", ")) from \(name).\n")
        } catch {
            if case let .invalidRows(errors) = error {
                let lines = errors.prefix(ImportCommand.shownProblems).map { "\(name):\($0.line): \($0.messages.joined(separator: "; ").escapedForTerminal)" }
                throw CLIError.usage("nothing was imported from \(name): \(Plural.count(errors.count, "problem")) to fix, then run again:\n"
                    + TransactionPresentation.indented(lines) + (errors.count > lines.count ? "\n  …and \(errors.count - lines.count) more" : ""))
            }
            throw AnalyticsPresentation.cliError(error)
        }
    }

    /// `date,ticker,close`, or a download's `Date,Open,High,Low,Close,Adj Close,Volume` with `--ticker`
    /// (the Close column: splits are transactions of their own, so prices stay unadjusted).
    static func rows(in data: Data, name: String, ticker: String?) throws -> [CloseRow] {
        var rows: [CloseRow] = []
        var problems: [(line: Int, message: String)] = []
        var columns: (date: Int, ticker: Int?, close: Int)?
        var width = 0
        do {
            try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                try CSV.forEachRecord(in: raw.bindMemory(to: UInt8.self)) { record in
                    guard let found = columns else {
                        let names = record.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                        width = names.count
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
                        columns = (date, tickerColumn, close)
                        return
                    }
                    let fields = record.fields
                    guard fields.count == width else { return problems.append((record.line, "expected \(width) fields, found \(fields.count)")) }
                    rows.append(CloseRow(line: record.line, date: fields[found.date], ticker: found.ticker.map { fields[$0] } ?? ticker ?? "",
                                         close: fields[found.close]))
                }
            }
        } catch let error as CSV.ParseError {
            throw CLIError.usage("\(name):\(error.line): \(error.message).")
        }
        guard columns != nil else { throw CLIError.usage("\(name) is empty; expected a header: date,ticker,close.") }
        guard problems.isEmpty else { throw ImportCommand.badRows(problems, in: name) }
        return rows
    }
}
