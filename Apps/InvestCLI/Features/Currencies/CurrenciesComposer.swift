import Foundation
import TerminalKit
import ClientComposition
import Currencies
import MarketDataAPI

/// Currencies' use cases: the base currency and the ECB's reference rates.
extension AppComposer {
    /// INVEST_BASE_CURRENCY, else US dollars.
    func baseCurrency() throws -> CurrencyCode {
        guard let text = configuration()["INVEST_BASE_CURRENCY"] else { return .usd }
        guard let code = CurrencyCode(text) else {
            throw CLIError.usage("INVEST_BASE_CURRENCY '\(text.escapedForTerminal)' is not an ISO 4217 currency code; use one such as USD, EUR or GBP.")
        }
        return code
    }

    /// Kept rates, and with `offline` false Frankfurter's (INVEST_FX_URL, else api.frankfurter.app)
    /// for the days not asked about yet. Fetched rates are kept past the undo log, as closes are.
    func exchangeRates(offline: Bool) throws -> ExchangeRatesProviding {
        let loader = offline ? nil : FrankfurterExchangeRates(baseURL: try configuration().url("INVEST_FX_URL") ?? FrankfurterExchangeRates.defaultBaseURL,
                                                               client: try remoteServices().client(timeout: 15))
        return ExchangeRatesUseCase(store: LedgerExchangeRatesStore(ledger: try ledger()), loader: loader, now: context.now)
    }

    /// What the user sets is undoable, as every record they make.
    func manageSecurities() throws -> SecuritiesManaging {
        ManageSecuritiesUseCase(store: LedgerSecuritiesStore(ledger: try undoableLedger(.lookedUp)), now: context.now)
    }
}
