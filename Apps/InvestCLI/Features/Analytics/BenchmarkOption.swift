import TerminalKit
import ClientComposition
import Transactions
import Analytics
import CurrentPrices

/// `--benchmark SYMBOL`, else `INVEST_BENCHMARK`: the comparison `returns` and `performance`
/// both show, from the benchmark's closes over the window, kept or fetched (kept only offline).
struct BenchmarkOption {
    let history: (_ offline: Bool) throws -> TickerHistoryLoading
    let configured: () -> String?

    static let option = CommandSpec.Value<String>("benchmark", "SYMBOL", "Compare with this ticker, time- and money-weighted (default: INVEST_BENCHMARK)",
                                                  completes: .ticker)

    func comparison(_ arguments: ParsedArguments, _ returns: Returns) throws -> BenchmarkComparison? {
        guard let given = try arguments[Self.option] ?? configured() else { return nil }
        guard let symbol = TransactionValidator.normalizedTicker(given) else {
            throw CLIError.usage("'\(given.escapedForTerminal)' is not a ticker to compare with; give one such as SPY or VWRL.L.")
        }
        let found: TickerHistory
        let loader = try history(arguments[WindowOptions.offline])
        do throws(PriceHistoryError) {
            found = try loader.history(of: symbol, from: BenchmarkComparison.firstCloseNeeded(for: returns), to: returns.to)
        } catch {
            throw AnalyticsPresentation.cliError(error)
        }
        guard let comparison = BenchmarkComparison.compare(returns, with: symbol, closes: PriceHistory(found.closes)) else {
            let why = found.providerFailure.map { " " + AnalyticsPresentation.candlesProblem($0) } ?? ""
            throw CLIError.runtime("no close of \(symbol) up to \(returns.to.iso) is kept or could be fetched.\(why) "
                + "'invest price fetch \(symbol) --from \(returns.from.iso)' fetches them, or 'invest price import' reads them from a file.")
        }
        return comparison
    }
}
