import FixedPoint
import Ledger

/// Degiro's account statement (Inbox › Account statement › Export › CSV, `Account.csv`): `Datum,
/// Tijd,Valutadatum,Product,ISIN,Omschrijving,FX,Mutatie,,Saldo,,Order Id` in Dutch (`Date,Time,
/// Value date,Product,ISIN,Description,FX,Change,,Balance,,Order ID` in English, the same in its
/// other languages): the currency of a change in `Mutatie`, its amount in the unnamed column
/// after it. Dates are `DD-MM-YYYY`, amounts `"1,35"` or `-97.93` (both in one file), newest
/// first; a long Order Id may wrap onto a line of its own, which holds nothing else.
///
/// Degiro's account statement names a security by ISIN alone, so the ISIN is the ticker. By
/// the description (in Dutch, English, German, French, Spanish or Portuguese):
/// - `Koop 1 @ 33,9 USD` (Buy, Kauf, Achat, Compra) buys the shares for the change, in its
///   currency; `Verkoop` (Sell, Verkauf, Vente, Venta) sells them; the fees are rows of their own;
/// - `Dividend` (Dividende, Dividendo) is a dividend; `Dividendbelasting` (Dividend Tax,
///   Dividendensteuer, Impôts sur dividende, Retención del dividendo) is withholding tax, a fee
///   of the same security noted as that dividend's;
/// - a transaction fee or an exchange's connection fee (`kosten`, `Fee`, `Gebühr`, `Frais`,
///   `Comissões`, `Comisión`) is a fee, of its security when it names one;
/// - `Valuta Debitering` and `Valuta Creditering` (FX Debit/Credit, Retirada/Ingreso Cambio de
///   Divisa) are the two halves of one exchange, paired by their date, time and product;
/// - `iDEAL Deposit`, `Storting`, `Deposit`, `Ingreso` are deposits; `terugstorting`,
///   `Withdrawal`, `Retirada` withdrawals; interest is interest;
/// - sweeps to and from flatexDEGIRO's bank account, reservations of a deposit and the notices
///   of a transfer (no amount) are cash moving within the account, so left out.
/// A product change (`PRODUCTWIJZIGING : Koop 500 @ …` and `… Verkoop 500 @ …`) that sells and
/// buys back the same shares of the same ISIN changes nothing here, so it is left out; one that
/// moves them to another ISIN, and any other row, is named, to be added by hand.
public struct DegiroAccount: BrokerPreset {
    public let name = "degiro"
    public let title = "Degiro account statement"

    public init() {}

    public func reads(header: [String]) -> Bool {
        guard header.count >= 11 else { return false }
        let names = header.map { $0.trimmedSpaces.lowercased() }
        return names[4] == "isin" && ["datum", "date", "fecha", "data"].contains(names[0]) && names[11...].contains { $0.hasPrefix("order") }
    }

    public func reader(header: [String]) -> BrokerFileReader { Reader(width: header.count) }

    private final class Reader: BrokerFileReader {
        private let width: Int
        /// Halves of an exchange waiting for their other, by date, time and product.
        private var halves: [String: (line: Int, currency: String, amount: FixedDecimal, note: String)] = [:]
        /// Product changes' rows, paired once the file is read: the two sides may be hours apart.
        private var productChanges: [(line: Int, key: String, isBuy: Bool)] = []

        init(width: Int) { self.width = width }

        func read(_ record: [String], line: Int) -> [BrokerReading] {
            let cell = { (index: Int) in index < record.count ? record[index].trimmedSpaces : "" }
            // A wrapped Order Id's tail, or a blank line.
            if cell(0).isEmpty { return [] }
            guard record.count == width else { return [BrokerReading(line: line, .failure(BrokerRowProblem("expected \(width) fields, found \(record.count)")))] }
            guard let date = BrokerNumber.europeanDate(cell(0)) else {
                return [BrokerReading(line: line, .failure(BrokerRowProblem("Datum: '\(cell(0))' is not DD-MM-YYYY")))]
            }
            let description = BrokerNumber.repairingMojibake(cell(5)), isin = cell(4), currency = cell(7).uppercased()
            let note = "Degiro: \(description)" + (cell(3).isEmpty ? "" : " — \(cell(3))")
            let amount = BrokerNumber.parseEitherMark(cell(8))
            let kind = Self.kind(of: description)
            if case .exchangeHalf = kind {
                guard let amount, !amount.isZero, !currency.isEmpty else { return [] }
                let key = "\(cell(0)) \(cell(1)) \(cell(3))"
                guard let other = halves.removeValue(forKey: key) else {
                    halves[key] = (line, currency, amount, note)
                    return []
                }
                let (paid, received) = amount.isNegative ? ((currency, amount), (other.currency, other.amount)) : ((other.currency, other.amount), (currency, amount))
                guard paid.1.isNegative, !received.1.isNegative else {
                    return [BrokerReading(line: line, .failure(BrokerRowProblem("\(description): the two halves of this exchange both pay or both receive")))]
                }
                return [BrokerReading(line: line, .success([.brokerExchange(date: date, paid: paid.1, in: paid.0, received: received.1, in: received.0, note: note)]))]
            }
            if case let .productChange(isBuy, quantity) = kind {
                productChanges.append((line, "\(date) \(isin) \(quantity.map { "\($0)" } ?? "?")", isBuy))
                return []
            }
            guard case let .mapped(rowKind, quantity) = kind else {
                if case .ignored = kind { return [] }
                return [BrokerReading(line: line, .failure(BrokerRowProblem("\(description): not an action this import maps; leave the row out and add it by hand")))]
            }
            var row = BrokerRow(date: date, action: description, kind: rowKind, symbol: isin, quantity: quantity, amount: amount, note: note, currency: currency)
            if case .fee = rowKind, Self.isWithholdingTax(description) {
                row = BrokerRow(date: date, action: description, kind: .fee, symbol: isin, quantity: nil, amount: amount,
                                note: "Degiro: withholding tax on the \(cell(3).isEmpty ? isin : cell(3)) dividend of \(date)", currency: currency)
            }
            return [BrokerReading(line: line, row.drafts)]
        }

