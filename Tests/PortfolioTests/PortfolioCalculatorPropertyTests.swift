import XCTest
import FixedPoint
import Transactions
import CurrentPrices
import Portfolio
import TestSupport
import Ledger

/// The fast calculator (Int128 fixed point, packed-key sort) against a straightforward reference
/// written with Foundation Decimal and a plain sort, on random histories from a fixed seed.
final class PortfolioCalculatorPropertyTests: XCTestCase {
    func test_summarize_matchesStraightforwardDecimalReferenceOnRandomHistories() {
        var random = SeededRandom(seed: 7)
        for round in 0..<40 {
            let (history, prices) = randomHistory(&random, count: 50 + round * 25)
            let summary = PortfolioCalculator.summarize(history.shuffled(using: &random), prices: prices)
            let reference = Reference(history)

            for holding in summary.holdings + summary.closedPositions {
                let expected = reference.positions[holding.ticker]!
                XCTAssertEqual(holding.quantity.decimal, expected.quantity, "round \(round) \(holding.ticker)")
                XCTAssertEqual(holding.expenses.decimal, expected.expenses)
                XCTAssertEqual(holding.income.decimal, expected.income)
                XCTAssertLessThan(abs((holding.costBasis.decimal - expected.costBasis) as Decimal), Decimal(string: "0.000001")!, "round \(round) \(holding.ticker)")
                if let price = prices[holding.ticker], !holding.quantity.isZero {
                    XCTAssertEqual(holding.profit?.decimal, expected.quantity * price.price.price.decimal + expected.income - expected.expenses)
                }
            }
            XCTAssertEqual(Set((summary.holdings + summary.closedPositions).map(\.ticker)), Set(reference.positions.keys))
        }
    }

    func test_costBases_areTheSummarysHoldingsCostBases_underEitherMethod() {
        var random = SeededRandom(seed: 11)
        for round in 0..<20 {
            let (history, prices) = randomHistory(&random, count: 40 + round * 20)
            for method in CostBasisMethod.allCases {
                let positions = PortfolioCalculator.positions(of: history, method: method)
                let summary = PortfolioCalculator.summarize(positions, prices: prices)

                let costBases = PortfolioCalculator.costBases(of: positions)
                for holding in summary.holdings + summary.closedPositions {
                    XCTAssertEqual(costBases[holding.ticker], holding.costBasis, "round \(round), \(method), \(holding.ticker)")
                }
                XCTAssertEqual(Set(costBases.keys), Set((summary.holdings + summary.closedPositions).map(\.ticker)))
            }
        }
    }

    private struct Reference {
        struct Position { var quantity = Decimal(0), costBasis = Decimal(0), expenses = Decimal(0), income = Decimal(0) }
        var positions: [String: Position] = [:]

        init(_ history: [Transaction]) {
            let ordered = history.sorted { ($0.date, $0.type == .buy ? 0 : 1, $0.id) < ($1.date, $1.type == .buy ? 0 : 1, $1.id) }
            for transaction in ordered {
                var position = positions[transaction.ticker, default: Position()]
                let quantity = transaction.quantity.decimal, sum = transaction.sum.decimal
                if transaction.type == .buy {
                    position.quantity += quantity
                    position.costBasis += sum
                    position.expenses += sum
                } else {
                    position.costBasis -= position.costBasis * quantity / position.quantity
                    position.quantity -= quantity
                    position.income += sum
                }
                positions[transaction.ticker] = position
            }
        }
    }

    private func randomHistory(_ random: inout SeededRandom, count: Int) -> ([Transaction], [String: LoadedPrice]) {
        let tickers = ["AAA", "BBB", "CCC", "DDD", "EEE"]
        var held: [String: Int] = [:]
        var history: [Transaction] = []
        for index in 0..<count {
            let ticker = tickers[Int(random.next() % 5)]
            let canSell = held[ticker, default: 0] > 0 && random.next() % 3 == 0
            let quantity = canSell ? 1 + Int(random.next() % UInt64(held[ticker]!)) : 1 + Int(random.next() % 40)
            held[ticker, default: 0] += canSell ? -quantity : quantity
            let sum = FixedDecimal(units: Int128(random.next() % 5_000_000 + 1) * 1_000_000)
            history.append(Transaction(id: "id\(index)", date: CalendarDay(daysSinceEpoch: Int32(18_000 + index / 3)), type: canSell ? .sell : .buy,
                                       ticker: ticker, quantity: FixedDecimal(quantity), sum: sum, note: nil, updatedAt: Date()))
        }
        var prices: [String: LoadedPrice] = [:]
        for ticker in tickers.dropLast() {
            let price = FixedDecimal(units: Int128(random.next() % 100_000 + 1) * 1_000_000)
            prices[ticker] = LoadedPrice(price: CurrentPrice(ticker: ticker, price: price, change: nil, changePercent: nil, previousClose: price,
                                                             quoteTime: Date(), fetchedAt: Date()), source: .live)
        }
        return (history, prices)
    }
}
