import XCTest
import Analytics
import Ledger

extension DailyClosesLoading {
    /// What asking for a week of AAPL throws, or nil when it answers.
    func error() -> CandlesError? {
        do {
            _ = try closes(of: "AAPL", from: CalendarDay(iso: "2024-07-01")!, to: CalendarDay(iso: "2024-07-07")!)
            return nil
        } catch {
            return error
        }
    }
}

func day(_ iso: String) -> CalendarDay { CalendarDay(iso: iso)! }
