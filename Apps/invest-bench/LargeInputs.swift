import Foundation
import Ledger

// The peak memory of answers and files far larger than any account's, each
// measured against its own size. Servers are the test emulator answering a generated file as it is.

struct LargeInputRow {
    let what: String
    let inputMB: Double
    let peakMB: Double
    let seconds: Double
    let exitCode: Int
    var times: Double { peakMB / inputMB }
}

/// The files, written once into `directory` a piece at a time.
enum LargeInputs {
    /// `{"-N…":{},…}`: a database answer of records that are no record at all, just under the cap.
    static func emptyRecordsAnswer(_ url: URL, bytes: Int) throws {
        try writeObject(url, bytes: bytes) { index in #""-N\#(digits(index, 18))":{}"# }
    }

    /// A million and more buys in the release-before-the-ledger shape, just under the cap.
    static func transactionsAnswer(_ url: URL, bytes: Int) throws {
        try writeObject(url, bytes: bytes) { index in
            #""-N\#(digits(index, 18))":{"date":"20\#(digits(5 + index % 19, 2))-\#(digits(1 + index % 12, 2))-\#(digits(1 + index % 28, 2))","#
                + #""quantity":"\#(1 + index % 7).5","sum":"\#(100 + index % 997).25","ticker":"T\#(digits(index % 500, 3))","type":"buy","updatedAt":1700000000000}"#
        }
    }

    /// One record whose `fields` are brackets by the million: `[{},{},…]`.
    static func bracketsRecord(_ url: URL, bytes: Int) throws {
        try write(url) { emit in
            emit(#"{"-N0":{"kind":"buy","schema":1,"updatedAt":1700000000000,"fields":["#)
            let block = String(repeating: "{},", count: 1 << 16)
            for _ in 0..<(bytes / block.utf8.count) { emit(block) }
            emit("{}]}}")
        }
    }

    /// Twelve Data's daily series at its most values, each padded with a member nobody reads.
    static func timeSeriesAnswer(_ url: URL, bytes: Int) throws {
        try write(url) { emit in
            emit(#"{"meta":{"symbol":"AAPL","interval":"1day","currency":"USD","exchange":"NASDAQ"},"values":["#)
            let padding = String(repeating: "x", count: max(0, bytes / 5000 - 120))
            for index in 0..<5000 {
                let day = 1 + index
                emit((index == 0 ? "" : ",") + #"{"datetime":"\#(2000 + day / 336)-\#(digits(1 + day / 28 % 12, 2))-\#(digits(1 + day % 28, 2))","#
                    + #""open":"185.10","high":"186.00","low":"184.20","close":"185.64","volume":"1000","padding":"\#(padding)"}"#)
            }
            emit(#"],"status":"ok"}"#)
        }
    }

    /// Our own CSV, the shortest rows it takes: a buy a line.
    static func plainImport(_ url: URL, bytes: Int) throws {
        try writeLines(url, bytes: bytes - 64, header: "date,type,ticker,quantity,sum\n") { index in
            "\(2005 + index % 19)-\(digits(1 + index % 12, 2))-\(digits(1 + index % 28, 2)),buy,T\(digits(index % 500, 3)),\(1 + index % 7).5,\(100 + index % 997).25\n"
        }
    }

    /// Charles Schwab's transaction history: buys, newest first.
    static func schwabHistory(_ url: URL, bytes: Int) throws {
        try writeLines(url, bytes: bytes - 128, header: "\"Date\",\"Action\",\"Symbol\",\"Description\",\"Quantity\",\"Price\",\"Fees & Comm\",\"Amount\"\n") { index in
            "\"\(digits(12 - index % 12, 2))/\(digits(28 - index % 28, 2))/\(2023 - index / 500_000 % 19)\",\"Buy\",\"T\(digits(index % 500, 3))\","
                + "\"TICKER \(index % 500) INC\",\"\(1 + index % 7)\",\"$\(100 + index % 97).25\",\"\",\"-$\(1_000 + index % 997).75\"\n"
        }
    }

    /// A broker's export of a history begun before it, as people download them: `rows` rows of
    /// Schwab's transaction history, newest first, over 500 tickers. Every 100th row is a
    /// corporate action this import can't record (skipped and named), every tenth a sale, the
    /// first of them of shares the file never bought (openings), and the file's oldest row a
    /// deposit that tracks its cash, which the buys overdraw (opening cash).
    static func schwabMidway(_ url: URL, rows: Int) throws {
        try write(url) { emit in
            emit("\"Date\",\"Action\",\"Symbol\",\"Description\",\"Quantity\",\"Price\",\"Fees & Comm\",\"Amount\"\n")
            var block = ""
            for index in 0..<rows {
                // Newest first: a day every 16 rows, back from 2025-12-31.
                let day = CalendarDay(year: 2025, month: 12, day: 31)!.adding(days: -(index / 16)).components
                let date = "\"\(digits(day.month, 2))/\(digits(day.day, 2))/\(day.year)\""
                let ticker = "T\(digits(index % 500, 3))"
                if index == rows - 1 {
                    block += "\(date),\"MoneyLink Transfer\",\"\",\"Tfr BANK\",\"\",\"\",\"\",\"$1,000.00\"\n"
                } else if index % 100 == 0 {
                    block += "\(date),\"Stock Merger\",\"\(ticker)\",\"TICKER \(index % 500) INC\",\"5\",\"\",\"\",\"\"\n"
                } else if index % 10 == 0 {
                    block += "\(date),\"Sell\",\"\(ticker)\",\"TICKER \(index % 500) INC\",\"2\",\"$101.25\",\"\",\"$202.50\"\n"
                } else {
                    block += "\(date),\"Buy\",\"\(ticker)\",\"TICKER \(index % 500) INC\",\"1\",\"$100.25\",\"\",\"-$100.25\"\n"
                }
                if block.utf8.count > 1 << 20 { emit(block); block = "" }
            }
            emit(block)
        }
    }

    /// The web app's document as Firestore's REST API answers it (indented), with two fills a
    /// trade and a rating for every fourth.
    static func journalDocument(_ url: URL, bytes: Int) throws {
        func fill(_ index: Int, _ leg: Int, _ symbol: String, _ strike: Int, _ expiration: String, _ indent: String) -> String {
            let quantity = 1 + index % 5
            let fields: [(String, String)] = [
                ("ExecTime", #"{"stringValue": "2025-\#(digits(1 + index % 12, 2))-\#(digits(1 + index % 28, 2))T\#(13 + leg):\#(digits(index % 60, 2)):\#(digits(index * 7 % 60, 2)).000Z"}"#),
                ("TradeDate", #"{"stringValue": "\#(1 + index % 12)/\#(1 + index % 28)/2025"}"#), ("Side", #"{"stringValue": "\#(leg == 0 ? "BUY" : "SELL")"}"#),
                ("Quantity", #"{"integerValue": "\#(leg == 0 ? quantity : -quantity)"}"#), ("Symbol", #"{"stringValue": "\#(symbol)"}"#),
                ("Expiration", #"{"stringValue": "\#(expiration)"}"#), ("Strike", #"{"integerValue": "\#(strike)"}"#),
                ("Price", #"{"doubleValue": 1.\#(digits(25 + index % 40 + leg * 30, 2))}"#), ("OrderType", #"{"stringValue": "LMT"}"#),
                ("PosEffect", #"{"stringValue": "\#(leg == 0 ? "OPEN" : "CLOSE")"}"#), ("Type", #"{"stringValue": "\#(index % 3 == 0 ? "PUT" : "CALL")"}"#),
            ]
            return indent + "{\n" + indent + "  \"mapValue\": {\n" + indent + "    \"fields\": {\n"
                + fields.map { indent + "      \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n" + indent + "    }\n" + indent + "  }\n" + indent + "}"
        }
        var ratings: [String] = []
        try write(url) { emit in
            emit("{\n  \"name\": \"projects/demo/databases/(default)/documents/users/u\",\n  \"fields\": {\n    \"tradeData\": {\n      \"arrayValue\": {\n        \"values\": [\n")
            var written = 0, index = 0
            while written < bytes - (1 << 16) {
                let symbol = "S" + digits(index % 300, 3), strike = 100 + index % 400, expiration = "\(1 + index % 28) \(1 + index % 12) 2025"
                let fills = [0, 1].map { fill(index, $0, symbol, strike, expiration, String(repeating: " ", count: 20)) }.joined(separator: ",\n")
                let trade = (index == 0 ? "" : ",\n") + "          {\n            \"mapValue\": {\n              \"fields\": {\n"
                    + "                \"Symbol\": {\"stringValue\": \"\(symbol)\"},\n                \"Strike\": {\"integerValue\": \"\(strike)\"},\n"
                    + "                \"Expiration\": {\"stringValue\": \"\(expiration)\"},\n"
                    + "                \"Transactions\": {\n                  \"arrayValue\": {\n                    \"values\": [\n" + fills
                    + "\n                    ]\n                  }\n                }\n              }\n            }\n          }"
                emit(trade)
                written += trade.utf8.count
                if index % 4 == 0 {
                    ratings.append(#"        "\#(symbol)-\#(strike)-\#(expiration)-2025-\#(digits(1 + index % 12, 2))-\#(digits(1 + index % 28, 2))T13:\#(digits(index % 60, 2)):\#(digits(index * 7 % 60, 2)).000Z": "#
                        + #"{"mapValue": {"fields": {"rating": {"integerValue": "\#(1 + index % 5)"}, "setups": {"arrayValue": {"values": [{"stringValue": "Breakout"}]}}}}}"#)
                    written += ratings.last!.utf8.count
                }
                index += 1
            }
            emit("\n        ]\n      }\n    },\n    \"tradeRatings\": {\"mapValue\": {\"fields\": {\n" + ratings.joined(separator: ",\n") + "\n    }}},\n"
                + "    \"setupsTags\": {\"arrayValue\": {\"values\": [{\"stringValue\": \"Breakout\"}]}}\n  },\n"
                + "  \"createTime\": \"2025-01-01T00:00:00.000000Z\",\n  \"updateTime\": \"2025-12-01T00:00:00.000000Z\"\n}\n")
        }
    }

    /// One close repeated, as the review's file had it: a few bytes of state, whatever the length.
    static func repeatedCloses(_ url: URL, bytes: Int) throws {
        let line = "2024-01-02,AAPL,185.64\n"
        try write(url) { emit in
            emit("date,ticker,close\n")
            let block = String(repeating: line, count: 10_000)
            for _ in 0..<(bytes / block.utf8.count) { emit(block) }
        }
    }

    /// Millions of different closes: 500 tickers on every day of 23 years.
    static func distinctCloses(_ url: URL, bytes: Int) throws {
        try writeLines(url, bytes: bytes - 64, header: "date,ticker,close\n") { index in
            "\(2000 + index / 500 % 25)-\(digits(1 + index / 12_500 % 12, 2))-\(digits(1 + index / 150_000 % 28, 2)),T\(digits(index % 500, 3)),\(10 + index % 300).\(digits(index % 100, 2))\n"
        }
    }

    /// A thinkorswim statement of one option bought and sold each second of the trading day.
    static func statement(_ url: URL, bytes: Int) throws {
        let header = "Account Statement for 12345678\n,,\nAccount Trade History\n,Exec Time,Spread,Side,Qty,Pos Effect,Symbol,Exp,Strike,Type,Price,Net Price,Order Type\n"
        try writeLines(url, bytes: bytes, header: header) { index in
            let day = 1 + index / 25_200, second = index % 25_200
            let time = "\(6 + (day - 1) / 28)/\(1 + (day - 1) % 28)/25 \(digits(9 + second / 3600, 2)):\(digits(second / 60 % 60, 2)):\(digits(second % 60, 2))"
            return index % 2 == 0 ? ",\(time),SINGLE,BUY,+1,TO OPEN,SPY,3 JUL 25,580,CALL,1.20,1.20,LMT\n"
                : ",\(time),SINGLE,SELL,-1,TO CLOSE,SPY,3 JUL 25,580,CALL,1.20,1.20,LMT\n"
        }
    }

    /// `header`, then `line(0)`, `line(1)`, … while fewer than `bytes` of lines are written,
    /// a megabyte at a time.
    private static func writeLines(_ url: URL, bytes: Int, header: String, line: (Int) -> String) throws {
        try write(url) { emit in
            emit(header)
            var written = 0, index = 0
            var block = ""
            while written < bytes {
                let next = line(index)
                block += next
                written += next.utf8.count
                index += 1
                if block.utf8.count > 1 << 20 { emit(block); block = "" }
            }
            emit(block)
        }
    }

    private static func digits(_ value: Int, _ count: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, count - text.count)) + text
    }

    private static func writeObject(_ url: URL, bytes: Int, member: (Int) -> String) throws {
        try write(url) { emit in
            var written = 2, index = 0
            var block = "{"
            while true {
                let next = member(index)
                guard written + next.utf8.count + 1 < bytes else { break }
                block += (index == 0 ? "" : ",") + next
                written += next.utf8.count + 1
                index += 1
                if block.utf8.count > 1 << 20 { emit(block); block = "" }
            }
            emit(block + "}")
        }
    }

    private static func write(_ url: URL, _ body: ((String) -> Void) throws -> Void) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try body { handle.write(Data($0.utf8)) }
    }
}

/// Runs one `invest` command through a small Python parent: against a fresh emulator that answers
/// `answer` for every GET whose path holds `path`, after signing in, when `path` is given.
func measureLargeInput(_ what: String, input: URL, emulator: URL, answering path: String?, project: Bool = false, _ arguments: [String]) -> LargeInputRow? {
    let script = """
    import json, os, resource, socket, subprocess, sys, time, urllib.request
    emulator, invest, home, path, answer, project = sys.argv[1:7]
    env = dict(os.environ, NO_COLOR="1", TZ="UTC")
    server = None
    if path:
        s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
        server = subprocess.Popen([sys.executable, emulator, "--port", str(port), "--api-key", "test-key"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = "http://127.0.0.1:%d" % port
        for _ in range(200):
            try: urllib.request.urlopen(base + "/_control/stats"); break
            except Exception: time.sleep(0.05)
        post = lambda route, body: urllib.request.urlopen(urllib.request.Request(base + route, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}))
        post("/identitytoolkit.googleapis.com/v1/accounts:signUp?key=test-key", {"email": "bench@example.com", "password": "long enough", "returnSecureToken": True})
        env.update(INVEST_API_KEY="test-key", INVEST_AUTH_URL=base, INVEST_REMOTE_URL=base, INVEST_FIRESTORE_URL=base, INVEST_PASSWORD="long enough",
                   TWELVE_DATA_API_KEY="test-key", INVEST_TWELVE_DATA_URL=base)
        subprocess.run([invest, "--home", home, "login", "--email", "bench@example.com"], env=env, check=True, capture_output=True)
        post("/_control/raw-answers", {"path": path, "file": answer})
        if project == "1": env["INVEST_PROJECT_ID"] = "demo"
    start = time.monotonic()
    code = subprocess.call([invest, "--home", home] + sys.argv[7:], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    elapsed = time.monotonic() - start
    if server: server.kill()
    print(elapsed, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, code)
    """
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("invest-bench-large-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    guard let fields = pythonFields(script, [emulator.path, investPath, home.path, path ?? "", input.path, project ? "1" : "0"] + arguments), fields.count == 3, let seconds = Double(fields[0]), let kilobytes = Double(fields[1]), let code = Int(fields[2]),
          let size = try? FileManager.default.attributesOfItem(atPath: input.path)[.size] as? Int else { return nil }
    let row = LargeInputRow(what: what, inputMB: Double(size) / 1_048_576, peakMB: kilobytes / 1024, seconds: seconds, exitCode: code)
    if !options.json {
        FileHandle.standardError.write(Data(String(format: "  large input: %@: %.0f MB in, peak %.0f MB (%.1f×), %.1f s, exit %d\n",
                                                   what, row.inputMB, row.peakMB, row.times, seconds, code).utf8))
    }
    return row
}

/// The review's cases, each written, measured and removed in turn.
func measureLargeInputs(emulator: URL, in directory: URL) throws -> [LargeInputRow] {
    let cases: [(what: String, file: String, bytes: Int, make: (URL, Int) throws -> Void, path: String?, project: Bool, arguments: [String])] = [
        ("sync: a database answer of {} records", "empty.json", (128 << 20) - 64, LargeInputs.emptyRecordsAnswer, "/ledger.json", false, ["sync"]),
        ("sync: a database answer of 1M buys", "buys.json", (128 << 20) - 64, LargeInputs.transactionsAnswer, "/transactions.json", false, ["sync"]),
        ("sync: one record of [{},…]", "brackets.json", 32 << 20, LargeInputs.bracketsRecord, "/ledger.json", false, ["sync"]),
        ("chart: a Twelve Data answer near its cap", "series.json", 3 << 20, LargeInputs.timeSeriesAnswer, "/time_series", false, ["chart", "AAPL", "--from", "2000-01-01", "--to", "2014-12-31"]),
        ("import: our CSV, a buy a line", "plain.csv", 128 << 20, LargeInputs.plainImport, nil, false, ["import"]),
        ("import --broker schwab", "schwab.csv", 64 << 20, LargeInputs.schwabHistory, nil, false, ["import", "--broker", "schwab"]),
        ("journal stats: the web app's Firestore document", "document.json", 32 << 20, LargeInputs.journalDocument, "/documents/users/", true, ["journal", "stats"]),
        ("price import: one close repeated", "repeated.csv", 256 << 20, LargeInputs.repeatedCloses, nil, false, ["price", "import"]),
        ("price import: 4.2M different closes", "distinct.csv", 256 << 20, LargeInputs.distinctCloses, nil, false, ["price", "import"]),
        ("journal import: a thinkorswim statement", "statement.csv", 48 << 20, LargeInputs.statement, nil, false, ["journal", "import"]),
    ]
    var rows: [LargeInputRow] = []
    for item in cases where options.only.map({ $0.contains { item.what.contains($0) || $0 == "large input" } }) ?? true {
        let url = directory.appendingPathComponent(item.file)
        try item.make(url, item.bytes)
        defer { try? FileManager.default.removeItem(at: url) }
        let arguments = item.path == nil ? item.arguments + [url.path] : item.arguments
        if let row = measureLargeInput(item.what, input: url, emulator: emulator, answering: item.path, project: item.project, arguments) { rows.append(row) }
    }
    return rows
}
