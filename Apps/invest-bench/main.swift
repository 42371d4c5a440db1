import Foundation
import FixedPoint
import Transactions
import CurrentPrices
import Portfolio
import Currencies
import LocalFileStore
import Ledger
import Savings
import InvestmentAccounts
import OptionsJournal
import Analytics
import TerminalKit
import ClientComposition
#if canImport(Glibc)
import Glibc
#endif

// invest-bench: measures the store, the portfolio calculation and the `invest` binary over
// deterministic synthetic histories. Run it from a release build:
//   swift run -c release invest-bench --help

struct Options {
    var sizes = [1_000, 10_000, 100_000, 1_000_000]
    var runs = 5
    var json = false
    /// Only the cases whose name contains one of these.
    var only: [String]?
    /// Another `invest` to time (an earlier release's, for a side-by-side sitting).
    var invest: String?
    /// An earlier `invest` timed run for run beside the one measured, on the same homes.
    var against: String?
    /// History sizes to measure beside hledger and beancount, on the books `invest export` writes.
    var tools: [Int] = []

    static let quick = CommandSpec.Flag("quick", "Only 1k and 10k transactions, 3 runs each (a CI smoke run)")
    static let sizes = CommandSpec.Value<[Int]>("sizes", "N,N…", "The history sizes to measure (default 1000,10000,100000,1000000)", read: counts)
    static let json = CommandSpec.Flag("json", "Machine-readable output")
    static let runs = CommandSpec.Value<Int>.integer("runs", "N", "Measured runs per figure, after one warm-up (default 5)", in: 1...1_000)
    static let only = CommandSpec.Value<[String]>("only", "TEXT[|TEXT…]", "Only the cases whose name contains one of the TEXTs") { text in
        text.split(separator: "|").map(String.init)
    }
    static let invest = CommandSpec.Value<String>("invest", "PATH", "Time this invest binary instead of the one built beside the benchmark", completes: .file)
    static let against = CommandSpec.Value<String>("against", "PATH", "Also time this earlier invest (and the invest-summary beside it), alternating run for "
        + "run on the same homes, so a slower minute of the machine counts against both; after an unmeasured first run, so neither pays a "
        + "checkpoint's rebuild", completes: .file)
    static let tools = CommandSpec.Value<[Int]>("tools", "N,N…", "Also time hledger bal -V and bean-query on the same histories of these sizes, "
        + "each total shown", read: counts)
    static let spec = CommandSpec(program: "invest-bench", name: "", summary: "Time the release invest on deterministic synthetic histories",
                                  options: [quick, sizes, json, runs, only, invest, against, tools], positionals: 0...0)

    private static func counts(_ text: String) throws -> [Int] {
        let counts = text.split(separator: ",").map { Int($0) }
        guard !counts.isEmpty, counts.allSatisfy({ ($0 ?? 0) > 0 }) else {
            throw CLIError.usage("'\(text)' is not a list of sizes such as 10000,100000.")
        }
        return counts.compactMap { $0 }
    }

    init(_ arguments: [String]) {
        do {
            let parsed = try ArgumentParser.parse(arguments, for: Self.spec)
            if parsed.wantsHelp {
                print(Self.spec.help(width: 100), terminator: "")
                exit(0)
            }
            if parsed[Self.quick] { (sizes, runs) = ([1_000, 10_000], 3) }
            sizes = try parsed[Self.sizes] ?? sizes
            runs = try parsed[Self.runs] ?? runs
            json = parsed[Self.json]
            only = try parsed[Self.only]
            invest = try parsed[Self.invest]
            against = try parsed[Self.against]
            tools = try parsed[Self.tools] ?? []
        } catch {
            FileHandle.standardError.write(Data("invest-bench: \((error as? CLIError)?.message ?? "\(error)")\n".utf8))
            exit(2)
        }
    }
}

/// SplitMix64: a fixed seed gives the same history on every machine.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

let tickers = (0..<500).map { "T" + String($0 + 1000, radix: 36).uppercased() }
let startDay = CalendarDay(iso: "2005-01-03")!
let fetchedAt = Date(timeIntervalSince1970: 1_760_000_000)

/// `count` transactions over 500 tickers and 20 years, in date order, never overselling.
func history(_ count: Int) -> [Transaction] {
    var random = SplitMix64(state: 20_240_101)
    var held = [Int](repeating: 0, count: tickers.count)
    let span = 20 * 365
    return (0..<count).map { index in
        let day = startDay.adding(days: index * span / count)
        let t = random.below(tickers.count)
        let sell = held[t] > 0 && random.below(3) == 0
        let quantity = sell ? 1 + random.below(held[t]) : 1 + random.below(50)
        held[t] += sell ? -quantity : quantity
        let cents = (1_000 + random.below(40_000)) * quantity
        return Transaction(id: String(format: "%016llx%016llx", random.next(), random.next()), date: day, type: sell ? .sell : .buy,
                           ticker: tickers[t], quantity: FixedDecimal(quantity), sum: FixedDecimal(units: Int128(cents) * 1_000_000),
                           note: nil, updatedAt: Date(timeIntervalSince1970: 1_700_000_000 + TimeInterval(index)))
    }
}

/// `transactions` with every other ticker's trades in euros, and the euro's rate in dollars kept
/// for each weekday of their 20 years, as a fetch keeps them.
func writeTwoCurrencyHome(_ home: URL, _ transactions: [Transaction], prices: [CurrentPrice]) throws {
    let euros = Set(tickers.indices.filter { $0 % 2 == 0 }.map { tickers[$0] })
    let ledger = FileLedgerStore(directory: home)
    try LedgerTransactionsStore(ledger: ledger).upsert(contentsOf: transactions.map { t in
        guard euros.contains(t.ticker) else { return t }
        return Transaction(id: t.id, date: t.date, type: t.type, ticker: t.ticker, quantity: t.quantity, sum: t.sum, account: t.account, currency: "EUR",
                           updatedAt: t.updatedAt)
    })
    let (eur, usd) = (CurrencyCode("EUR")!, CurrencyCode("USD")!)
    let last = CalendarDay(iso: "2026-01-02")!
    var random = SplitMix64(state: 7)
    // 1970-01-01 was a Thursday: the days 2 and 3 after it, modulo 7, are weekends.
    let rates = (0...Int(last.daysSinceEpoch - startDay.daysSinceEpoch)).map { startDay.adding(days: $0) }
        .filter { !(2...3).contains(($0.daysSinceEpoch % 7 + 7) % 7) }
        .map { ExchangeRate(from: eur, to: usd, day: $0, rate: FixedDecimal(units: Int128(105_000_000 + random.below(30_000_000)))) }
    try LedgerExchangeRatesStore(ledger: ledger).save(rates, covering: RatesCoverage(from: eur, to: usd, first: startDay, last: last), at: fetchedAt)
    try FilePricesCache(directory: home).save(prices)
}

