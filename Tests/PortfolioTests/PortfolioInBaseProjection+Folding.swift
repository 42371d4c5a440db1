import Transactions
import Portfolio

extension PortfolioInBaseProjection {
    /// `history` folded a transaction at a time, replayed up to one whenever a fold can't take it,
    /// as the checkpointed reader does.
    func folding(_ history: [Transaction]) -> PortfolioInBaseProjection {
        var folded = self
        for count in history.indices where !folded.fold(history[count]) { folded = folded.replaying(Array(history[...count])) }
        return folded
    }
}
