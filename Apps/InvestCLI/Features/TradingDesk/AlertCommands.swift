import Foundation
import TerminalKit
import ClientComposition
import FixedPoint
import CurrentPrices
import TradingDesk
import Transactions

/// `invest alert …`: price alerts, one condition each, and a check against live prices that a
/// script or cron acts on by its exit code.
struct AlertCommands {
    let alerts: () throws -> AlertsManaging
    let check: () throws -> AlertsChecking
    let quote: () throws -> PriceLoader
    let environment: [String: String]

    static let legacySpellings = [LegacySpelling(old: ["alerts", "check"], new: ["alert", "check"]),
                                  LegacySpelling(old: ["alerts"], new: ["alert", "list"])]

    /// How long one --notify command may run before it is stopped.
    static let notifyTimeout: TimeInterval = 30

    /// One option per condition (`AlertCondition.names`); an alert has exactly one.
    private static let conditions = [
        CommandSpec.Value<String>("above", "P", "Fire when the price is at or above P").required(),
        CommandSpec.Value<String>("below", "P", "Fire when the price is at or below P").required(),
        CommandSpec.Value<String>("move", "PCT", "Fire when the day's change goes past ±PCT %").required(),
        CommandSpec.Value<String>("loss", "PCT", "Fire when your position's unrealized loss reaches PCT % of its cost").required(),
        CommandSpec.Value<String>("weight", "PCT", "Fire when the holding reaches PCT % of the portfolio's value").required(),
    ]
    private static let repeats = CommandSpec.Flag("repeat", "Fire at every check the condition holds, not once until re-armed")
    private static let force = CommandSpec.Flag("force", "Keep the alert even when the quote service doesn't know the symbol")
    private static let notify = CommandSpec.Value<String>("notify", "CMD", "Run CMD (with /bin/sh) for each fired alert, its details in INVEST_ALERT_* variables")

    var group: CommandGroup {
        CommandGroup("alert", summary: "Price alerts: add, list, and check them against live prices (exit 3 when one fires)", default: "list", [
            Subcommand(CommandSpec(name: "alert add", summary: "Add an alert with one condition",
                                   options: Self.conditions + [Self.repeats, Self.force],
                                   exclusive: [Self.conditions],
                                   arguments: [.required("TICKER", completes: .ticker)]), add),
            Subcommand(CommandSpec(name: "alert list", summary: "List the alerts and their state", options: [StandardOptions.format] + TableOptions.all), list),
            Subcommand(CommandSpec(name: "alert check", summary: "Check the alerts against live prices: exit 3 when one fires, 1 when one can't be checked",
                                   options: [Self.notify, StandardOptions.format]),
                       runCheck),
            Subcommand(CommandSpec(name: "alert remove", summary: "Remove an alert", options: [], arguments: [.required("ID")]), remove),
            Subcommand(CommandSpec(name: "alert rearm", summary: "Re-arm an alert that fired", options: [], arguments: [.required("ID")]), rearm),
        ])
    }

    private func add(_ arguments: ParsedArguments, io: CommandIO) throws {
        let alerts = try alerts()
        // The parser lets exactly one through.
        guard let condition = Self.conditions.first(where: { arguments.isGiven($0) }) else {
            throw CLIError.usage("give exactly one condition: --above P, --below P, --move PCT, --loss PCT or --weight PCT.")
        }
        let threshold = try arguments[required: condition]
        let name = condition.option.name
        if !arguments[Self.force], let ticker = TransactionValidator.normalizedTicker(arguments.positionals[0]) { try checkQuoted(ticker, io: io) }
        let alert: PriceAlert
        do throws(AlertsError) {
            alert = try alerts.add(ticker: arguments.positionals[0], condition: name, threshold: threshold, repeats: arguments[Self.repeats])
        } catch let .invalidThreshold(text) {
            throw CLIError.usage("--\(name) '\(text.escapedForTerminal)' must be a number greater than 0.")
        } catch {
            throw DeskPresentation.cliError(error)
        }
        io.console.write("Alert \(alert.id.prefix(8)): \(presenter(io).alertSummary(alert)).\n")
    }

