import Foundation
import TerminalKit
import ClientComposition
import FixedPoint
import LiveFeed

/// `invest feed`: live prices over one WebSocket. On a terminal, a full-screen view;
/// for scripts (or `--format ndjson`), one JSON line per update.
struct FeedCommand: Command {
    let stream: (_ source: String) throws -> PriceStreaming
    let terminal: () -> LiveTerminal?

    let spec = CommandSpec(
        name: "feed", summary: "Live prices over one WebSocket: a full-screen view, or JSON lines for scripts",
        options: [Self.symbolList, Self.source, Self.format, Self.duration, Self.count],
        arguments: [.optional("SYMBOL", completes: .ticker)])
    static let symbolList = CommandSpec.Value<String>("symbols", "A,B,…", "The symbols to follow (default: the feed's 25 stocks)")
    static let source = CommandSpec.Value<String>("source", "echo|finnhub",
                                                  "echo (default): made-up prices through INVEST_FEED_URL's echo server; finnhub: real trades (FINNHUB_API_KEY)") { source in
        guard source == "echo" || source == "finnhub" else {
            throw CLIError.usage("--source '\(source.escapedForTerminal)': use echo or finnhub." + ArgumentParser.suggestion(for: source, among: ["echo", "finnhub"]))
        }
        return source
    }
    static let format = CommandSpec.Value<String>("format", "table|ndjson",
                                                  "table: the live view on a terminal (default there); ndjson: a JSON line per update (default elsewhere)") { format in
        guard format == "table" || format == "ndjson" else { throw CLIError.usage("--format '\(format.escapedForTerminal)': use table or ndjson.") }
        return format
    }
    static let duration = CommandSpec.Value<TimeInterval>("duration", "S", "Stop after S seconds") { text in
        guard let seconds = Double(text), seconds > 0, seconds <= 86_400 * 365 else { throw CLIError.usage("--duration '\(text.escapedForTerminal)' is not a number of seconds above 0.") }
        return seconds
    }
    static let count = CommandSpec.Value<Int>("count", "N", "Stop after N updates") { text in
        guard let count = Int(text), count > 0 else { throw CLIError.usage("--count '\(text.escapedForTerminal)' is not a whole number above 0.") }
        return count
    }

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let source = try arguments[Self.source] ?? "echo"
        let symbols = try Self.symbols(arguments[Self.symbolList], detail: arguments.positionals.first, madeUp: source == "echo")
        let given = try arguments[Self.format]
        let format = given ?? "table"
        let terminal = terminal()
        if given == "table", terminal == nil {
            throw CLIError.usage("--format table is the live view, which needs a terminal; use --format ndjson (the default off a terminal) for a pipe or a file.")
        }
        let duration = try arguments[Self.duration]
        let count = try arguments[Self.count]
        let stream = try stream(source)
        if format == "table", let terminal {
            let page: FeedScreen.Page = arguments.positionals.first.map { _ in .details(symbols[0].symbol) } ?? .list
            return try LiveFeedView(terminal: terminal, stream: stream, symbols: symbols, colors: io.usesColor, page: page)
                .run(until: duration.map { Date().addingTimeInterval($0) }, count: count)
        }
        try streamLines(stream, symbols: symbols, until: duration.map { Date().addingTimeInterval($0) }, count: count, io: io)
    }

    /// `--symbols`, or the one SYMBOL whose details were asked for, or the catalog's 25. Prices
    /// that are `madeUp` (the echo source) exist only for the catalog's stocks: any other symbol
    /// would show an invented price, so it is refused.
    static func symbols(_ list: String?, detail: String?, madeUp: Bool) throws -> [FeedSymbol] {
        if let detail {
            let symbol = detail.uppercased()
            guard FeedCatalog.isSymbol(symbol) else { throw CLIError.usage("'\(detail.escapedForTerminal)' is not a ticker symbol.") }
            try checkStreamed(symbol, madeUp: madeUp)
            return [FeedCatalog.symbol(symbol)]
        }
        guard let list else { return FeedCatalog.defaults }
        let symbols = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).uppercased() }
        guard !symbols.isEmpty, symbols.count <= 200 else { throw CLIError.usage("--symbols takes 1 to 200 symbols, separated by commas.") }
        if let bad = symbols.first(where: { !FeedCatalog.isSymbol($0) }) { throw CLIError.usage("--symbols: '\(bad.escapedForTerminal)' is not a ticker symbol.") }
        for symbol in symbols { try checkStreamed(symbol, madeUp: madeUp) }
        var seen = Set<String>()
        return symbols.filter { seen.insert($0).inserted }.map(FeedCatalog.symbol)
    }

    static func checkStreamed(_ symbol: String, madeUp: Bool) throws {
        guard madeUp, !FeedCatalog.defaults.contains(where: { $0.symbol == symbol }) else { return }
        throw CLIError.usage("the echo feed streams only its \(FeedCatalog.defaults.count) stocks, and \(symbol.escapedForTerminal) is not one of them "
            + "(\(FeedCatalog.defaults.prefix(5).map(\.symbol).joined(separator: ", ")), …); '--source finnhub' streams real trades of any symbol.")
    }

    /// One JSON object per update, flushed as it comes; SIGINT or SIGTERM stops cleanly (exit 0).
    /// A first connection that fails is exit 1, with the reason.
    private func streamLines(_ stream: PriceStreaming, symbols: [FeedSymbol], until deadline: Date?, count: Int?, io: CommandIO) throws {
        var state = FeedState(symbols: symbols)
        var written = 0, connected = false, problem: String?
        StopSignals.install()
        defer { StopSignals.uninstall() }
        stream.run(symbols: symbols, giveUpIfNeverConnected: true, shouldStop: {
            StopSignals.isStopRequested || deadline.map { Date() >= $0 } ?? false || count.map { written >= $0 } ?? false
        }) { event in
            switch event {
            case .connected: connected = true
            case let .disconnected(reason): problem = reason
            case let .tick(tick):
                let previous = state.rows[tick.symbol]?.price
                state.apply(event)
                guard let row = state.rows[tick.symbol] else { return }
                let line = JSONValue.object([("symbol", .string(tick.symbol)), ("price", .text(tick.price.description)),
                                             ("previousPrice", .text(previous?.description)), ("direction", .text(row.direction?.rawValue)),
                                             ("timestamp", .string(StreamTimestamp.iso8601(tick.timestamp))), ("source", .string(tick.source.rawValue))])
                io.console.write(line.rendered().replacingOccurrences(of: "\n", with: "") + "\n")
                io.console.flush()
                written += 1
            case .connecting: break
            }
        }
        if !connected { throw CLIError.runtime("could not open the price feed: \(problem ?? "no connection").") }
    }
}

/// Times in JSON lines: ISO 8601 UTC with milliseconds.
enum StreamTimestamp {
    static func iso8601(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        return String(Timestamp.iso8601(date).dropLast()) + String(format: ".%03dZ", Int(((milliseconds % 1000) + 1000) % 1000))
    }
}
