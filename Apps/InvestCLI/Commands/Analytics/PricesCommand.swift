import Foundation
import AppSupport
import Transactions
import Analytics

/// `invest prices import FILE [--ticker T]`: daily closes from a file, all or nothing.
struct PricesCommand: Command {
    let history: () throws -> PriceHistoryManaging
    let readStandardInput: (_ limit: Int) -> Data
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
        let records = try ImportCommand.csvRecords(ImportCommand.input(path, name: name, readStandardInput: readStandardInput), name: name)
        let rows = try Self.rows(records, name: name, ticker: ticker)
        let manager = try history()
        do throws(PriceHistoryError) {
            let imported = try manager.importCloses(rows, today: io.today)
            io.console.write("Imported \(Plural.count(imported.count, "close")) for \(Set(imported.map(\.ticker)).sorted().joined(separator: ", ")) from \(name).\n")
        } catch {
            if case let .invalidRows(errors) = error {
                throw ImportCommand.badRows(errors.map { ($0.line, $0.messages.joined(separator: "; ")) }, in: name)
            }
            throw AnalyticsPresentation.cliError(error)
        }
    }

    /// `date,ticker,close`, or a download's `Date,Open,High,Low,Close,Adj Close,Volume` with `--ticker`
    /// (the Close column: splits are transactions of their own, so prices stay unadjusted).
    static func rows(_ records: [CSV.Record], name: String, ticker: String?) throws -> [CloseRow] {
        guard let header = records.first else { throw CLIError.usage("\(name) is empty; expected a header: date,ticker,close.") }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
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
        var rows: [CloseRow] = []
        var problems: [(line: Int, message: String)] = []
        for record in records.dropFirst() {
            let fields = record.fields
            guard fields.count == names.count else {
                problems.append((record.line, "expected \(names.count) fields, found \(fields.count)"))
                continue
            }
            rows.append(CloseRow(line: record.line, date: fields[date], ticker: tickerColumn.map { fields[$0] } ?? ticker ?? "", close: fields[close]))
        }
        guard problems.isEmpty else { throw ImportCommand.badRows(problems, in: name) }
        return rows
    }
}
