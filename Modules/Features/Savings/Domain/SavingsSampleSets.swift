import Foundation
import FixedPoint

/// Sample savings data, deterministic, for the demo, the tests and the benchmark.
public enum SavingsSampleSets {
    public struct Row: Equatable, Sendable {
        public let account: String
        public let at: Date
        public let value: FixedDecimal
    }

    /// Set 3: two accounts opened at the start of the day six months before `now`. Account 1 is
    /// worth £100 more on the 1st of each of the six months after that, at 10:00; account 2 on
    /// the 15th, at 14:00 (local time in `timeZone`). Updates that would be after `now` are
    /// skipped.
    public static func set3(now: Date, timeZone: TimeZone) -> (accounts: [(name: String, createdAt: Date)], rows: [Row]) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let opened = calendar.startOfDay(for: calendar.date(byAdding: .month, value: -6, to: now)!)
        let names = ["Account 1 (1st of month)", "Account 2 (15th of month)"]
        var rows: [Row] = []
        for (name, (day, hour)) in zip(names, [(1, 10), (15, 14)]) {
            for month in 1...6 {
                var components = calendar.dateComponents([.year, .month], from: calendar.date(byAdding: .month, value: month, to: opened)!)
                (components.day, components.hour) = (day, hour)
                let at = calendar.date(from: components)!
                guard at <= now else { continue }
                rows.append(Row(account: name, at: at, value: FixedDecimal(100 * month)))
            }
        }
        return (names.map { ($0, opened) }, rows)
    }

    /// Set 2: six accounts over the two years before `now`, each updated on the 5th and the 20th
    /// of the months it is open, growing by a fixed pattern of its own (no randomness).
    public static func set2(now: Date, timeZone: TimeZone) -> [Row] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        // Name, months open before now, first value, growth per update in basis points, swing.
        let accounts: [(String, Int, Int, Int, Int)] = [
            ("Aviva Workplace Pension", 24, 96_600, 90, 40), ("Trading 212 Stocks ISA", 24, 9_200, 150, 300),
            ("HL Active Savings", 22, 15_000, 30, 0), ("Flagstone Savings", 18, 20_000, 40, 0),
            ("HL Fund & Share Account", 20, 12_800, 110, 250), ("Crypto Exchange", 12, 2_000, 200, 1_500),
        ]
        let start = calendar.date(from: calendar.dateComponents([.year, .month], from: now))!
        var rows: [Row] = []
        for (index, (name, months, first, growth, swing)) in accounts.enumerated() {
            var value = FixedDecimal(first)
            var step = 0
            for month in stride(from: -(months - 1), through: 0, by: 1) {
                for day in [5, 20] {
                    var components = calendar.dateComponents([.year, .month], from: calendar.date(byAdding: .month, value: month, to: start)!)
                    (components.day, components.hour, components.minute) = (day, 9 + (index + step) % 9, (step * 7 + index * 13) % 60)
                    let at = calendar.date(from: components)!
                    guard at <= now else { continue }
                    rows.append(Row(account: name, at: at, value: value))
                    // Alternating swings around steady growth, in whole pounds.
                    let basisPoints = growth + (step % 3 == 2 ? -swing : swing / 2)
                    value = max(.zero, (value + (value.scaled(by: FixedDecimal(basisPoints), over: FixedDecimal(10_000)) ?? .zero)).rounded(toFractionDigits: 0))
                    step += 1
                }
            }
        }
        return rows
    }
}
