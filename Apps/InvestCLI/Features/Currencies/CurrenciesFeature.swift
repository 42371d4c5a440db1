import TerminalKit
import ClientComposition
import Ledger
import Currencies

extension FeatureRegistration {
    /// Exchange rates into the base currency every total is shown in.
    static let currencies = FeatureRegistration(title: "Currencies",
                                                kinds: ExchangeRatesLedgerCodec.kinds + RatesCoverageLedgerCodec.kinds + SecuritiesLedgerCodec.kinds,
                                                validator: { _ in DecodingEntryValidator.currencies }) { app in
        [RateCommands(rates: app.exchangeRates(offline:), base: app.baseCurrency).group,
         SecurityCommands(securities: app.manageSecurities).group]
    }
}