/// The two-currency home with each ticker's trades in one of three accounts, the default, an ISA
/// and a pension, as the accounts of the command-tree issue keep them.
func writeAccountsHome(_ home: URL, _ transactions: [Transaction], prices: [CurrentPrice]) throws {
    let accounts = [InvestmentAccount(id: "account-isa", name: "ISA", kind: .isa), InvestmentAccount(id: "account-pension", name: "Pension", kind: .pension)]
    try FileLedgerStore(directory: home).append(contentsOf: accounts.map { AccountsLedgerCodec.entry(for: $0, updatedAt: 1) })
    let slots = Dictionary(uniqueKeysWithValues: tickers.enumerated().map { ($1, $0 / 2 % 3) })
    try writeTwoCurrencyHome(home, transactions.map { t in
        guard let slot = slots[t.ticker], slot > 0 else { return t }
        return Transaction(id: t.id, date: t.date, type: t.type, ticker: t.ticker, quantity: t.quantity, sum: t.sum, account: accounts[slot - 1].id,
                           updatedAt: t.updatedAt)
    }, prices: prices)
}

/// invest-summary's copy of the account, as the last run online left it: the same
/// history, the prices kept, the account it belongs to.
func writeSummaryCopy(of home: URL, prices: [CurrentPrice]) throws {
    let copy = home.appendingPathComponent("summary-cache")
    try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    try FileManager.default.copyItem(at: home.appendingPathComponent("transactions.log"), to: copy.appendingPathComponent("transactions.log"))
    try FilePricesCache(directory: copy).save(prices)
    try FileSyncStateStore(directory: copy, account: SyncedAccount(uid: "bench", email: "bench@example.com")).recordSync(at: fetchedAt)
}

func csv(_ transactions: [Transaction]) -> String {
    var text = "date,type,ticker,quantity,sum\n"
    text.reserveCapacity(transactions.count * 40)
    for t in transactions { text += "\(t.date.iso),\(t.type.rawValue),\(t.ticker),\(t.quantity),\(t.sum)\n" }
    return text
}

// MARK: - Measuring

struct Sample { let seconds: Double; let peakMemoryMB: Double? }

func stats(_ samples: [Sample]) -> (median: Double, min: Double, max: Double, memory: Double?) {
    let sorted = samples.map(\.seconds).sorted()
    let memory = samples.compactMap(\.peakMemoryMB).max()
    return (sorted[sorted.count / 2], sorted.first!, sorted.last!, memory)
}

func timeInProcess(runs: Int, _ body: () throws -> Void) rethrows -> [Sample] {
    try body() // warm-up
    return try (0..<runs).map { _ in
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Sample(seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, peakMemoryMB: nil)
    }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))

/// The `invest` built beside this benchmark (`swift build -c release` builds both), or `--invest`'s.
let investPath = options.invest ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("invest").path

/// The `invest-summary` beside that `invest`.
let summaryPath = URL(fileURLWithPath: investPath).deletingLastPathComponent().appendingPathComponent("invest-summary").path

/// Runs `invest` (or `program`) as a user would, straight from this process with output to
/// /dev/null: its wall time.
func runInvest(_ arguments: [String], home: String, program: String = investPath) -> Sample {
    var pid: pid_t = 0
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let words: [String] = ["invest", "--home", home] + arguments
    let environment: [String] = ["PATH=/usr/bin:/bin", "NO_COLOR=1", "TZ=UTC"]
    let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
        posix_spawn_file_actions_destroy(&actions)
    }
    let start = DispatchTime.now().uptimeNanoseconds
    guard posix_spawn(&pid, program, &actions, nil, argv, envp) == 0 else {
        fatalError("could not start \(program); build it first (swift build -c release)")
    }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    if status != 0 { FileHandle.standardError.write(Data("invest-bench: invest \(arguments.joined(separator: " ")) exited with \(status)\n".utf8)) }
    return Sample(seconds: elapsed, peakMemoryMB: nil)
}

/// Peak RSS of one `invest` run, through a small Python parent: RSS reported for a child of this
/// process (which holds the whole synthetic history) would include this process's own memory, while
/// `RUSAGE_CHILDREN` in a small parent counts `invest` alone.
func peakMemoryMB(_ arguments: [String], home: String, program: String = investPath) -> Double {
    let script = """
    import resource, subprocess, sys, time
    start = time.monotonic()
    code = subprocess.call(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    print(time.monotonic() - start, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, code)
    """
    let fields = pythonFields(script, [program, "--home", home] + arguments,
                              environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "NO_COLOR": "1", "TZ": "UTC"])
    guard let fields, fields.count == 3, let seconds = Double(fields[0]), let kilobytes = Double(fields[1]), fields[2] == "0" else {
        fatalError("could not run \(program); build it first (swift build -c release)")
    }
    _ = seconds
    return kilobytes / 1024
}

