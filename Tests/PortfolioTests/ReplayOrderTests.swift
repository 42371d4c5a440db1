import XCTest
import FixedPoint
import Ledger
import Transactions
import Portfolio
import TransactionsTestSupport

/// A history's figures depend on what its records say, never on the order they were written in:
/// a day's records written in any order, or written again with a new note, give the same
/// positions, gains and holdings, replayed or folded a record at a time.
final class ReplayOrderTests: XCTestCase {
    func test_aDaysRecordsWrittenInAnyOrder_orWithNewNotes_giveTheSameFigures_replayedOrFolded() {
        for seed in 1...40 {
            var random = RandomHistory(seed: UInt64(seed) * 7_919)
            // Three days, so most records share a day (and a rank) with others.
            let history = (0..<40).map { _ in random.transaction().on(day: random.next(below: 3)) }
            let expected = Figures(of: history)
            for variant in 0..<4 {
                let written = rewritten(history, &random, withNotes: variant % 2 == 1)

                XCTAssertEqual(Figures(of: written), expected, "seed \(seed), variant \(variant), replayed")
                XCTAssertEqual(Figures(foldingInTurn: written), expected, "seed \(seed), variant \(variant), folded")
            }
        }
    }

    func test_replayOrder_isByDayThenRankThenWhenTheIdWasMade_notByWhereItWasWritten() {
        let made = { (time: UInt64, random: UInt64) in LedgerIdentifier.identifier(random: random, time: time) }
        let (first, second, third) = (made(1_000, .max), made(1_001, 0), made(1_002, 5))
        let history = [makeTransaction(id: third, date: "2024-01-02", type: .sell, quantity: "1", sum: "1"),
                       makeTransaction(id: second, date: "2024-01-02", type: .sell, quantity: "1", sum: "1"),
                       makeTransaction(id: "z", date: "2024-01-02", type: .buy, quantity: "2", sum: "1"),
                       makeTransaction(id: first, date: "2024-01-02", type: .sell, quantity: "1", sum: "1"),
                       makeTransaction(id: "a", date: "2024-01-01", type: .sell, quantity: "1", sum: "1")]

        XCTAssertEqual(ReplayOrder.indices(of: history).map { history[$0].id }, ["a", "z", first, second, third])
    }

    // MARK: - Helpers

    /// What a history adds up to, in every read model that orders a day's records.
    private struct Figures: Equatable {
        let positions: [CostBasisMethod: PortfolioCalculator.PositionsFold]
        let gains: [CostBasisMethod: [RealizedGain]]
        let tally: TransactionsTally

        init(of history: [Transaction]) {
            var positions: [CostBasisMethod: PortfolioCalculator.PositionsFold] = [:], gains: [CostBasisMethod: [RealizedGain]] = [:]
            for method in CostBasisMethod.allCases {
                positions[method] = PortfolioCalculator.PositionsFold(history: history, method: method)
                gains[method] = Array(RealizedGainsProjection(base: "USD", method: method, history: history).gains())
            }
            (self.positions, self.gains, tally) = (positions, gains, TransactionsTally(base: "USD", history: history))
        }

        /// As a checkpoint keeps them: each record folded in its turn, the history so far
        /// replayed where one can't be.
        init(foldingInTurn history: [Transaction]) {
            var positions: [CostBasisMethod: PortfolioCalculator.PositionsFold] = [:], gains: [CostBasisMethod: [RealizedGain]] = [:]
            for method in CostBasisMethod.allCases {
                var fold = PortfolioCalculator.PositionsFold(method: method), projection = RealizedGainsProjection(base: "USD", method: method)
                for count in history.indices {
                    if !fold.fold(history[count]) { fold = PortfolioCalculator.PositionsFold(history: Array(history[...count]), method: method) }
                    if !projection.fold(history[count]) { projection = RealizedGainsProjection(base: "USD", method: method, history: Array(history[...count])) }
                }
                (positions[method], gains[method]) = (fold, Array(projection.gains()))
            }
            var tally = TransactionsTally(base: "USD")
            for count in history.indices where !tally.fold(history[count]) { tally = TransactionsTally(base: "USD", history: Array(history[...count])) }
            (self.positions, self.gains, self.tally) = (positions, gains, tally)
        }
    }

    /// `history` written in another order; with notes, some of its records written again last
    /// with a new note, as an edit writes them.
    private func rewritten(_ history: [Transaction], _ random: inout RandomHistory, withNotes: Bool) -> [Transaction] {
        var shuffled = history
        for index in shuffled.indices.reversed() { shuffled.swapAt(index, random.next(below: index + 1)) }
        guard withNotes else { return shuffled }
        for _ in 0..<5 {
            let noted = shuffled.remove(at: random.next(below: shuffled.count))
            shuffled.append(noted.with(note: "checked"))
        }
        return shuffled
    }
}

private extension Transaction {
    func on(day: Int) -> Transaction {
        with(date: CalendarDay(year: 2024, month: 1, day: 2 + day)!)
    }
}
