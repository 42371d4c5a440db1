import TerminalKit
import ClientComposition
import Ledger
import Currencies

extension FeatureRegistration {
    /// Exchange rates into the base currency every total is shown in.
    static let currencies = FeatureRegistration(title: "Currencies",
                                                kinds: ExchangeRatesLedgerCodec.kinds + RatesCoverageLedgerCodec.kinds + SecuritiesLedgerCodec.kinds,
                                                validator: { app in CurrenciesEntryValidator(today: { app.context.today }) }) { app in
        [RateCommands(rates: app.currencies.exchangeRates(offline:), base: app.currencies.baseCurrency).group,
         SecurityCommands(securities: app.currencies.manageSecurities).group]
    }
}
