import Foundation

/// An ISO 4217 currency: the three letters every total, price and exchange rate is named by.
public struct CurrencyCode: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let code: String

    /// Only a code in use: `usd` reads as USD, and a typo is refused rather than kept.
    public init?(_ text: String) {
        let upper = text.uppercased()
        guard Self.active.contains(upper) else { return nil }
        code = upper
    }

    public var description: String { code }
    public static func < (lhs: CurrencyCode, rhs: CurrencyCode) -> Bool { lhs.code < rhs.code }

    public static let usd = CurrencyCode("USD")!
    public static let eur = CurrencyCode("EUR")!

    /// The codes of ISO 4217's current list (2025), without funds, metals and testing codes.
    public static let active: Set<String> = Set("""
        AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF \
        CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG \
        HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA \
        MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD \
        RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX \
        USD UYU UZS VES VND VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG
        """.split(separator: " ").map(String.init))
}
