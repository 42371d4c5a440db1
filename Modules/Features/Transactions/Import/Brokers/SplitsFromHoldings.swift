import FixedPoint
import Ledger

/// A split that a broker writes as the shares it added (Schwab's and Vanguard's "Stock split"
/// rows), with no ratio. Its ratio is worked out once the file is read, from the shares the
/// file's own rows held the day before: (held + added) : held. So the file must hold the
/// security's history; when it holds none of its shares before the split, the row is named.
///
/// `BrokerRow.Kind.splitAdding` gives such a row as a split draft with no ratio and the shares
/// added as its quantity; this reader keeps it back and passes every other draft on.
final class SplitsFromHoldings: BrokerFileReader {
    private let inner: BrokerFileReader
    /// Every draft passed on: the holdings the ratios are worked out from.
    private var passedOn: [TransactionDraft] = []
    private var pending: [(line: Int, split: TransactionDraft)] = []

    init(_ inner: BrokerFileReader) {
        self.inner = inner
    }

    func read(_ record: [String], line: Int) -> [BrokerReading] {
        inner.read(record, line: line).map { reading in
            guard case let .success(drafts) = reading.result else { return reading }
            var passed: [TransactionDraft] = []
            for draft in drafts {
                if Self.isSplitAdding(draft) { pending.append((reading.line, draft)) } else { passed.append(draft) }
            }
            passedOn += passed
            return BrokerReading(line: reading.line, .success(passed))
        }
    }

    func finish() -> [BrokerReading] {
        var readings = inner.finish()
        // In date order, so an earlier split's shares count for a later one's.
        for (line, split) in pending.sorted(by: { ($0.split.date ?? "", $0.line) < ($1.split.date ?? "", $1.line) }) {
            let ticker = split.ticker ?? "", day = split.date ?? ""
            let held = held(of: ticker, before: day)
            guard let added = split.quantity.flatMap(FixedDecimal.init).map(BrokerNumber.magnitude), held > .zero,
                  let ratio = BrokerNumber.splitRatio(after: held + added, before: held) else {
                readings.append(BrokerReading(line: line, .failure(BrokerRowProblem(
                    "a split of \(ticker) adds shares without its ratio, and the file holds none of them before \(day) to work it out from; "
                        + "leave the row out and add it by hand (invest add --type split --ticker \(ticker.isEmpty ? "T" : ticker) --ratio A:B)"))))
                continue
            }
            var resolved = TransactionDraft(date: split.date, type: TransactionType.split.rawValue, ticker: split.ticker, ratio: ratio,
                                            note: (split.note ?? "") + " (\(held) shares held, \(added) added)")
            resolved.currency = split.currency
            passedOn.append(resolved)
            readings.append(BrokerReading(line: line, .success([resolved])))
        }
        return readings
    }

    private static func isSplitAdding(_ draft: TransactionDraft) -> Bool {
        draft.type == TransactionType.split.rawValue && draft.ratio == nil && draft.quantity != nil
    }

    /// What the drafts read so far held of `ticker` before `day`, in date order.
    private func held(of ticker: String, before day: String) -> FixedDecimal {
        let earlier = passedOn.enumerated().filter { $0.element.ticker == ticker && ($0.element.date ?? "") < day }
            .sorted { ($0.element.date ?? "", $0.offset) < ($1.element.date ?? "", $1.offset) }.map(\.element)
        return earlier.reduce(FixedDecimal.zero) { held, draft in
            let quantity = draft.quantity.flatMap(FixedDecimal.init) ?? .zero
            switch draft.type {
            case TransactionType.buy.rawValue: return held + quantity
            case TransactionType.sell.rawValue: return held - quantity
            case TransactionType.split.rawValue: return draft.ratio.flatMap(SplitRatio.init).map { $0.apply(to: held) } ?? held
            default: return held
            }
        }
    }
}