/// `accounts` savings accounts and `updates` value updates among them over 20 years before
/// `fetchedAt`, in no particular order, as a user who fills in history would leave them.
func savingsHistory(accounts: Int, updates: Int) -> [LedgerEntry] {
    var random = SplitMix64(state: 14)
    let start = fetchedAt.addingTimeInterval(-20 * 365 * 86_400)
    let opened = (0..<accounts).map { SavingsAccount(id: "account-\($0)", name: "Account \($0)", createdAt: start) }
    return opened.map { SavingsLedgerCodec.entry(for: $0, updatedAt: 1) } + (0..<updates).map { index in
        let at = start.addingTimeInterval(Double(random.below(20 * 365 * 86_400)))
        let value = FixedDecimal(units: Int128(random.below(10_000_000)) * 1_000_000)
        return SavingsLedgerCodec.entry(for: ValueUpdate(id: "update-\(index)", accountID: "account-\(random.below(accounts))", value: value, at: at), updatedAt: 1)
    }
}

/// `count` journal fills over 20 years before `fetchedAt`, a round trip at a time on one of 500
/// contracts: each opening buy closed by a sell a day later, a few left open.
func journalFills(_ count: Int) -> [Execution] {
    var random = SplitMix64(state: 15)
    let start = fetchedAt.addingTimeInterval(-20 * 365 * 86_400).millisecondsSince1970
    let step = 20 * 365 * 86_400_000 / Int64(count)
    return (0..<count).map { index in
        let contract = index / 2 % 500, opens = index % 2 == 0
        let at = start + Int64(index) * step + (opens ? 0 : 86_400_000)
        return Execution(execTime: Date(millisecondsSince1970: at), tradeDate: CalendarDay(containing: Date(millisecondsSince1970: at)).iso,
                         side: opens ? .buy : .sell, quantity: FixedDecimal(1 + random.below(5)), symbol: "T\(contract)", expiration: "17 JAN 40",
                         strike: FixedDecimal(10 + contract), price: FixedDecimal(units: Int128(1 + random.below(1_000)) * 1_000_000), orderType: "LMT",
                         positionEffect: opens ? .open : .close, type: "CALL")
    }
}

/// Every weekday's close of the first `count` tickers over the 20 years of `history`.
func dailyCloses(tickers count: Int) -> [LedgerEntry] {
    var random = SplitMix64(state: 13)
    var entries: [LedgerEntry] = []
    for ticker in tickers.prefix(count) {
        var cents = 1_000 + random.below(40_000)
        for offset in 0..<(20 * 365) where (Int(startDay.daysSinceEpoch) + offset + 3) % 7 < 5 {
            cents = max(100, cents + random.below(201) - 100)
            let close = DailyClose(ticker: ticker, day: startDay.adding(days: offset), close: FixedDecimal(units: Int128(cents) * 1_000_000))
            entries.append(ClosesLedgerCodec.entry(for: close, updatedAt: 1))
        }
    }
    return entries
}

/// A warm-up run that also measures peak memory, then `runs` timed runs.
/// A case's runs of the `invest` measured, and of `--against`'s when given.
struct Timing {
    let samples: [Sample]
    let against: [Sample]?
}

/// `program`'s counterpart in the `--against` build: its `invest`, or the `invest-summary` beside it.
func counterpart(of program: String) -> String? {
    guard let against = options.against else { return nil }
    return program == summaryPath ? URL(fileURLWithPath: against).deletingLastPathComponent().appendingPathComponent("invest-summary").path : against
}

func timeProcess(runs: Int, program: String = investPath, prepare: () -> Void = {}, _ arguments: () -> ([String], String)) -> Timing {
    let programs = [program] + (counterpart(of: program).map { [$0] } ?? [])
    if programs.count > 1 {
        prepare()
        let (a, h) = arguments()
        _ = runInvest(a, home: h, program: programs[1])
    }
    let memory = programs.map { program in
        prepare()
        let (a, h) = arguments()
        return peakMemoryMB(a, home: h, program: program)
    }
    var samples = programs.map { _ in [Sample]() }
    for run in 0..<runs {
        // Each build goes first in every other run: neither always follows the other's caches.
        for index in run % 2 == 0 ? Array(programs.indices) : programs.indices.reversed() {
            prepare()
            let (a, h) = arguments()
            samples[index].append(Sample(seconds: runInvest(a, home: h, program: programs[index]).seconds, peakMemoryMB: memory[index]))
        }
    }
    return Timing(samples: samples[0], against: programs.count > 1 ? samples[1] : nil)
}

/// One tool's time over a history and the market value of its holdings as the tool gives it.
struct ToolRow { let size: Int; let tool: String; let median: Double; let total: String }

/// The same history in invest, hledger and beancount: `invest export` writes the books,
/// each tool values the holdings at the quotes kept, and each total is shown beside its time.
func compareWithTools(_ size: Int) throws -> [ToolRow] {
    let home = root.appendingPathComponent("tools-\(size)")
    try LedgerTransactionsStore(ledger: FileLedgerStore(directory: home)).upsert(contentsOf: history(size))
    try FilePricesCache(directory: home).save(tickers.enumerated().map { index, ticker in
        CurrentPrice(ticker: ticker, price: FixedDecimal(units: Int128(10_000 + index * 71 % 40_000) * 1_000_000), change: nil,
                     changePercent: nil, previousClose: 100, quoteTime: fetchedAt, fetchedAt: fetchedAt)
    })
    let journal = root.appendingPathComponent("books-\(size).journal").path, beancount = root.appendingPathComponent("books-\(size).beancount").path
    _ = runInvest(["export", "--format", "hledger", "-o", journal], home: home.path)
    _ = runInvest(["export", "--format", "beancount", "-o", beancount], home: home.path)
    let report = try? JSONSerialization.jsonObject(with: Data(output(investPath, ["--home", home.path, "portfolio", "--offline", "--format", "json"]).utf8))
    let investTotal = ((report as? [String: Any])?["totals"] as? [String: Any])?["value"] as? String ?? "?"
    let hledgerArguments = ["-f", journal, "bal", "-V", "Assets", "not:Cash", "-O", "csv"]
    let hledgerTotal = output("/usr/bin/env", ["hledger"] + hledgerArguments).split(separator: "\n").last { $0.hasPrefix("\"total\"") }
        .map { String($0.split(separator: ",").last ?? "").replacingOccurrences(of: "\"", with: "") } ?? "?"
    let query = "SELECT value(sum(position)) WHERE account ~ '^Assets' AND NOT account ~ 'Cash$'"
    let beanTotal = output("/usr/bin/env", ["bean-query", "-q", beancount, query]).split(separator: "\n").last.map { String($0).trimmingCharacters(in: .whitespaces) } ?? "?"
    let runs = max(3, options.runs)
    func median(_ body: () -> Void) -> Double {
        body()
        let times = (0..<runs).map { _ -> Double in
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }.sorted()
        return times[times.count / 2]
    }
    let rows = [
        ToolRow(size: size, tool: "invest portfolio --offline", median: median { _ = runInvest(["portfolio", "--offline"], home: home.path) },
                total: (FixedDecimal(investTotal)?.formatted(fractionDigits: 2) ?? investTotal) + " USD"),
        ToolRow(size: size, tool: "hledger " + hledgerArguments.dropFirst(2).joined(separator: " "),
                median: median { _ = output("/usr/bin/env", ["hledger"] + hledgerArguments) }, total: hledgerTotal),
        ToolRow(size: size, tool: "bean-query \"\(query)\"", median: median { _ = output("/usr/bin/env", ["bean-query", "-q", beancount, query]) }, total: beanTotal),
    ]
    for row in rows where !options.json {
        FileHandle.standardError.write(Data(String(format: "  %9d  %@  median %8.1f ms  total %@\n", size, row.tool, row.median * 1000, row.total).utf8))
    }
    try? FileManager.default.removeItem(at: home)
    return rows
}

