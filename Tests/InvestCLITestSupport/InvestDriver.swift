import Foundation
import TerminalKit
import ClientComposition
import XCTest
import InvestCLI
import InvestSummaryCLI
import TestSupport

/// A console that records what the CLI printed and answers prompts from a script.
public final class ScriptedConsole: Console {
    public private(set) var output = ""
    public private(set) var errors = ""
    public private(set) var prompts: [String] = []
    private var answers: [String]
    public let isInteractive: Bool
    public let isTerminalOutput = false
    public let terminalWidth: Int? = nil

    public init(answers: [String] = [], interactive: Bool = false) {
        self.answers = answers
        self.isInteractive = interactive
    }

    public func write(_ text: String) { output += text }
    public func writeError(_ text: String) { errors += text }

    public func readLine(prompt: String) -> String? {
        prompts.append(prompt)
        return answers.isEmpty ? nil : answers.removeFirst()
    }

    public func readSecret(prompt: String) -> String? {
        readLine(prompt: prompt)
    }

    public func finishOutput() -> String? { nil }
}

public struct InvestRun {
    public let status: Int32
    public let output: String
    public let errors: String
    public let prompts: [String]

    /// stdout parsed as JSON, as a script would read it.
    public func json(file: StaticString = #filePath, line: UInt = #line) throws -> Any {
        do {
            return try JSONSerialization.jsonObject(with: Data(output.utf8), options: [.fragmentsAllowed])
        } catch {
            XCTFail("stdout is not JSON: \(output)", file: file, line: line)
            throw error
        }
    }

    /// stdout as one JSON object: a single result, or a document such as the portfolio.
    public func jsonObject(file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        try XCTUnwrap(try json(file: file, line: line) as? [String: Any], "not an object: \(output)", file: file, line: line)
    }

    /// stdout as a JSON array of objects: a list.
    public func jsonRows(file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        try XCTUnwrap(try json(file: file, line: line) as? [[String: Any]], "not an array of objects: \(output)", file: file, line: line)
    }
}

/// Runs the real `invest` composition root against one home directory, as a user would.
public final class InvestDriver {
    public let home: URL
    public var now = Date(timeIntervalSince1970: 1_720_000_000) // 2024-07-03
    /// The user's time zone, in which times are shown and typed.
    public var timeZone = TimeZone(identifier: "UTC")!
    /// Added to every run's environment, e.g. the quote service's URL and key.
    public var environment: [String: String] = [:]

    public init(home: URL) {
        self.home = home
    }

    @discardableResult
    public func run(_ arguments: [String], answers: [String] = [], interactive: Bool = false, stdin: Data = Data()) -> InvestRun {
        launch(answers: answers, interactive: interactive) { context in
            var context = context
            context.readStandardInput = { limit in stdin.prefix(limit) }
            return Invest.run(arguments, context: context)
        }
    }

    /// Runs the remote-only client, `invest-summary`, with the same home and environment.
    @discardableResult
    public func summary(_ arguments: [String] = []) -> InvestRun {
        launch(answers: [], interactive: false) { InvestSummary.run(arguments, context: $0) }
    }

    private func launch(answers: [String], interactive: Bool, _ client: (InvestContext) -> Int32) -> InvestRun {
        let console = ScriptedConsole(answers: answers, interactive: interactive)
        let context = InvestContext(environment: environment.merging(["INVEST_HOME": home.path, "HOME": home.path]) { $1 }, console: console,
                                    now: { [now] in now }, timeZone: timeZone)
        let status = client(context)
        return InvestRun(status: status, output: console.output, errors: console.errors, prompts: console.prompts)
    }

    /// Full ids of the stored transactions, newest first.
    public func ids() -> [String] {
        let rows = (try? run(["list", "--format", "json"]).jsonRows()) ?? []
        return rows.compactMap { $0["id"] as? String }
    }

    public var logURL: URL { home.appendingPathComponent("transactions.log") }
}

extension XCTestCase {
    public func makeInvestDriver() -> InvestDriver {
        InvestDriver(home: makeTemporaryDirectory())
    }

    /// A driver whose prices, account and remote store come from `emulator`, as a user's would
    /// from Finnhub and Firebase. Each driver is one device: its own home directory.
    public func makeInvestDriver(servicesFrom emulator: ServicesEmulator) -> InvestDriver {
        let driver = makeInvestDriver()
        let url = emulator.baseURL.absoluteString
        driver.environment = ["INVEST_QUOTES_URL": url, "FINNHUB_API_KEY": ServicesEmulator.apiKey,
                              "INVEST_AUTH_URL": url, "INVEST_API_KEY": ServicesEmulator.apiKey, "INVEST_REMOTE_URL": url]
        return driver
    }
}

extension InvestDriver {
    /// Signs up at the (scripted) terminal: email, password, confirmation.
    @discardableResult
    public func signUp(_ email: String, password: String, confirmation: String? = nil) -> InvestRun {
        run(["signup"], answers: [email, password, confirmation ?? password], interactive: true)
    }

    /// Signs in at the (scripted) terminal: email, password.
    @discardableResult
    public func logIn(_ email: String, password: String) -> InvestRun {
        run(["login"], answers: [email, password], interactive: true)
    }

    /// Adds each `type ticker quantity sum date` line as a transaction.
    public func add(_ lines: [String]) {
        for line in lines {
            let f = line.split(separator: " ").map(String.init)
            let run = run(["add", "--type", f[0], "--ticker", f[1], "--quantity", f[2], "--sum", f[3], "--date", f[4]])
            precondition(run.status == 0, run.errors)
        }
    }
}
