import TerminalKit
import ClientComposition

extension FeatureRegistration {
    /// Everything owned, in the base currency. Its records are the other features'.
    static let netWorth = FeatureRegistration(title: "Net worth", kinds: []) { app in
        [NetWorthCommand(prices: app.prices.pricesLoader(offline:), netWorth: app.netWorth.computeNetWorth(prices:offline:),
                          overTime: app.netWorth.computeNetWorthHistory(prices:offline:), accounts: app.investmentAccounts.accountsView)]
    }
}