/// What a program wrote to stdout.
func output(_ program: String, _ arguments: [String]) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "NO_COLOR": "1", "TZ": "UTC"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return "" }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

// MARK: - Main

let root = FileManager.default.temporaryDirectory.appendingPathComponent("invest-bench-\(getpid())")
defer { try? FileManager.default.removeItem(at: root) }

struct Row { let size: Int; let what: String; let median: Double; let min: Double; let max: Double; let memory: Double?; let perSecond: Double?; let against: Bool }
nonisolated(unsafe) var rows: [Row] = []
nonisolated(unsafe) var toolRows: [ToolRow] = []
/// Measures (`samples` runs only here) and keeps a case, unless `--only` leaves it out.
func record(_ size: Int, _ what: String, _ samples: @autoclosure () throws -> [Sample], perSecond: Bool = false) rethrows {
    if let only = options.only, !only.contains(where: what.contains) { return }
    keep(size, what, try samples(), perSecond: perSecond, against: false)
}

/// Measures and keeps a case of the `invest` binary, and of `--against`'s beside it.
func record(_ size: Int, _ what: String, _ timing: @autoclosure () throws -> Timing) rethrows {
    if let only = options.only, !only.contains(where: what.contains) { return }
    let timing = try timing()
    if let against = timing.against { keep(size, what, against, perSecond: false, against: true) }
    keep(size, what, timing.samples, perSecond: false, against: false)
}

private func keep(_ size: Int, _ what: String, _ samples: [Sample], perSecond: Bool, against: Bool) {
    let s = stats(samples)
    rows.append(Row(size: size, what: what, median: s.median, min: s.min, max: s.max, memory: s.memory,
                    perSecond: perSecond ? Double(size) / s.median : nil, against: against))
    if !options.json {
        FileHandle.standardError.write(Data(String(format: "  %9d  %-34@ median %8.1f ms%@\n", size, what as NSString, s.median * 1000, against ? " (--against)" : "").utf8))
    }
}

