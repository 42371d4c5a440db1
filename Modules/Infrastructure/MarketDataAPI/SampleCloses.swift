import Foundation
import FixedPoint
import Transactions
import Analytics
import QuotesAPI
import Ledger
import CurrentPrices

/// A made-up but repeatable history for the sample stocks, so charts work with no API key: a
/// close every weekday, ending on the latest weekday up to today at the sample price, the one
/// before at the sample previous close, and before that a walk of daily moves within ±2%
/// (up 0.05% a day on average) that depends only on the ticker and how many weekdays back
/// the day is. Whatever shows it says "sample".
public final class SampleCloses: DailyClosesLoading {
    /// Twenty years of weekdays: enough for any window a chart asks for.
    static let maximumWeekdays = 5_300

    private let today: () -> CalendarDay

    public init(today: @escaping () -> CalendarDay) {
        self.today = today
    }

    public func closes(of ticker: String, from: CalendarDay, to: CalendarDay) throws(CandlesError) -> [DailyClose] {
        guard let stock = SamplePriceLoader.stocks.first(where: { $0.ticker == ticker }) else { return [] }
        var day = today().adding(days: 1).previousWeekday
        var close = stock.price
        var closes: [DailyClose] = []
        let seed = Self.seed(ticker)
        for back in 0..<Self.maximumWeekdays where day >= from {
            if day <= to { closes.append(DailyClose(ticker: ticker, day: day, close: close)) }
            close = back == 0 ? stock.previousClose : Self.previous(close, move: Self.move(seed: seed, back: back))
            day = day.previousWeekday
        }
        return closes.reversed()
    }

    /// The close before one that followed a move of `basisPoints`, to the cent, never below one.
    private static func previous(_ close: FixedDecimal, move basisPoints: Int) -> FixedDecimal {
        let before = close.scaled(by: FixedDecimal(10_000), over: FixedDecimal(10_000 + basisPoints))?.rounded(toFractionDigits: 2) ?? close
        return max(before, FixedDecimal(units: FixedDecimal.scale / 100))
    }

    /// −190…+200 basis points, from SplitMix64 of the ticker's seed and the day.
    private static func move(seed: UInt64, back: Int) -> Int {
        var z = seed &+ UInt64(back) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % 391) - 190
    }

    /// FNV-1a of the ticker: the same walk on every machine and every run.
    private static func seed(_ ticker: String) -> UInt64 {
        ticker.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }
}
