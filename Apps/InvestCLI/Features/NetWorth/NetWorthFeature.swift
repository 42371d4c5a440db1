import TerminalKit
import ClientComposition

extension FeatureRegistration {
    /// Everything owned, in the base currency. Its records are the other features'.
    static let netWorth = FeatureRegistration(title: "Net worth", kinds: []) { app in
        [NetWorthCommand(prices: app.pricesLoader(offline:), netWorth: app.computeNetWorth(prices:offline:),
                          overTime: app.computeNetWorthHistory(prices:offline:), accounts: app.accountsView)]
    }
}
