import Foundation
import TerminalKit
import Ledger
import ClientComposition
import Savings

/// `invest savings demo`: a worked example of three accounts in a throwaway home, shown through the
/// real commands, so the numbers can be checked by hand.
struct SavingsDemo {
    let context: InvestContext

    func run(set: Int, io: CommandIO) throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("invest-savings-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: home) }
        var context = context
        context.environment["INVEST_HOME"] = home.path
        let now = context.now()
        var script: [[String]] = []
        let rows: [SavingsSampleSets.Row]
        if set == 3 {
            let sample = SavingsSampleSets.set3(now: now, timeZone: context.timeZone)
            script += sample.accounts.map { ["savings", "add", $0.name, "--at", Timestamp.iso8601($0.createdAt)] }
            rows = sample.rows
            io.console.write("Sample set 3 in a throwaway home (\(home.path)), removed afterwards: two accounts worth £100 more each month, "
                + "on the 1st at 10:00 and on the 15th at 14:00, for the six months after they opened; updates after now are skipped.\n")
        } else {
            rows = SavingsSampleSets.set2(now: now, timeZone: context.timeZone)
            io.console.write("Sample set 2 in a throwaway home (\(home.path)), removed afterwards: six accounts over two years.\n")
        }
        let file = home.appendingPathComponent("set\(set).csv")
        let csv = "account,timestamp,value\n" + rows.map { "\(CSV.quote($0.account)),\(Timestamp.iso8601($0.at)),\($0.value)\n" }.joined()
        try Data(csv.utf8).write(to: file)
        let first = rows.first?.account ?? ""
        script += [["savings", "import", file.path], ["savings"], ["savings", "history", first], ["savings", "chart", first], ["savings", "chart"]]
        for step in script {
            io.console.write("\n$ invest \(step.map { $0.contains(" ") || $0.contains("&") ? "'\($0)'" : $0 }.joined(separator: " "))\n")
            let status = Invest.run(step, context: context)
            if status != ExitCode.success { io.console.write("(exit \(status))\n") }
        }
    }
}
