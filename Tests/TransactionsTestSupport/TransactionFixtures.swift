import Foundation
import FixedPoint
import Transactions
import TestSupport
import Ledger

public func day(_ iso: String) -> CalendarDay {
    guard let day = CalendarDay(iso: iso) else { fatalError("bad fixture date \(iso)") }
    return day
}

public func makeTransaction(id: String = UUID().uuidString.lowercased(), date: String = "2024-01-02", type: TransactionType = .buy,
                            ticker: String = "AAPL", quantity: String = "1", sum: String = "100", ratio: String? = nil,
                            note: String? = nil, account: String? = nil, updatedAt: Date = Date(timeIntervalSince1970: 1_700_000_000)) -> Transaction {
    Transaction(id: id, date: day(date), type: type, ticker: ticker, quantity: fixed(quantity), sum: fixed(sum),
                ratio: ratio.map { SplitRatio($0)! }, note: note, account: account, updatedAt: updatedAt)
}

/// A movement of cash only (deposit, withdrawal, interest, or an account fee).
public func makeCash(id: String = UUID().uuidString.lowercased(), date: String = "2024-01-02", type: TransactionType, sum: String) -> Transaction {
    makeTransaction(id: id, date: date, type: type, ticker: "", quantity: "0", sum: sum)
}
