import Foundation
import TerminalKit
import ClientComposition
import LiveFeed

/// `invest open stocks://symbol/AAPL`: the feed's deep link. On a terminal it opens the symbol's
/// live details; elsewhere it prints what is known about the symbol.
struct OpenCommand: Command {
    let feed: FeedCommand

    let spec = CommandSpec(name: "open", summary: "Open a stocks://symbol/SYMBOL link: the symbol's live details",
                           options: [Self.format],
                           arguments: [.required("stocks://symbol/SYMBOL")])

    static let format = CommandSpec.Value<OutputFormat>.format("Output format when not on a terminal (default: table)")

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let link = arguments.positionals[0]
        guard let symbol = FeedDeepLink.symbol(in: link) else {
            throw CLIError.usage("'\(link.escapedForTerminal)' is not a link invest opens; use stocks://symbol/SYMBOL, e.g. stocks://symbol/AAPL.")
        }
        try FeedCommand.checkStreamed(symbol.uppercased(), madeUp: true)
        let format = try arguments[Self.format] ?? .table
        if format == .table, feed.terminal() != nil {
            return try feed.run(try ArgumentParser.parse([symbol], for: feed.spec), io: io)
        }
        let details = FeedCatalog.symbol(symbol)
        var report = Report(columns: [.init(title: "SYMBOL", key: "symbol", alignment: .left), .init(title: "NAME", key: "name", alignment: .left),
                                      .init(title: "DESCRIPTION", key: "description", alignment: .left)])
        report.rows = [[.text(details.symbol), .text(details.name), .text(details.description.isEmpty ? nil : details.description)]]
        io.console.write(report.renderResult(format, colors: io.usesColor))
    }
}
