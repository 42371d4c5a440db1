import TerminalKit
import ClientComposition
import Transactions

extension FeatureRegistration {
    /// The CLI's own commands: the tour, settings and shell completion.
    static let shell = FeatureRegistration(title: "Setup", kinds: []) { app in
        [DemoCommand(context: app.context, dataDirectory: app.dataDirectory),
         ConfigCommands(environment: app.context.environment, dataDirectory: app.dataDirectory, readStandardInput: app.context.readStandardInput).group,
         CompletionCommands(engine: {
            CompletionEngine(resolver: app.commandTree(), tickers: { home in
                CompletionTickers.held(in: AppComposer(context: app.context, homeOverride: home ?? app.homeOverride, features: app.features))
            },
                             settingKeys: Configuration.settings.map(\.key))
         }, tree: app.commandTree).group]
    }
}

/// The tickers a shell offers where one is expected: those the user holds or held.
enum CompletionTickers {
    static func held(in app: AppComposer) -> [String] {
        guard let transactions = try? app.transactions.retrieveTransactions().retrieve(.all, order: .unspecified) else { return [] }
        return Set(transactions.map(\.ticker).filter { !$0.isEmpty }).sorted()
    }
}
