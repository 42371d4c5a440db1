import TerminalKit
import ClientComposition
import FixedPoint
import CurrentPrices
import Transactions
import TradingDesk

/// `invest buy|sell TICKER QUANTITY`: a trade at the market price, shown and confirmed before it
/// is saved, so a stale price is never used unasked.
struct MarketOrderCommand: Command {
    let side: OrderSide
    let orders: () throws -> (MarketOrderPlacing, PriceMode)
    let accounts: () throws -> AccountsView

    var spec: CommandSpec {
        let verb = side == .buy ? "Buy" : "Sell"
        return CommandSpec(
            name: side.rawValue, summary: "\(verb) shares at the market price now (asks first on a terminal)",
            options: [Self.yes, Self.allowStale, Self.format],
            arguments: [.required("TICKER", completes: .ticker), .required("QUANTITY")])
    }
    static let yes = CommandSpec.Flag("yes", "Place the order without asking; needed when not at a terminal", short: "y")
    static let allowStale = CommandSpec.Flag("allow-stale", "When the price service is down, trade at the last known price (noted on the transaction)")
    static let format = CommandSpec.Value<OutputFormat>.format("How to print the saved transaction (default: a sentence)")

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[Self.format] ?? .table
        let (ticker, quantity) = (arguments.positionals[0], arguments.positionals[1])
        let allowStale = arguments[Self.allowStale]
        let console = io.console
        // Asked before any price is fetched: a script without --yes learns at once.
        guard console.isInteractive || arguments[Self.yes] else {
            throw CLIError.usage("not at a terminal, so the order can't be confirmed; pass --yes to place it. Nothing was traded.")
        }
        let (placing, mode) = try orders()
        let presenter = DeskPresentation(now: io.now, localTime: io.localTime)
        let order: MarketOrder
        do throws(MarketOrderError) {
            order = try placing.prepare(side, ticker: ticker, quantity: quantity)
        } catch {
            throw presenter.error(error)
        }
        if mode == .sample { console.writeNotice("invest: warning: \(RemoteServices.samplePricesWarning)\n") }
        if order.isStale {
            console.writeNotice("invest: warning: the price service is down; \(order.ticker)'s last known price is \(presenter.age(order)) old (stale).\n")
            guard allowStale else {
                throw CLIError.usage("the only price for \(order.ticker) is stale, so the order was not placed. Pass --allow-stale to trade at it anyway.")
            }
        }
        if console.isInteractive, !arguments[Self.yes] {
            console.write("\n  \(presenter.orderLine(order))\n")
            guard Confirmation.isYes(console.readLine(prompt: "Place this order? [y/N] ")) else {
                return console.writeError("Cancelled; nothing was traded.\n")
            }
        }
        let saved: Transaction
        do throws(MarketOrderError) {
            saved = try placing.place(order, allowStale: allowStale)
        } catch {
            throw presenter.error(error)
        }
        if format == .table {
            let cash = order.cashAfter.map { " Cash: \($0.formatted(fractionDigits: 2))\(order.currency.map { " \($0)" } ?? "")." } ?? ""
            console.write("\(side == .buy ? "Bought" : "Sold") \(saved.quantity) \(saved.ticker) at \(order.price.price.price.formatted(fractionDigits: 2)) "
                + "for \(saved.sum.formatted(fractionDigits: 2)) (\(saved.id.prefix(TransactionPresentation.shortIDLength))).\(cash)\n")
        } else {
            console.write(try TransactionPresentation.result("", saved, format: format, accounts: accounts))
        }
    }
}
