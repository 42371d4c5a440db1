import Foundation
import TerminalKit
import ClientComposition
import FixedPoint
import Savings

/// How `invest savings` words and lays out savings: money as "£1,234.56" (the symbol from
/// INVEST_CURRENCY), times as "27 Jul 2025, 14:30" in the user's time zone.
struct SavingsPresentation {
    let symbol: String
    let localTime: LocalTime

    func money(_ value: FixedDecimal) -> String { Formatted.money(value, symbol: symbol) }

    func moneyCell(_ value: FixedDecimal?) -> Cell { .decimal(value, shown: value.map(money) ?? "") }

    /// A value typed by the user: an amount, optionally with the currency symbol and thousands
    /// separators ("£1,234.56").
    func parseValue(_ text: String, option: String) throws -> FixedDecimal {
        var plain = text.trimmingCharacters(in: .whitespaces)
        if plain.hasPrefix(symbol) { plain.removeFirst(symbol.count) }
        let grouped = plain.split(separator: ".", maxSplits: 1).first.map { $0.contains(",") } ?? false
        if grouped {
            let whole = plain.split(separator: ".", maxSplits: 1)[0].split(separator: ",", omittingEmptySubsequences: false)
            guard whole.count > 1, (1...3).contains(whole[0].count), whole.dropFirst().allSatisfy({ $0.count == 3 }) else { throw badValue(text, option) }
            plain.removeAll { $0 == "," }
        }
        guard let value = FixedDecimal(plain) else { throw badValue(text, option) }
        return value
    }

    private func badValue(_ text: String, _ option: String) -> CLIError {
        .usage("\(option) '\(text.escapedForTerminal)' is not an amount; use a number such as 1234.56 (a \(symbol) and thousands commas are fine).")
    }

    func parseTime(_ text: String, option: String, now: Date) throws -> Date {
        guard let date = localTime.parse(text, now: now) else {
            throw CLIError.usage("\(option) '\(text.escapedForTerminal)' is not a time; use \"YYYY-MM-DD HH:MM\" (your local time), YYYY-MM-DD (its start) or now.")
        }
        return date
    }

    func error(_ error: SavingsError) -> CLIError {
        let message: String
        switch error {
        case let .invalidName(name):
            message = "'\(name.escapedForTerminal)' is not a valid account name: use 1–\(SavingsRules.maximumNameLength) characters, with no control characters."
        case let .nameTaken(name):
            message = "an account called '\(name.escapedForTerminal)' already exists (names ignore case); choose another name."
        case let .unknownAccount(name, known):
            message = "no savings account is called '\(name.escapedForTerminal)'." + ArgumentParser.suggestion(for: name, among: known)
                + (known.isEmpty ? " 'invest savings add NAME' creates one." : " 'invest savings' lists them.")
        case let .invalidValue(value):
            message = "\(value) is not a valid value: use an amount from 0 to \(money(SavingsRules.maximumValue)), with at most two decimal places."
        case let .futureTime(at, _):
            message = "\(localTime.dateAndTime(at)) is in the future; a value can be recorded for any time up to now."
        case let .accountClosed(name):
            message = "'\(name.escapedForTerminal)' is closed; reopen it first: invest savings reopen \(name.shellQuoted)"
        case let .alreadyClosed(name, at):
            message = "'\(name.escapedForTerminal)' was already closed on \(localTime.dateAndTime(at))."
        case let .notClosed(name):
            message = "'\(name.escapedForTerminal)' is not closed."
        case let .closesBeforeLatestUpdate(name, latest):
            message = "'\(name.escapedForTerminal)' has a value recorded on \(localTime.dateAndTime(latest)); close it then or later."
        case let .unknownUpdate(prefix):
            message = "no update's id starts with '\(prefix.escapedForTerminal)'; 'invest savings history NAME' shows the ids."
        case let .invalidCurrency(text):
            message = "'\(text.escapedForTerminal)' is not a currency: use its three-letter ISO 4217 code, such as EUR or USD."
        case let .ambiguousUpdate(prefix, matches):
            message = "'\(prefix.escapedForTerminal)' starts \(matches) updates' ids; give more of the id."
        case let .store(error):
            return .runtime(error.userMessage)
        case let .unreadable(error):
            return .runtime(error.userMessage)
        }
        return error.isUsageError ? .usage(message) : .runtime(message)
    }

    /// Every account: value, last update, status; the total of the active ones.
    func accountsReport(_ summary: SavingsSummary) -> Report {
        var report = Report(columns: [
            .init(title: "ACCOUNT", key: "name", alignment: .left), .init(title: "VALUE", key: "value", alignment: .right),
            .init(title: "UPDATED", key: "updatedAt", alignment: .left), .init(title: "STATUS", key: "status", alignment: .left),
            .init(title: "ID", key: "id", alignment: .left, visibility: .machineOnly),
            .init(title: "CREATED", key: "createdAt", alignment: .left, visibility: .machineOnly),
            .init(title: "CLOSED", key: "closedAt", alignment: .left, visibility: .wide),
        ])
        report.rows = summary.accounts.map { account in
            let update = summary.latestUpdates[account.id], value = update?.value ?? .zero
            return [.text(account.name), account.currency.map { .decimal(value, shown: "\(value.formatted(fractionDigits: 2)) \($0)") } ?? moneyCell(value),
                    .time(update?.at, shown: update.map { localTime.dateAndTime($0.at) } ?? "never"),
                    .text(account.isActive ? "active" : "closed"), .text(account.id), .time(account.createdAt, shown: ""),
                    .time(account.closedAt, shown: account.closedAt.map(localTime.dateAndTime) ?? "")]
        }
        // An account in another currency says so; the others are in the base currency.
        if summary.accounts.contains(where: { $0.currency != nil }) {
            report.append(.init(title: "CURRENCY", key: "currency", alignment: .left, visibility: .machineOnly),
                          cells: summary.accounts.map { .text($0.currency) })
        }
        return report
    }

    func historyReport(_ updates: [ValueUpdate]) -> Report {
        var report = Report(columns: [
            .init(title: "ID", key: "id", alignment: .left), .init(title: "WHEN", key: "at", alignment: .left),
            .init(title: "VALUE", key: "value", alignment: .right),
        ])
        report.rows = updates.reversed().map { [Cell(shown: String($0.id.prefix(8)), value: .text($0.id)), .time($0.at, shown: localTime.dateAndTime($0.at)), moneyCell($0.value)] }
        return report
    }

    func pointsReport(_ points: [ChartPoint]) -> Report {
        var report = Report(columns: [
            .init(title: "AT", key: "at", alignment: .left), .init(title: "VALUE", key: "value", alignment: .right),
            .init(title: "CHANGE", key: "isChange", alignment: .left),
        ])
        report.rows = points.map { [.time($0.at, shown: localTime.dateAndTime($0.at)), moneyCell($0.value), Cell(shown: $0.isChange ? "yes" : "", value: .bool($0.isChange))] }
        return report
    }

    func plot(_ points: [ChartPoint], markChanges: Bool) -> Plot {
        Plot(points: points.map { Plot.Point(at: $0.at, value: $0.value, marked: markChanges && $0.isChange) },
             valueLabel: { Formatted.shortMoney($0, symbol: symbol) }, timeLabel: localTime.date)
    }
}
