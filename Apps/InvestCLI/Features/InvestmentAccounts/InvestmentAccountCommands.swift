import Foundation
import TerminalKit
import ClientComposition
import InvestmentAccounts

/// `invest account …`: the accounts transactions belong to. Not the sign-in account: that is
/// `invest whoami`.
struct InvestmentAccountCommands {
    let accounts: () throws -> AccountsManaging

    var group: CommandGroup {
        CommandGroup("account", summary: "Your accounts (taxable, ISA, IRA, 401(k), pension): add, list, rename, close",
                     discussion: "Every transaction belongs to one; without 'invest --account NAME' a new one goes into 'default', "
                        + "and every read combines them all.", default: "list", [
            Subcommand(CommandSpec(name: "account add", summary: "Add an account",
                                   options: [Self.kind],
                                   arguments: [.required("NAME")]), add),
            Subcommand(CommandSpec(name: "account list", summary: "List the accounts, the default one first", options: [StandardOptions.format]), list),
            Subcommand(CommandSpec(name: "account rename", summary: "Rename an account; its transactions stay in it", options: [],
                                   arguments: [.required("NAME"), .required("NEW-NAME")]), rename),
            Subcommand(CommandSpec(name: "account close", summary: "Close an account: its history stays, and it takes no new transactions", options: [],
                                   arguments: [.required("NAME")]), close),
        ])
    }

    private static let kind = CommandSpec.Value<AccountKind>("kind", AccountKind.allCases.map(\.rawValue).joined(separator: "|"), "What sort of account (default: taxable)") { text in
        guard let kind = AccountKind(rawValue: text.lowercased()) else {
            throw CLIError.usage("--kind '\(text.escapedForTerminal)' is not one of \(AccountKind.allCases.map(\.rawValue).joined(separator: ", "))."
                + ArgumentParser.suggestion(for: text.lowercased(), among: AccountKind.allCases.map(\.rawValue)))
        }
        return kind
    }

    private func add(_ arguments: ParsedArguments, io: CommandIO) throws {
        let kind = try arguments[Self.kind] ?? .taxable
        let manager = try accounts()
        let account = try presented(AccountsPresentation.cliError) { () throws(AccountsError) in try manager.add(name: arguments.positionals[0], kind: kind) }
        io.console.write("Added the \(account.kind.label) account '\(account.name.escapedForTerminal)'. Record into it with: invest --account \(account.name.shellQuoted) add …\n")
    }

    private func list(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[StandardOptions.format] ?? .table
        let manager = try accounts()
        let all = try presented(AccountsPresentation.cliError) { () throws(AccountsError) in try manager.all() }
        var report = Report(columns: [.init(title: "NAME", key: "name", alignment: .left), .init(title: "KIND", key: "kind", alignment: .left),
                                      .init(title: "STATUS", key: "status", alignment: .left), .init(title: "CLOSED", key: "closedAt", alignment: .left, visibility: .machineOnly),
                                      .init(title: "ID", key: "id", alignment: .left, visibility: .machineOnly)])
        report.rows = all.map { account in
            [.text(account.name), .text(account.kind.label), .text(account.isClosed ? "closed" : "open"), .time(account.closedAt, shown: ""), .text(account.id)]
        }
        io.console.write(report.render(format, colors: io.usesColor))
    }

    private func rename(_ arguments: ParsedArguments, io: CommandIO) throws {
        let manager = try accounts()
        let renamed = try presented(AccountsPresentation.cliError) { () throws(AccountsError) in try manager.rename(arguments.positionals[0], to: arguments.positionals[1]) }
        io.console.write("Renamed the account '\(arguments.positionals[0].escapedForTerminal)' to '\(renamed.name.escapedForTerminal)'; its transactions stay in it.\n")
    }

    private func close(_ arguments: ParsedArguments, io: CommandIO) throws {
        let manager = try accounts()
        let closed = try presented(AccountsPresentation.cliError) { () throws(AccountsError) in try manager.close(arguments.positionals[0]) }
        io.console.write("Closed the account '\(closed.name.escapedForTerminal)'; its history stays and still counts.\n")
    }

}
