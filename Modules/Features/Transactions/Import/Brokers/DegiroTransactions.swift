import FixedPoint
import Ledger

/// Degiro's trades export (Inbox › Transactions › Export › CSV, `Transactions.csv`): `Date,Time,
/// Product,ISIN,Reference exchange,Venue,Quantity,Price,,Local value,,Value EUR,Exchange rate,
/// AutoFX Fee,Transaction and/or third party fees EUR,Total EUR,Order ID,` today, with the account's
/// currency in the last columns' names; older exports give it a column of its own after each
/// (`…,Value,,Exchange rate,Transaction and/or third,,Total,,Order ID`). The names change with the
/// language, so columns are found by place: the two unnamed ones after the price and the local
/// value hold their currencies. Dates `DD-MM-YYYY`, amounts `"1,35"` or `-97.93`.
///
/// Trades only (the account statement, `--broker degiro`, has the dividends and the cash; import
/// one of the two). The quantity's sign is the side. A trade in the account's currency costs (or
/// brings) its total, fees in; one in another currency is, as with Trading 212, an exchange of the
/// account's total for the shares' local value and a trade in their own currency, so the
/// security's currency is on record. The ISIN is the ticker.
public struct DegiroTransactions: BrokerRowPreset {
    public let name = "degiro-transactions"
    public let title = "Degiro transactions"

    public init() {}

    public func reads(header: [String]) -> Bool {
        let names = header.map { $0.trimmedSpaces }
        guard names.count >= 16, names[3].uppercased() == "ISIN", names[8].isEmpty, names[10].isEmpty,
              ["datum", "date", "fecha", "data"].contains(names[0].lowercased()) else { return false }
        return Self.total(in: names) != nil
    }

    /// Where the total is, and its currency: in the column's name (`Total EUR`), or the column after.
    private static func total(in names: [String]) -> (column: Int, currency: String?)? {
        if let code = names[15].split(separator: " ").last.map(String.init), code.count == 3, code.allSatisfy({ $0.isUppercase && $0.isLetter }) {
            return (15, code)
        }
        if names.count >= 18, !names[16].isEmpty, names[17].isEmpty { return (16, nil) }
        return nil
    }

    /// Where the total and its currency are, and how many fields the header has.
    public struct Layout {
        let width: Int
        let total: (column: Int, currency: String?)?
    }

    public func layout(of header: [String]) -> Layout {
        Layout(width: header.count, total: header.count >= 16 ? Self.total(in: header.map { $0.trimmedSpaces }) : nil)
    }

    public func drafts(from record: [String], layout: Layout) -> Result<[TransactionDraft], BrokerRowProblem> {
        if record.allSatisfy({ $0.trimmedSpaces.isEmpty }) { return .success([]) }
        guard record.count >= layout.width - 1, let (totalColumn, named) = layout.total else {
            return .failure(BrokerRowProblem("expected \(layout.width) fields, found \(record.count)"))
        }
        let cell = { (index: Int) in index < record.count ? record[index].trimmedSpaces : "" }
        guard let date = BrokerNumber.europeanDate(cell(0)) else { return .failure(BrokerRowProblem("Date: '\(cell(0))' is not DD-MM-YYYY")) }
        let isin = cell(3), localCurrency = cell(10).uppercased(), accountCurrency = (named ?? cell(totalColumn + 1)).uppercased()
        guard !isin.isEmpty, let quantity = BrokerNumber.parseEitherMark(cell(6)), !quantity.isZero,
              let local = BrokerNumber.parseEitherMark(cell(9)), let total = BrokerNumber.parseEitherMark(cell(totalColumn)),
              !localCurrency.isEmpty, !accountCurrency.isEmpty else {
            return .failure(BrokerRowProblem("a trade needs its ISIN, Quantity, Local value and Total, with their currencies"))
        }
        let isBuy = !quantity.isNegative, note = "Degiro: \(isBuy ? "Buy" : "Sell") — \(cell(2))"
        if localCurrency == accountCurrency {
            return .success([.broker(isBuy ? .buy : .sell, date: date, ticker: isin, quantity: quantity, sum: total, currency: accountCurrency, note: note)])
        }
        return .success(TransactionDraft.brokerTrade(buying: isBuy, date: date, ticker: isin, quantity: quantity, sum: local, in: localCurrency,
                                     settled: total, in: accountCurrency, note: note))
    }
}
