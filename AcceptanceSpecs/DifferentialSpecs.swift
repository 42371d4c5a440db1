import XCTest
import InvestCLITestSupport
import TestSupport
import TransactionsTestSupport

/// Seeded random use of the real client: every type, back-dated, edits of old and first records
/// (new notes among them), deletes, undo, transfers, imports, `--account` and many records on one
/// day. After every step the answers read from the checkpoints must equal those of a copy of the
/// data directory without them, which rebuilds every answer from the log.
///
/// CI runs a few hundred steps; `scripts/differential STEPS SEED` runs thousands
/// (`INVEST_DIFFERENTIAL_STEPS`, `INVEST_DIFFERENTIAL_SEED`).
final class DifferentialSpecs: XCTestCase {
    func test_randomOperations_answerFromTheCheckpoints_asARebuildOfTheSameLogDoes() throws {
        let environment = ProcessInfo.processInfo.environment
        let steps = environment["INVEST_DIFFERENTIAL_STEPS"].flatMap(Int.init) ?? 200
        let seed = environment["INVEST_DIFFERENTIAL_SEED"].flatMap(UInt64.init) ?? 61
        var random = RandomHistory(seed: seed)
        let invest = makeInvestDriver()
        for name in ["isa", "sipp"] { XCTAssertEqual(invest.run(["account", "add", name]).status, 0) }
        var accepted = 0, compared = 0
        for step in 0..<steps {
            let operation = try randomOperation(&random, invest: invest, step: step)
            let run = invest.run(operation)
            if run.status == 0 { accepted += 1 }
            XCTAssertNotEqual(run.status, 1, "step \(step) \(operation): \(run.errors)")
            guard step % 2 == 1 || step == steps - 1 else { continue }
            try assertAnswersEqualARebuild(invest, "seed \(seed), step \(step), after \(operation)")
            compared += 1
        }
        XCTAssertGreaterThan(accepted, steps / 2, "most operations are accepted, so the history grows")
        XCTAssertGreaterThan(compared, steps / 3)
    }

    // MARK: - Helpers

    private static let reads = [["portfolio", "--offline", "--by", "account", "--format", "json"],
                                ["portfolio", "--offline", "--cost-basis", "fifo", "--format", "json"],
                                ["gains", "--format", "json"], ["gains", "--cost-basis", "average", "--format", "csv"],
                                ["cash", "--format", "json"], ["--account", "isa", "portfolio", "--offline", "--format", "json"],
                                ["list", "-n", "5", "--format", "json"],
                                ["add", "--type", "sell", "--ticker", "AAA", "--quantity", "7", "--sum", "1", "--date", "2024-03-01"]]

    private func assertAnswersEqualARebuild(_ invest: InvestDriver, _ when: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let twin = InvestDriver(home: makeTemporaryDirectory().appendingPathComponent("rebuilt"))
        try FileManager.default.copyItem(at: invest.home, to: twin.home)
        try? FileManager.default.removeItem(at: twin.home.appendingPathComponent("checkpoints"))
        // The trial sell is read last in both: a write, it is taken back at once.
        for read in Self.reads {
            let (checkpointed, rebuilt) = (invest.run(read), twin.run(read))
            XCTAssertEqual(checkpointed.status, rebuilt.status, "\(when): \(read)", file: file, line: line)
            // A trial sell saved in each gets an id of its own.
            let withoutIDs = { (output: String) in read.first == "add" ? output.split(separator: " ").dropFirst(2).joined(separator: " ") : output }
            XCTAssertEqual(withoutIDs(checkpointed.output), withoutIDs(rebuilt.output), "\(when): \(read)", file: file, line: line)
            XCTAssertEqual(checkpointed.errors, rebuilt.errors, "\(when): \(read)", file: file, line: line)
            if read.first == "add", checkpointed.status == 0 { XCTAssertEqual(invest.run(["undo"]).status, 0, when, file: file, line: line) }
        }
    }

    private func randomOperation(_ random: inout RandomHistory, invest: InvestDriver, step: Int) throws -> [String] {
        // Fifteen days, most records on a few of them; back-dated as often as not.
        let date = "2024-02-\(String(format: "%02d", 1 + random.below(4) * random.below(5)))"
        let ticker = random.pick(["AAA", "BBB", "CCC"])
        let account = random.pick([[], [], ["--account", "isa"], ["--account", "sipp"]])
        let quantity = String(1 + random.below(6)), sum = String(10 + random.below(200))
        switch random.below(20) {
        case 0...1: return account + ["add", "--type", "deposit", "--sum", String(500 + random.below(500)), "--date", date]
        case 2...5: return account + ["add", "--type", "buy", "--ticker", ticker, "--quantity", quantity, "--sum", sum, "--date", date]
        case 6...8: return account + ["add", "--type", "sell", "--ticker", ticker, "--quantity", quantity, "--sum", sum, "--date", date]
        case 9: return account + ["add", "--type", random.pick(["dividend", "fee"]), "--ticker", ticker, "--sum", String(1 + random.below(20)), "--date", date]
        case 10: return account + ["add", "--type", random.pick(["withdrawal", "fee", "interest"]), "--sum", String(1 + random.below(30)), "--date", date]
        case 11: return ["add", "--type", "split", "--ticker", ticker, "--ratio", random.pick(["2:1", "1:2", "3:1"]), "--date", date]
        case 12:
            let (from, to) = random.pick([("default", "isa"), ("isa", "sipp"), ("sipp", "isa"), ("isa", "default")])
            return ["transfer", "--from", from, "--to", to, "--ticker", ticker, "--quantity", quantity, "--date", date]
        case 13: return ["transfer", "--to", random.pick(["isa", "sipp"]), "--sum", sum, "--date", date]
        case 14:
            return account + ["add", "--type", "fx", "--sum", sum, "--currency", "USD", "--to-sum", String(Int(sum)! * 4 / 5), "--to-currency", "GBP",
                              "--date", date]
        case 15, 16:
            let ids = invest.ids()
            guard !ids.isEmpty else { return ["undo"] }
            // Old and first records as often as new ones.
            let id = random.pick([ids[0], ids[ids.count - 1], ids[random.below(ids.count)]])
            return ["edit", id] + random.pick([["--note", "checked \(step)"], ["--note", "again \(step)"], ["--sum", sum], ["--date", date], ["--quantity", quantity]])
        case 17:
            let ids = invest.ids()
            guard !ids.isEmpty else { return ["undo"] }
            return ["delete", ids[random.below(ids.count)], "--yes"]
        case 18: return ["undo"]
        default:
            let file = invest.home.appendingPathComponent("import-\(step).csv")
            let rows = (0..<(1 + random.below(4))).map { _ in
                "\(date),\(random.pick(["buy", "buy", "sell", "deposit"])),\(ticker),\(quantity),\(sum)"
            }.map { $0.replacingOccurrences(of: ",deposit,\(ticker),\(quantity),", with: ",deposit,,,") }
            try Data((["date,type,ticker,quantity,sum"] + rows).joined(separator: "\n").utf8).write(to: file)
            return account + ["import", file.path]
        }
    }
}

private extension RandomHistory {
    mutating func below(_ bound: Int) -> Int { next(below: bound) }

    mutating func pick<T>(_ choices: [T]) -> T { choices[next(below: choices.count)] }
}
