import XCTest
import FixedPoint
import Ledger
import Savings

/// A clock the test moves, and ids in the order they are made.
final class SavingsTestEnvironment {
    var now: Date
    private var nextID = 0

    init(now: Date) { self.now = now }

    func makeID() -> String {
        nextID += 1
        return String(format: "id%04d", nextID)
    }
}

func savingsError(_ body: () throws -> Any) -> SavingsError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? SavingsError
    }
}

/// 2025-07-27 14:30:00 UTC, the example moment of the sample sets.
let july27 = Date(timeIntervalSince1970: 1_753_626_600)

func day(_ days: Double, after date: Date = july27) -> Date { date.addingTimeInterval(days * 86_400) }
