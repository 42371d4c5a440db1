import Ledger

extension DecodingEntryValidator {
    /// Rates, their coverage and securities from outside are read as this client reads its own:
    /// a rate of zero never reaches a total. What both clients check pulled records with.
    public static var currencies: DecodingEntryValidator {
        DecodingEntryValidator(decoders(ExchangeRatesLedgerCodec.self) + decoders(RatesCoverageLedgerCodec.self) + decoders(SecuritiesLedgerCodec.self))
    }
}