    /// An alert on a symbol the quote service doesn't know could never be judged: refused unless
    /// --force. When the service can't be asked, the alert is kept, saying so.
    private func checkQuoted(_ ticker: String, io: CommandIO) throws {
        let loader = try quote()
        do throws(PriceLoadingError) {
            _ = try loader.loadPrice(for: ticker)
        } catch .unknownSymbol {
            throw CLIError.usage("the quote service doesn't know \(ticker), so this alert could never be checked. "
                + "Check the symbol ('invest stock search'), or pass --force to keep it anyway.")
        } catch .notInSamplePrices {
            throw CLIError.usage("no FINNHUB_API_KEY is configured, so \(ticker) can't be confirmed, and alerts are checked on live prices only. "
                + "Set a key with 'invest config set FINNHUB_API_KEY', or pass --force to keep it anyway.")
        } catch {
            io.console.writeNotice("invest: warning: could not confirm that the quote service knows \(ticker) (\(error.userMessage)); the alert is kept.\n")
        }
    }

    private func remove(_ arguments: ParsedArguments, io: CommandIO) throws {
        let alerts = try alerts(), id = arguments.positionals[0]
        try DeskPresentation.alerting { () throws(AlertsError) in try alerts.remove(id: id) }
        io.console.write("Removed the alert \(id.escapedForTerminal).\n")
    }

    private func rearm(_ arguments: ParsedArguments, io: CommandIO) throws {
        let alerts = try alerts(), id = arguments.positionals[0]
        let alert = try DeskPresentation.alerting { () throws(AlertsError) in try alerts.rearm(id: id) }
        io.console.write("Re-armed \(alert.id.prefix(8)): \(presenter(io).alertSummary(alert)).\n")
    }

    private func presenter(_ io: CommandIO) -> DeskPresentation { DeskPresentation(now: io.now, localTime: io.localTime) }

    private func list(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[StandardOptions.format] ?? .table
        let all = try DeskPresentation.alerts(alerts)
        if format == .table, all.isEmpty { return io.console.write("No alerts. Add one with 'invest alert add TICKER --above P'.\n") }
        let report = report(all, presenter: presenter(io))
        io.console.write(report.render(format, style: try io.tableStyle(arguments, for: report)))
    }

    private func runCheck(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[StandardOptions.format] ?? .table
        let presenter = presenter(io)
        let checking = try check()
        let result: AlertCheck
        do throws(CheckAlertsError) {
            result = try checking.check()
        } catch {
            switch error {
            case let .alerts(failure): throw DeskPresentation.cliError(failure)
            case let .retrieval(failure): throw TransactionPresentation.error(failure)
            case let .conversion(failure): throw failure.cliError
            }
        }
        // On stderr even under --quiet, as cron's mail is where a failed check is seen.
        for unchecked in result.unchecked {
            io.console.writeError("invest: alert \(unchecked.alert.id.prefix(8)) on \(unchecked.alert.ticker) was not checked: \(Self.why(unchecked.reason)).\n")
        }
        if format == .table {
            if result.fired.isEmpty {
                io.console.write(result.unchecked.isEmpty ? "Checked \(Plural.count(result.armed, "alert")); none fired.\n" : "")
            } else {
                io.console.write(result.fired.map { "FIRED \($0.id.prefix(8))  \(presenter.alertSummary($0))\n" }.joined())
            }
        } else {
            io.console.write(report(result.fired, presenter: presenter).render(format, colors: false))
        }
        if let command = try arguments[Self.notify] {
            for alert in result.fired { notify(command, alert, presenter: presenter, io: io) }
        }
        // Any alert that could not be judged fails the check, even when others fired: "fired" or
        // "nothing fired" would each claim to know about it.
        if !result.unchecked.isEmpty {
            let fired = result.fired.isEmpty ? "nothing is known to have fired" : "\(Plural.count(result.fired.count, "other")) fired (above)"
            throw CLIError.runtime("\(Plural.count(result.unchecked.count, "alert")) could not be checked against a live price; \(fired).")
        }
        if !result.fired.isEmpty { throw CLIError.finding(ExitCode.alertsFired) }
    }