do {
    for size in options.sizes {
        let home = root.appendingPathComponent("h\(size)")
        let transactions = history(size)
        let store = LedgerTransactionsStore(ledger: FileLedgerStore(directory: home))
        try store.upsert(contentsOf: transactions)
        let prices = tickers.enumerated().map { index, ticker in
            CurrentPrice(ticker: ticker, price: FixedDecimal(units: Int128(10_000 + index * 71 % 40_000) * 1_000_000), change: nil,
                         changePercent: nil, previousClose: 100, quoteTime: fetchedAt, fetchedAt: fetchedAt)
        }
        try FilePricesCache(directory: home).save(prices)
        let csvURL = root.appendingPathComponent("import-\(size).csv")
        try Data(csv(transactions).utf8).write(to: csvURL)

        try record(size, "store load (in process)", timeInProcess(runs: options.runs) { _ = try LedgerTransactionsStore(ledger: FileLedgerStore(directory: home)).retrieveAll() })
        let loaded = try store.retrieveAll()
        let loadedPrices = Dictionary(uniqueKeysWithValues: prices.map { ($0.ticker, LoadedPrice(price: $0, source: .cached)) })
        record(size, "portfolio calculation (in process)", timeInProcess(runs: options.runs) { _ = PortfolioCalculator.summarize(loaded, prices: loadedPrices) }, perSecond: true)
        record(size, "invest portfolio --offline", timeProcess(runs: options.runs) { (["portfolio", "--offline"], home.path) })
        // In dollars, with half the tickers traded in euros, each trade at its day's rate.
        let euroHome = root.appendingPathComponent("h\(size)-eur")
        try writeTwoCurrencyHome(euroHome, transactions, prices: prices)
        record(size, "invest portfolio --offline (half the tickers in euros)", timeProcess(runs: options.runs) { (["portfolio", "--offline"], euroHome.path) })
        record(size, "invest networth --offline (half the tickers in euros)", timeProcess(runs: options.runs) { (["networth", "--offline"], euroHome.path) })
        record(size, "invest gains --offline --format csv (half in euros)", timeProcess(runs: options.runs) {
            (["gains", "--offline", "--format", "csv"], euroHome.path)
        })
        if FileManager.default.isExecutableFile(atPath: summaryPath) {
            try writeSummaryCopy(of: euroHome, prices: prices)
            record(size, "invest-summary --offline (half the tickers in euros)", timeProcess(runs: options.runs, program: summaryPath) { (["--offline"], euroHome.path) })
        }
        try? FileManager.default.removeItem(at: euroHome)
        // The same, over three accounts (each ticker in one of them, half in euros).
        let accountsHome = root.appendingPathComponent("h\(size)-accounts")
        try writeAccountsHome(accountsHome, transactions, prices: prices)
        record(size, "invest portfolio --offline (three accounts, half in euros)", timeProcess(runs: options.runs) { (["portfolio", "--offline"], accountsHome.path) })
        record(size, "invest portfolio --offline --by account (three accounts)", timeProcess(runs: options.runs) {
            (["portfolio", "--offline", "--by", "account"], accountsHome.path)
        })
        record(size, "invest add --account ISA (three accounts)", timeProcess(runs: options.runs) {
            (["--account", "ISA", "add", "--type", "buy", "--ticker", tickers[2], "--quantity", "1", "--sum", "10", "--date", "2025-01-02"], accountsHome.path)
        })
        try? FileManager.default.removeItem(at: accountsHome)
        record(size, "invest add", timeProcess(runs: options.runs) {
            (["add", "--type", "buy", "--ticker", "T1", "--quantity", "1", "--sum", "10", "--date", "2025-01-02"], home.path)
        })
        record(size, "invest list --format json", timeProcess(runs: options.runs) { (["list", "--format", "json"], home.path) })
        record(size, "invest list (a table of all)", timeProcess(runs: options.runs) { (["list"], home.path) })
        // Answers from checkpoints, and an export that streams.
        record(size, "invest cash", timeProcess(runs: options.runs) { (["cash"], home.path) })
        record(size, "invest list -n 20", timeProcess(runs: options.runs) { (["list", "-n", "20"], home.path) })
        // A list longer than the newest kept, or from an earlier day, is read back from the log's
        // end: 5,000 rows at every size.
        record(size, "invest list -n 5000 --format csv", timeProcess(runs: options.runs) { (["list", "-n", "5000", "--format", "csv"], home.path) })
        record(size, "invest list -n 20 --ticker T (one of 500)", timeProcess(runs: options.runs) { (["list", "-n", "20", "--ticker", tickers[7]], home.path) })
        record(size, "invest list --ticker T --format csv (all of one of 500)", timeProcess(runs: options.runs) {
            (["list", "--ticker", tickers[7], "--format", "csv"], home.path)
        })
        record(size, "invest list --search TEXT --format csv (a note none has)", timeProcess(runs: options.runs) {
            (["list", "--search", "rebalance", "--format", "csv"], home.path)
        })
        record(size, "invest list --ticker NONE (never traded)", timeProcess(runs: options.runs) { (["list", "--ticker", "NONE", "--format", "csv"], home.path) })
        let fiveThousandBack = startDay.adding(days: max(0, size - 5_000) * (20 * 365) / size).iso
        record(size, "invest list --from D --format csv (5,000 rows)", timeProcess(runs: options.runs) {
            (["list", "--from", fiveThousandBack, "--format", "csv"], home.path)
        })
        record(size, "invest gains --format csv", timeProcess(runs: options.runs) { (["gains", "--format", "csv"], home.path) })
        let exported = root.appendingPathComponent("export-\(size).csv").path
        record(size, "invest export -o FILE (csv)", timeProcess(runs: options.runs) { (["export", "-o", exported], home.path) })
        // invest-summary answering from its copy of the account.
        if FileManager.default.isExecutableFile(atPath: summaryPath) {
            try writeSummaryCopy(of: home, prices: prices)
            record(size, "invest-summary --offline", timeProcess(runs: options.runs, program: summaryPath) { (["--offline"], home.path) })
        }
        // A change to a transaction just written, as `add` leaves it (the tally brought
        // up to date before and after); the id is given by its first 8 characters, as `list`
        // shows it.
        var recent = ""
        let writeRecent = {
            _ = runInvest(["cash"], home: home.path)
            recent = LedgerIdentifier.random()
            try? store.upsert(Transaction(id: recent, date: CalendarDay(iso: "2025-01-03")!, type: .buy, ticker: "T1", quantity: 1, sum: 10, updatedAt: fetchedAt))
            _ = runInvest(["cash"], home: home.path)
        }
        record(size, "invest edit (a recent transaction)", timeProcess(runs: options.runs, prepare: writeRecent) {
            (["edit", String(recent.prefix(8)), "--sum", "12"], home.path)
        })
        record(size, "invest delete (a recent transaction)", timeProcess(runs: options.runs, prepare: writeRecent) {
            (["delete", String(recent.prefix(8)), "--yes"], home.path)
        })
        record(size, "invest undo (an edit of a recent transaction)", timeProcess(runs: options.runs, prepare: {
            writeRecent()
            _ = runInvest(["edit", String(recent.prefix(8)), "--sum", "12"], home: home.path)
        }) { (["undo"], home.path) })
        // A change to a record the first reads after a rebuild (an upgrade, a compaction, a
        // fresh import) read: the replay keeps its last lines out of its base. `cash` rebuilds
        // the tally, `account list` the other kinds an edit looks up.
        record(size, "invest edit (a recent transaction, after a rebuild)", timeProcess(runs: options.runs, prepare: {
            writeRecent()
            try? FileManager.default.removeItem(at: home.appendingPathComponent("checkpoints"))
            _ = runInvest(["cash"], home: home.path)
            _ = runInvest(["account", "list"], home: home.path)
        }) { (["edit", String(recent.prefix(8)), "--sum", "12"], home.path) })
        record(size, "invest portfolio --offline (after an edit)", timeProcess(runs: options.runs, prepare: {
            writeRecent()
            _ = runInvest(["portfolio", "--offline"], home: home.path)
            _ = runInvest(["edit", String(recent.prefix(8)), "--sum", "12"], home: home.path)
        }) { (["portfolio", "--offline"], home.path) })
        // A change to one of the first transactions, which every checkpoint's base holds: the
        // edit checks only the rules at stake, and the next read of each projection revises its
        // base instead of replaying the history.
        let old = String(transactions[0].id.prefix(8))
        let editOld = {
            for read in [["portfolio", "--offline"], ["cash"], ["list", "-n", "20"], ["gains", "--format", "csv"]] { _ = runInvest(read, home: home.path) }
            _ = runInvest(["edit", old, "--note", UUID().uuidString], home: home.path)
        }
        record(size, "invest edit (an old transaction)", timeProcess(runs: options.runs, prepare: {
            for read in [["portfolio", "--offline"], ["cash"]] { _ = runInvest(read, home: home.path) }
        }) { (["edit", old, "--note", UUID().uuidString], home.path) })
        // An old change checks only the rules at stake, against what they need: a buy
        // moved a day earlier (it can strand no sell), its ticker's transactions; a sell
        // deleted, in a history without a deposit, nothing at all.
        var moves = 0
        record(size, "invest edit --date (an old transaction)", timeProcess(runs: options.runs, prepare: {
            for read in [["portfolio", "--offline"], ["cash"]] { _ = runInvest(read, home: home.path) }
        }) {
            moves += 1
            return (["edit", old, "--date", startDay.adding(days: -1 - moves % 2).iso], home.path)
        })
        var oldSells = transactions.prefix(size / 2).filter { $0.type == .sell }.map { String($0.id.prefix(8)) }
        record(size, "invest delete (an old transaction)", timeProcess(runs: options.runs, prepare: {
            for read in [["portfolio", "--offline"], ["cash"]] { _ = runInvest(read, home: home.path) }
        }) { (["delete", oldSells.removeFirst(), "--yes"], home.path) })
        // The same history with its cash tracked (deposits before it): an old buy's new sum is
        // checked against the tally's days of cash, not the history.
        let trackedHome = root.appendingPathComponent("tracked-\(size)")
        try? FileManager.default.removeItem(at: trackedHome)
        try FileManager.default.copyItem(at: home, to: trackedHome)
        try LedgerTransactionsStore(ledger: FileLedgerStore(directory: trackedHome)).upsert(contentsOf: (0..<10).map { _ in
            Transaction(id: LedgerIdentifier.random(), date: startDay.adding(days: -10), type: .deposit, ticker: "", quantity: .zero,
                        sum: TransactionValidator.maximumValue, updatedAt: fetchedAt)
        })
        var sums = 0
        record(size, "invest edit --sum (an old transaction, cash tracked)", timeProcess(runs: options.runs, prepare: {
            for read in [["portfolio", "--offline"], ["cash"]] { _ = runInvest(read, home: trackedHome.path) }
        }) {
            sums += 1
            return (["edit", old, "--sum", String(100 + sums % 2)], trackedHome.path)
        })
        try? FileManager.default.removeItem(at: trackedHome)
        record(size, "invest portfolio --offline (after an edit of an old transaction)", timeProcess(runs: options.runs, prepare: editOld) {
            (["portfolio", "--offline"], home.path)
        })
        // A corrected sum of an old buy changes its ticker's cost basis: the portfolio
        // refolds that ticker's positions from its transactions in the base it revises.
        var corrections = 0
        record(size, "invest portfolio --offline (after a new sum of an old transaction)", timeProcess(runs: options.runs, prepare: {
            for read in [["portfolio", "--offline"], ["cash"]] { _ = runInvest(read, home: home.path) }
            corrections += 1
            _ = runInvest(["edit", old, "--sum", String(100 + corrections % 2)], home: home.path)
        }) { (["portfolio", "--offline"], home.path) })
        record(size, "invest cash (after an edit of an old transaction, a portfolio)", timeProcess(runs: options.runs, prepare: {
            editOld()
            _ = runInvest(["portfolio", "--offline"], home: home.path)
        }) { (["cash"], home.path) })
        record(size, "invest list -n 20 (after an edit of an old transaction, a portfolio)", timeProcess(runs: options.runs, prepare: {
            editOld()
            _ = runInvest(["portfolio", "--offline"], home: home.path)
        }) { (["list", "-n", "20"], home.path) })
        // A change to a recent transaction after an edit of an old one and the read that replays
        // it: the replay folds the old one into its base, so the recent one is still folded.
        record(size, "invest edit (a recent transaction, after an edit of an old one and a read)", timeProcess(runs: options.runs, prepare: {
            writeRecent()
            editOld()
            _ = runInvest(["portfolio", "--offline"], home: home.path)
        }) { (["edit", String(recent.prefix(8)), "--sum", "12"], home.path) })
        var importHome = ""
        record(size, "invest import (empty home)", timeProcess(runs: options.runs, prepare: {
            importHome = root.appendingPathComponent("import-\(size)-\(UUID().uuidString)").path
        }) { (["import", csvURL.path], importHome) })
        // A broker's export of a history begun before it, every row new: openings, a thousand
        // rows skipped at 100k and their report.
        let broker = root.appendingPathComponent("schwab-midway-\(size).csv")
        try LargeInputs.schwabMidway(broker, rows: size)
        record(size, "invest import (a broker's export begun mid-way, 1% skipped, empty home)", timeProcess(runs: options.runs, prepare: {
            importHome = root.appendingPathComponent("import-\(size)-\(UUID().uuidString)").path
        }) { (["import", broker.path], importHome) })
        // A month's statement, and its undo.
        let statement = root.appendingPathComponent("statement.csv")
        try Data("date,type,ticker,quantity,sum\n2025-06-02,buy,T1,1,10\n2025-06-03,buy,T2,2,20\n".utf8).write(to: statement)
        record(size, "invest undo (an import of 2 rows)", timeProcess(runs: options.runs, prepare: {
            _ = runInvest(["import", statement.path], home: home.path)
            _ = runInvest(["cash"], home: home.path)
        }) { (["undo"], home.path) })
        // A statement into the history, each run into a fresh copy of it with the
        // checkpoints reads leave (a copy is a new file, whose checkpoints are made again).
        func recordImport(_ what: String, of file: URL) {
            var copy = ""
            record(size, what, timeProcess(runs: options.runs, prepare: {
                if !copy.isEmpty { try? FileManager.default.removeItem(atPath: copy) }
                copy = root.appendingPathComponent("statement-\(size)-\(UUID().uuidString)").path
                try? FileManager.default.copyItem(at: home, to: URL(fileURLWithPath: copy))
                // Flushed, as a history written over time is: an import's fsync would otherwise
                // write out the whole fresh copy.
                sync()
                _ = runInvest(["cash"], home: copy)
                _ = runInvest(["list", "-n", "1"], home: copy)
            }) { (["import", file.path], copy) })
            if !copy.isEmpty { try? FileManager.default.removeItem(atPath: copy) }
        }
        recordImport("invest import (2 rows into the history)", of: statement)
        // A statement two days late, dated among the recent transactions.
        let late = root.appendingPathComponent("late-\(size).csv")
        let lateDay = (transactions.last?.date ?? startDay).adding(days: -2).iso
        try Data("date,type,ticker,quantity,sum\n\(lateDay),buy,T1,1,10\n\(lateDay),buy,T2,2,20\n".utf8).write(to: late)
        recordImport("invest import (2 rows 2 days before the newest)", of: late)
        // Last quarter's statement, some weeks late: 42 buys of 6 tickers over 7 days two months
        // before the newest, older than the recent transactions a checkpoint refolds.
        let quarter = root.appendingPathComponent("quarter-\(size).csv")
        let quarterRows = (0..<7).flatMap { week in
            (1...6).map { ticker in "\((transactions.last?.date ?? startDay).adding(days: -60 + 4 * week).iso),buy,T\(ticker),1,100" }
        }
        try Data((["date,type,ticker,quantity,sum"] + quarterRows).joined(separator: "\n").utf8).write(to: quarter)
        recordImport("invest import (42 rows two months before the newest)", of: quarter)
        try? FileManager.default.removeItem(at: home)
    }
    for size in options.tools { toolRows += try compareWithTools(size) }
    // 50 savings accounts with 100k value updates (10k in a quick run).
    let updates = options.sizes.contains(1_000_000) || options.sizes.contains(100_000) ? 100_000 : 10_000
    let home = root.appendingPathComponent("savings-\(updates)")
    let ledger = FileLedgerStore(directory: home)
    try ledger.apply(savingsHistory(accounts: 50, updates: updates))
    try record(updates, "savings load (in process)", timeInProcess(runs: options.runs) { _ = try LoadSavingsUseCase(store: LedgerSavingsStore(ledger: FileLedgerStore(directory: home))).load() })
    let book = try LoadSavingsUseCase(store: LedgerSavingsStore(ledger: ledger)).load()
    record(updates, "savings portfolio chart (in process)", timeInProcess(runs: options.runs) { _ = SavingsChart.portfolio(book, includingClosed: true, now: fetchedAt) })
    record(updates, "invest savings (50 accounts)", timeProcess(runs: options.runs) { (["savings"], home.path) })
    record(updates, "invest savings chart", timeProcess(runs: options.runs) { (["savings", "chart"], home.path) })

    // The journal's cycles from their checkpoint, over 100k fills (10k in a quick run).
    let journalHome = root.appendingPathComponent("journal-\(updates)")
    try LedgerJournalStore(ledger: FileLedgerStore(directory: journalHome)).add(journalFills(updates), listedIn: nil, at: fetchedAt)
    record(updates, "invest journal open", timeProcess(runs: options.runs) { (["journal", "open"], journalHome.path) })
    record(updates, "invest journal stats", timeProcess(runs: options.runs) { (["journal", "stats"], journalHome.path) })

    // Performance and returns over 20 years of daily closes (50 tickers; the other 450
    // valued at their trade prices) and 100k transactions (10k in a quick run), target ≤ 1 s.
    let trades = updates == 100_000 ? 100_000 : 10_000
    let analyticsHome = root.appendingPathComponent("analytics-\(trades)")
    try LedgerTransactionsStore(ledger: FileLedgerStore(directory: analyticsHome)).upsert(contentsOf: history(trades))
    try FileLedgerStore(directory: analyticsHome).apply(dailyCloses(tickers: 50))
    record(trades, "invest returns (20 y daily)", timeProcess(runs: options.runs) { (["returns"], analyticsHome.path) })
    record(trades, "invest performance --interval day", timeProcess(runs: options.runs) {
        (["performance", "--interval", "day", "--format", "csv"], analyticsHome.path)
    })
    record(trades, "invest chart (20 y of closes)", timeProcess(runs: options.runs) { (["chart", tickers[0], "--from", "2005-01-01"], analyticsHome.path) })

    // A million-point chart, downsampled keeping the extremes: "well under a second".
    var walk = SplitMix64(state: 1)
    var level = 1_000_000
    let million = Plot(points: (0..<1_000_000).map { index in
        level = max(1, level + walk.below(2_001) - 1_000)
        return Plot.Point(at: Date(timeIntervalSince1970: 1_000_000_000 + Double(index) * 60), value: FixedDecimal(units: Int128(level) * 1_000_000))
    }, shape: .line, baseline: .fitted, valueLabel: { Formatted.money($0) }, timeLabel: { CalendarDay(containing: $0).iso })
    record(1_000_000, "terminal line chart (in process)", timeInProcess(runs: options.runs) { _ = LineChart.render(million, width: 120, colors: false) })
    record(1_000_000, "SVG chart (in process)", timeInProcess(runs: options.runs) { _ = SVGChart.render(million, title: "A million points") })
} catch {
    FileHandle.standardError.write(Data("invest-bench: \(error)\n".utf8))
    exit(1)
}

