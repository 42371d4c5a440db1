import Foundation
import FixedPoint

/// What the user adds to the journal, under the web app's names: the setup and mistake tag
/// lists, a rating entry per trade (`tradeRatings[key] = {setups, mistakes, rating}`) and a note
/// per day (`notes[YYYY-MM-DD]`).
public struct JournalAnnotations: Equatable, Sendable {
    public enum TagList: String, CaseIterable, Sendable { case setup, mistake }

    public struct Rating: Equatable, Sendable {
        public var setups: [String]
        public var mistakes: [String]
        /// 0–5 in half stars, as the web app rates.
        public var rating: FixedDecimal

        public init(setups: [String], mistakes: [String], rating: FixedDecimal) {
            self.setups = setups
            self.mistakes = mistakes
            self.rating = rating
        }
    }

    public var setupTags: [String]
    public var mistakeTags: [String]
    /// By trade key.
    public var ratings: [String: Rating]
    /// By `YYYY-MM-DD`.
    public var notes: [String: String]

    public init(setupTags: [String] = [], mistakeTags: [String] = [], ratings: [String: Rating] = [:], notes: [String: String] = [:]) {
        self.setupTags = setupTags
        self.mistakeTags = mistakeTags
        self.ratings = ratings
        self.notes = notes
    }

    public func tags(_ list: TagList) -> [String] { list == .setup ? setupTags : mistakeTags }

    /// Net P&L per tag of `list`, over the trades rated with it; untagged trades are left out.
    public func profitLoss(by list: TagList, of trades: [JournalTrade]) -> [(tag: String, profitLoss: FixedDecimal, trades: Int)] {
        var sums: [String: (FixedDecimal, Int)] = [:]
        for trade in trades {
            guard let rating = ratings[trade.key] else { continue }
            for tag in Set(list == .setup ? rating.setups : rating.mistakes) {
                let current = sums[tag] ?? (.zero, 0)
                sums[tag] = (current.0 + trade.profitLoss, current.1 + 1)
            }
        }
        return sums.map { ($0.key, $0.value.0, $0.value.1) }.sorted { $0.tag < $1.tag }
    }

    /// A tag name: 1–40 characters, no control characters, no leading or trailing space.
    /// 0, 0.5, 1, … 5.
    public static func isRating(_ value: FixedDecimal) -> Bool {
        !value.isNegative && value <= FixedDecimal(5) && (value + value).hasFractionDigits(atMost: 0)
    }

    /// Trimmed, as the web app trims a new tag, of any length it allows (up to 1,000 characters
    /// here), and with no control character, which no text field types.
    public static func isTag(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 1000 && name == name.trimmingCharacters(in: .whitespaces)
            && !name.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
