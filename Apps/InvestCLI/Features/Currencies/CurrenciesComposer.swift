import Projections
import Foundation
import TerminalKit
import ClientComposition
import Currencies
import MarketDataAPI

/// Currencies' use cases: the base currency and the ECB's reference rates.
struct CurrenciesComposer {
    let app: AppComposer

    func baseCurrency() throws -> CurrencyCode {
        try app.configuration().baseCurrency()
    }

    /// Kept rates, and with `offline` false Frankfurter's (INVEST_FX_URL, else api.frankfurter.app)
    /// for the days not asked about yet. Fetched rates are kept past the undo log, as closes are.
    func exchangeRates(offline: Bool) throws -> ExchangeRatesProviding {
        let loader = offline ? nil : FrankfurterExchangeRates(baseURL: try app.configuration().url("INVEST_FX_URL") ?? FrankfurterExchangeRates.defaultBaseURL,
                                                               client: try app.remoteServices().client(timeout: 15))
        return try app.readModels().exchangeRates(loader: loader)
    }

    /// Each known security's trading currency (pounds for a price in pence), read once when first asked.
    func securityCurrencies() throws -> (String) -> String? {
        let securities = ManageSecuritiesUseCase(store: LedgerSecuritiesStore(ledger: try app.ledger()), now: app.context.now)
        var known: [String: String]?
        return { ticker in
            if known == nil {
                known = Dictionary((try? securities.all())?.map { ($0.ticker, $0.unit.currency.code) } ?? []) { $1 }
            }
            return known?[ticker]
        }
    }

    /// Each known security's price unit by ticker (`GBp`, `USD`); a security that can't be read is
    /// named on stderr and left out, never failing a quote.
    func securityUnits() throws -> [String: String] {
        let securities = ManageSecuritiesUseCase(store: LedgerSecuritiesStore(ledger: try app.ledger()), now: app.context.now)
        do throws(SecuritiesError) {
            return Dictionary(try securities.all().map { ($0.ticker, $0.unit.name) }) { $1 }
        } catch {
            app.context.console.writeNotice("invest: warning: the securities' units were not read: \(CurrenciesPresentation.securitiesError(error).message ?? "")\n")
            return [:]
        }
    }

    /// What the user sets is undoable, as every record they make.
    func manageSecurities() throws -> SecuritiesManaging {
        ManageSecuritiesUseCase(store: LedgerSecuritiesStore(ledger: try app.undoableLedger(.lookedUp)), now: app.context.now)
    }
}