// The live feed, against the test emulator's trade stream (not in a quick run: 20 s).
struct FeedRow { let what: String; let sent: Int; let shown: Int; let cpuPercent: Double }
var feedRows: [FeedRow] = []
let emulatorScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/Emulator/emulator.py")
if options.sizes != [1_000, 10_000], FileManager.default.fileExists(atPath: emulatorScript.path) {
    for (what, query, arguments) in [("1,000 trades a second for 10 s", "?rate=1000", ["--source", "finnhub"]),
                                     ("idle: one symbol every 2 s for 10 s", "", ["--symbols", "AAPL"])] {
        if let row = measureFeed(what: what, emulator: emulatorScript, query: query, arguments: arguments) { feedRows.append(row) }
    }
}

var largeInputRows: [LargeInputRow] = []
if options.sizes != [1_000, 10_000], FileManager.default.fileExists(atPath: emulatorScript.path) {
    do {
        largeInputRows = try measureLargeInputs(emulator: emulatorScript, in: root)
    } catch {
        FileHandle.standardError.write(Data("invest-bench: could not write the large inputs: \(error)\n".utf8))
        exit(1)
    }
}

/// What a small Python parent printed, split at spaces; nil when it could not run.
func pythonFields(_ script: String, _ arguments: [String], environment: [String: String]? = nil) -> [String]? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script] + arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    process.standardOutput = output
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
}