        func finish() -> [BrokerReading] {
            var unpaired = productChanges
            for buy in productChanges where buy.isBuy {
                if let sell = unpaired.firstIndex(where: { !$0.isBuy && $0.key == buy.key }), let bought = unpaired.firstIndex(where: { $0.line == buy.line }) {
                    unpaired.remove(at: max(sell, bought))
                    unpaired.remove(at: min(sell, bought))
                }
            }
            let changes = unpaired.map {
                BrokerReading(line: $0.line, .failure(BrokerRowProblem("a product change that moves shares to another ISIN is not mapped; add it by hand")))
            }
            let exchanges = halves.values.map {
                BrokerReading(line: $0.line, .failure(BrokerRowProblem("an exchange's other half (Valuta Creditering or Debitering at the same time) is not in the file")))
            }
            return (changes + exchanges).sorted { $0.line < $1.line }
        }

        private enum Kind {
            case mapped(BrokerRow.Kind, quantity: FixedDecimal?)
            case productChange(isBuy: Bool, quantity: FixedDecimal?)
            case exchangeHalf, ignored, unknown
        }

        private static func kind(of description: String) -> Kind {
            let text = description.lowercased()
            func has(_ words: String...) -> Bool { words.contains { text.contains($0) } }
            if let colon = description.firstIndex(of: ":"), has("productwijziging", "product change", "produktänderung", "changement de produit", "cambio de producto") {
                guard case let .mapped(kind, quantity) = Self.kind(of: String(description[description.index(after: colon)...]).trimmedSpaces) else { return .unknown }
                return kind == .buy || kind == .sell ? .productChange(isBuy: kind == .buy, quantity: quantity) : .unknown
            }
            if has("valuta creditering", "valuta debitering", "fx credit", "fx debit", "cambio de divisa", "währungswechsel", "change de devise",
                   "de divisa", "crédit de devise", "débit de devise") { return .exchangeHalf }
            // Shares given as a dividend: a buy of them for nothing.
            if let colon = description.firstIndex(of: ":"), has("stock dividend", "stockdividend", "dividende en actions", "aktiendividende") {
                guard case let .mapped(.buy, quantity) = Self.kind(of: String(description[description.index(after: colon)...]).trimmedSpaces) else { return .unknown }
                return .mapped(.buy, quantity: quantity)
            }
            // A money-market fund's result, which Degiro books as cash: income or a cost, by its sign.
            if has("fonds monétaires", "geldmarktfonds", "money market", "fondos monetarios", "fundos monetários") { return .mapped(.interest, quantity: nil) }
            // A refund of fees, money from the broker.
            if has("courtesy", "kulanz", "geste commercial") { return .mapped(.interest, quantity: nil) }
            if has("cash sweep", "overboeking", "reservation", "processed flatex", "transfer to your cash account", "transfer from your cash account") { return .ignored }
            if isWithholdingTax(description) { return .mapped(.fee, quantity: nil) }
            if has("dividend") { return .mapped(.dividend, quantity: nil) }
            if has("kosten", "fee", "gebühr", "frais", "comiss", "comisión") { return .mapped(.fee, quantity: nil) }
            if has("rente", "interest", "zinsen", "intérêts") { return .mapped(.interest, quantity: nil) }
            let words = description.split(separator: " ").map(String.init)
            if let verb = words.first?.lowercased() {
                let quantity = words.dropFirst().lazy.compactMap { BrokerNumber.parseEitherMark($0) }.first
                if ["koop", "buy", "kauf", "achat", "compra"].contains(verb) { return .mapped(.buy, quantity: quantity) }
                if ["verkoop", "sell", "verkauf", "vente", "venta", "venda"].contains(verb) { return .mapped(.sell, quantity: quantity) }
            }
            if has("terugstorting", "withdrawal", "auszahlung", "retrait", "retirada") { return .mapped(.cash, quantity: nil) }
            if has("deposit", "storting", "einzahlung", "dépôt", "ingreso") { return .mapped(.cash, quantity: nil) }
            return .unknown
        }

        static func isWithholdingTax(_ description: String) -> Bool {
            let text = description.lowercased()
            return ["dividendbelasting", "dividend tax", "dividendensteuer", "impôts sur dividende", "retención", "imposto sobre dividendo"].contains { text.contains($0) }
        }
    }
}
