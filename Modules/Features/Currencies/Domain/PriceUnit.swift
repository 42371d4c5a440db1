import FixedPoint

/// The unit a price is quoted in. London quotes most shares in pence (`GBp`, also written
/// `GBX`), Tel Aviv in agorot (`ILA`) and Johannesburg in cents (`ZAc`): a price in one of them
/// is a hundredth of its currency's, and valued as pounds it would be a hundred times too high.
public struct PriceUnit: Hashable, Sendable, CustomStringConvertible {
    public let currency: CurrencyCode
    /// How many of this unit make one of the currency: 1, or 100 for a minor unit.
    public let perMajor: Int
    /// As the provider or the user wrote it (`GBp`), for display.
    public let name: String

    private static let minorUnits: [String: String] = ["GBp": "GBP", "GBX": "GBP", "GBx": "GBP", "ILA": "ILS", "ZAc": "ZAR", "ZAC": "ZAR"]

    /// A currency code, or a minor unit's name as providers spell it (case matters: `GBp` is
    /// pence where `GBP` is pounds).
    public init?(_ text: String) {
        if let major = Self.minorUnits[text], let currency = CurrencyCode(major) {
            self.currency = currency
            perMajor = 100
            name = text
        } else if let currency = CurrencyCode(text) {
            self.currency = currency
            perMajor = 1
            name = currency.code
        } else {
            return nil
        }
    }

    public var description: String { name }
    public var isMinor: Bool { perMajor != 1 }

    /// `price` in this unit, in the currency itself; nil only past `FixedDecimal`'s range.
    public func inMajorUnits(_ price: FixedDecimal) -> FixedDecimal? {
        perMajor == 1 ? price : price.divided(by: FixedDecimal(integerLiteral: perMajor))
    }
}