/// Runs `invest feed` for 10 s against a fresh emulator, through a small Python parent that
/// counts its lines and reads its CPU time (RUSAGE_CHILDREN: the feed alone).
func measureFeed(what: String, emulator: URL, query: String, arguments: [String]) -> FeedRow? {
    let script = """
    import json, os, resource, subprocess, sys, urllib.request
    server = subprocess.Popen(["python3", sys.argv[1]], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    port = int(server.stdout.readline().split()[1])
    env = dict(os.environ, FINNHUB_API_KEY="test-key", INVEST_FINNHUB_FEED_URL="ws://127.0.0.1:%d/ws/finnhub%s" % (port, sys.argv[2]),
               INVEST_FEED_URL="ws://127.0.0.1:%d/ws/echo" % port)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    feed = subprocess.Popen(sys.argv[3:] + ["--duration", "10", "--format", "ndjson"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    shown = sum(1 for _ in feed.stdout)
    feed.wait()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    stats = json.load(urllib.request.urlopen("http://127.0.0.1:%d/_control/ws-stats" % port))
    server.kill()
    print(stats["trades"] or stats["echoed"], shown, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    """
    guard let fields = pythonFields(script, [emulator.path, query, investPath, "feed"] + arguments), fields.count == 3, let sent = Int(fields[0]), let shown = Int(fields[1]), let cpu = Double(fields[2]) else { return nil }
    if !options.json {
        FileHandle.standardError.write(Data(String(format: "  feed: %@: %d sent, %d shown, %.1f%% of a core\n", what, sent, shown, cpu / 10 * 100).utf8))
    }
    // Counted from before the feed starts to after it ends: only the feed's own time.
    return FeedRow(what: what, sent: sent, shown: shown, cpuPercent: cpu / 10 * 100)
}