    private static func why(_ reason: AlertCheck.Unchecked.Reason) -> String {
        switch reason {
        case let .noPrice(failure): "no price: \(failure.userMessage)"
        case .notLive(.cached): "only a cached price from earlier, which never fires an alert"
        case .notLive(.manual): "only a manual price, which never fires an alert"
        case .notLive(.keptClose): "only a kept close, which never fires an alert"
        case .notLive(.sample): "only a sample price (no FINNHUB_API_KEY configured), which never fires an alert"
        case .notLive(.live): "no live price"
        }
    }

    private func report(_ alerts: [PriceAlert], presenter: DeskPresentation) -> Report {
        var report = Report(columns: [
            .init(title: "ID", key: "id", alignment: .left), .init(title: "TICKER", key: "ticker", alignment: .left),
            .init(title: "CONDITION", key: "condition", alignment: .left), .init(title: "THRESHOLD", key: "threshold", alignment: .right, visibility: .machineOnly),
            .init(title: "STATE", key: "state", alignment: .left), .init(title: "FIRED AT", key: "firedAt", alignment: .left, visibility: .machineOnly),
            .init(title: "PRICE", key: "firedPrice", alignment: .right, visibility: .machineOnly),
            .init(title: "MEASURED", key: "measured", alignment: .right, visibility: .machineOnly),
            .init(title: "REPEAT", key: "repeat", alignment: .left, visibility: .machineOnly)])
        report.rows = alerts.map { alert in
            [Cell(shown: String(alert.id.prefix(8)), value: .string(alert.id)), .text(alert.ticker),
             Cell(shown: DeskPresentation.condition(alert.condition), value: .string(alert.condition.name)), .decimal(alert.condition.threshold),
             Cell(shown: presenter.state(alert), value: .string(alert.fired == nil ? "armed" : "fired")),
             .time(alert.fired?.at, shown: ""), .decimal(alert.fired?.price), .decimal(alert.fired?.measured),
             Cell(shown: alert.repeats ? "yes" : "no", value: .bool(alert.repeats))]
        }
        return report
    }

    /// Runs the user's command for one fired alert, with only its `INVEST_ALERT_*` variables and
    /// a minimal environment. Its failure is reported, never fatal: the alert fired either way, and
    /// the exit code says so.
    private func notify(_ command: String, _ alert: PriceAlert, presenter: DeskPresentation, io: CommandIO) {
        guard let fired = alert.fired else { return }
        let variables = [
            "INVEST_ALERT_ID": alert.id, "INVEST_ALERT_TICKER": alert.ticker, "INVEST_ALERT_CONDITION": alert.condition.name,
            "INVEST_ALERT_THRESHOLD": alert.condition.threshold.description, "INVEST_ALERT_PRICE": fired.price.description,
            "INVEST_ALERT_MEASURED": fired.measured.description, "INVEST_ALERT_FIRED_AT": Timestamp.iso8601(fired.at),
            "INVEST_ALERT_MESSAGE": presenter.alertSummary(alert),
        ]
        switch HookProcess(timeout: Self.notifyTimeout).run(command, variables: variables, environment: environment) {
        case .exited(0): break
        case let .exited(status):
            io.console.writeNotice("invest: warning: --notify for alert \(alert.id.prefix(8)) exited with status \(status).\n")
        case .stopped:
            io.console.writeNotice("invest: warning: --notify for alert \(alert.id.prefix(8)) ran over \(Int(Self.notifyTimeout)) s and was stopped.\n")
        case .couldNotStart:
            io.console.writeNotice("invest: warning: --notify could not start /bin/sh.\n")
        }
    }
}
