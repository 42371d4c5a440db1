import Foundation
import TerminalKit
import ClientComposition
import FixedPoint
import Currencies
import NetWorth

/// How a net worth is shown: exact values in JSON and CSV, two decimals in a table.
struct NetWorthPresentation {
    let netWorth: NetWorth
    let names: AccountsView

    private var base: String { netWorth.base.code }

    func items() -> Report {
        var report = Report(columns: [
            .init(title: "KIND", key: "kind", alignment: .left), .init(title: "ACCOUNT", key: "account", alignment: .left),
            .init(title: "NAME", key: "name", alignment: .left), .init(title: "AMOUNT", key: "amount", alignment: .right),
            .init(title: "CURRENCY", key: "currency", alignment: .left), .init(title: "RATE", key: "rate", alignment: .right),
            .init(title: "VALUE (\(base))", key: "value", alignment: .right),
            .init(title: "RATE DATE", key: "rateDate", alignment: .left, visibility: .machineOnly)])
        report.rows = netWorth.items.map { item in
            [.text(item.kind.rawValue), .text(account(of: item)), .text(item.name), .money(item.amount), .text(item.currency.code),
             .decimal(item.rate?.rate, shown: item.rate.map { $0.rate.description } ?? ""), .money(item.value), .text(item.rate?.day.iso)]
        }
        return report
    }

    func totals(by grouping: NetWorth.Grouping) -> Report {
        var report = Report(columns: [.init(title: grouping.rawValue.uppercased(), key: grouping.rawValue, alignment: .left),
                                      .init(title: "VALUE (\(base))", key: "value", alignment: .right)])
        report.rows = netWorth.totals(by: grouping).map { key, value in
            [.text(grouping == .account && key != "savings" ? names.name(of: key.isEmpty ? nil : key) : key), .money(value)]
        }
        return report
    }

    var totalLine: String {
        "Net worth \(netWorth.total.formatted(fractionDigits: 2)) \(base) on \(netWorth.day.iso)"
            + (netWorth.unvalued.isEmpty ? "" : ", leaving out \(netWorth.unvalued.count) without a price or rate") + ".\n"
    }

    func document(report: Report, grouping: NetWorth.Grouping?) -> JSONValue {
        JSON.document([("base", .string(base)), ("day", .string(netWorth.day.iso)), ("total", .text(netWorth.total.description)),
                       (grouping.map { "by\($0.rawValue.capitalized)" } ?? "items", report.json),
                       ("unvalued", .array(netWorth.unvalued.map { .string("\($0.kind.rawValue) \($0.name)") }))])
    }

    /// What the total leaves out, and how to count it.
    var unvaluedWarnings: [String] {
        let noRate = netWorth.unvalued.filter { $0.rate == nil }
        let currencies = Set(noRate.map(\.currency.code)).sorted()
        return currencies.isEmpty ? [] : ["no \(currencies.joined(separator: ", ")) → \(base) rate is kept for \(netWorth.day.iso); "
            + "\(noRate.map(\.name).joined(separator: ", ")) left out. Run 'invest rate fetch \(currencies.joined(separator: " "))' online."]
    }

    private func account(of item: NetWorthItem) -> String {
        item.kind == .savings ? "savings" : names.name(of: item.account)
    }
}