if options.json {
    let objects = rows.map { row -> [String: Any] in
        var object: [String: Any] = ["transactions": row.size, "measure": row.what, "medianMs": row.median * 1000,
                                     "minMs": row.min * 1000, "maxMs": row.max * 1000]
        if let memory = row.memory { object["peakMemoryMB"] = memory }
        if let perSecond = row.perSecond { object["transactionsPerSecond"] = perSecond }
        object["build"] = row.against ? "against" : "invest"
        return object
    }
    let feed = feedRows.map { ["measure": $0.what, "updatesSent": $0.sent, "updatesShown": $0.shown, "cpuPercentOfACore": $0.cpuPercent] as [String: Any] }
    let large = largeInputRows.map { ["measure": $0.what, "inputMB": $0.inputMB, "peakMemoryMB": $0.peakMB, "seconds": $0.seconds, "exitCode": $0.exitCode] as [String: Any] }
    let tools = toolRows.map { ["transactions": $0.size, "tool": $0.tool, "medianMs": $0.median * 1000, "total": $0.total] as [String: Any] }
    let data = try! JSONSerialization.data(withJSONObject: ["runs": options.runs, "results": objects, "feed": feed, "largeInputs": large, "tools": tools],
                                           options: [.prettyPrinted, .sortedKeys])
    print(String(decoding: data, as: UTF8.self))
} else {
    print("\nmedian / min / max over \(options.runs) runs after a warm-up; peak RSS of each `invest` process\n")
    let header = ["transactions", "measure", "median ms", "min ms", "max ms", "peak MB", "tx/s"]
    let table = rows.map { row in
        [String(row.size), row.what + (row.against ? " (--against)" : ""), String(format: "%.1f", row.median * 1000), String(format: "%.1f", row.min * 1000),
         String(format: "%.1f", row.max * 1000), row.memory.map { String(format: "%.1f", $0) } ?? "",
         row.perSecond.map { String(format: "%.2fM", $0 / 1e6) } ?? ""]
    }
    let widths = header.indices.map { column in ([header] + table).map { $0[column].count }.max()! }
    for line in [header] + table {
        print(line.enumerated().map { column, cell in
            column == 1 ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                        : String(repeating: " ", count: widths[column] - cell.count) + cell
        }.joined(separator: "  "))
    }
    if !toolRows.isEmpty {
        print("\nthe same history in each tool (median of \(max(3, options.runs)) runs): the holdings' market value at the quotes kept")
        for row in toolRows {
            print(String(format: "%9d  %@  %9.1f ms  %@", row.size, row.tool.padding(toLength: 96, withPad: " ", startingAt: 0), row.median * 1000, row.total))
        }
    }
    if !feedRows.isEmpty {
        print("\ninvest feed (reading, reducing and writing each update)          sent    shown  CPU % of a core")
        for row in feedRows {
            print(row.what.padding(toLength: 60, withPad: " ", startingAt: 0) + String(format: "  %7d  %7d  %6.1f", row.sent, row.shown, row.cpuPercent))
        }
    }
    if !largeInputRows.isEmpty {
        print("\nlarge inputs (one run each)                          input MB  peak MB  × input      s  exit")
        for row in largeInputRows {
            print(row.what.padding(toLength: 52, withPad: " ", startingAt: 0)
                + String(format: "  %8.1f  %7.1f  %7.2f  %5.1f  %4d", row.inputMB, row.peakMB, row.times, row.seconds, row.exitCode))
        }
    }
}
