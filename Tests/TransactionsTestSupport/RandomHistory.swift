import Foundation
import FixedPoint
import Transactions
import Ledger

/// Random but valid transactions of every type, in two accounts and two currencies besides the
/// base (USD, which some name outright), over a few weeks: what the tally's property tests fold
/// and replay. Seeded, so a failure can be run again.
public struct RandomHistory {
    private var state: UInt64
    private var number = 0

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }

    private mutating func pick<T>(_ choices: [T]) -> T { choices[next(below: choices.count)] }

    /// - Parameter namingTheBase: whether a transaction may name the base currency, as one
    ///   synced from another device may.
    public mutating func transaction(namingTheBase: Bool = true) -> Transaction {
        number += 1
        let id = "t\(number)-\(next(below: 1_000_000))"
        let date = CalendarDay(daysSinceEpoch: 19_723 + Int32(next(below: 40)))
        let account: String? = pick([nil, nil, "isa"])
        let currency: String? = pick(namingTheBase ? [nil, nil, "EUR", "USD"] : [nil, nil, "EUR"])
        let ticker = pick(["AAPL", "MSFT", "VOD"])
        let quantity = FixedDecimal(next(below: 8) + 1)
        let sum = FixedDecimal(next(below: 400) + 1)
        let stamp = Date(timeIntervalSince1970: 1_700_000_000)
        switch next(below: 12) {
        case 0, 1: return Transaction(id: id, date: date, type: .deposit, ticker: "", quantity: .zero, sum: FixedDecimal(next(below: 1200) + 1), account: account, currency: currency, updatedAt: stamp)
        case 2: return Transaction(id: id, date: date, type: .withdrawal, ticker: "", quantity: .zero, sum: sum, account: account, currency: currency, updatedAt: stamp)
        case 3, 4: return Transaction(id: id, date: date, type: .buy, ticker: ticker, quantity: quantity, sum: sum, account: account, currency: currency, updatedAt: stamp)
        case 5, 6: return Transaction(id: id, date: date, type: .sell, ticker: ticker, quantity: quantity, sum: sum, account: account, currency: currency, updatedAt: stamp)
        case 7: return Transaction(id: id, date: date, type: .dividend, ticker: ticker, quantity: .zero, sum: sum, account: account, currency: currency, updatedAt: stamp)
        case 8: return Transaction(id: id, date: date, type: .fee, ticker: pick(["", ticker]), quantity: .zero, sum: sum, account: account, currency: currency, updatedAt: stamp)
        case 9: return Transaction(id: id, date: date, type: .split, ticker: ticker, quantity: .zero, sum: .zero, ratio: pick([SplitRatio("2:1")!, SplitRatio("1:2")!]),
                                   account: account, updatedAt: stamp)
        case 10: return Transaction(id: id, date: date, type: .fx, ticker: "", quantity: .zero, sum: sum, account: account, currency: currency,
                                    toSum: sum, toCurrency: currency == "EUR" ? nil : "EUR", updatedAt: stamp)
        default:
            let to: String? = account == nil ? "isa" : nil
            return pick([true, false])
                ? Transaction(id: id, date: date, type: .transfer, ticker: ticker, quantity: quantity, sum: .zero, account: account, toAccount: to, updatedAt: stamp)
                : Transaction(id: id, date: date, type: .transfer, ticker: "", quantity: .zero, sum: sum, account: account, currency: currency, toAccount: to, updatedAt: stamp)
        }
    }
}

extension RandomHistory {
    /// An edit of `transaction`: a new note, sum, date or quantity, or a whole other transaction
    /// under the same id.
    /// - Parameter namingTheBase: whether the other transaction may name the base currency.
    public mutating func edit(of transaction: Transaction, namingTheBase: Bool = true) -> Transaction {
        let other = self.transaction(namingTheBase: namingTheBase)
        switch next(below: 5) {
        case 0: return transaction.with(note: "fixed")
        case 1: return transaction.with(sum: transaction.sum + FixedDecimal(next(below: 300)))
        case 2: return transaction.with(date: other.date)
        case 3: return transaction.with(quantity: other.quantity)
        default: return other.with(id: transaction.id)
        }
    }
}

extension Transaction {
    /// The same transaction with some fields changed: an edit's new version, or a copy under another id.
    public func with(id: String? = nil, date: CalendarDay? = nil, quantity: FixedDecimal? = nil, sum: FixedDecimal? = nil, note: String? = nil) -> Transaction {
        Transaction(id: id ?? self.id, date: date ?? self.date, type: type, ticker: ticker, quantity: quantity ?? self.quantity, sum: sum ?? self.sum,
                    ratio: ratio, note: note ?? self.note, account: account, currency: currency, toSum: toSum, toCurrency: toCurrency, toAccount: toAccount,
                    updatedAt: updatedAt)
    }
}
