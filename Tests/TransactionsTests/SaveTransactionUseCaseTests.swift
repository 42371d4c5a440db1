import XCTest
import Ledger
import Transactions
import TestSupport
import TransactionsTestSupport

final class SaveTransactionUseCaseTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_720_000_000)
    private let today = day("2024-07-03")

    func test_init_doesNotMessageStore() {
        let (_, store) = makeSUT()
        XCTAssertEqual(store.messages, [])
    }

    func test_save_newBuy_readsTheHistoryOnceForTheCashRule_andAppends() throws {
        let (sut, store) = makeSUT(ids: ["new-id"])

        let saved = try sut.save(draft(type: "buy", ticker: "aapl", quantity: "4", sum: "10"), replacing: nil)

        XCTAssertEqual(saved, Transaction(id: "new-id", date: day("2024-07-01"), type: .buy, ticker: "AAPL",
                                          quantity: 4, sum: 10, note: nil, updatedAt: now))
        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .retrieveAll, .upsert(saved), .endExclusiveAccess])
    }

    func test_save_refusesABuyThatOverdrawsCash_onceADepositExists_andSavesNothing() {
        let (sut, store) = makeSUT()
        store.stored = [makeCash(date: "2024-06-01", type: .deposit, sum: "99.99")]

        XCTAssertThrowsError(try sut.save(draft(sum: "100"), replacing: nil)) { error in
            guard case let .wouldOverdraw(violation)? = error as? SaveTransactionError else { return XCTFail("got \(error)") }
            XCTAssertEqual(violation.available, fixed("99.99"))
        }
        XCTAssertFalse(store.messages.contains { if case .upsert = $0 { return true } else { return false } })
    }

    func test_save_neverBlocksABuyWithoutAnyDeposit() {
        let (sut, _) = makeSUT()
        XCTAssertNoThrow(try sut.save(draft(sum: "1000000"), replacing: nil))
    }

    func test_save_refusesAnEditThatShrinksADepositBelowWhatWasSpent() {
        let (sut, store) = makeSUT()
        store.stored = [makeCash(id: "dep", date: "2024-06-01", type: .deposit, sum: "100"), makeTransaction(date: "2024-06-02", type: .buy, sum: "80")]

        XCTAssertThrowsError(try sut.save(TransactionDraft(date: "2024-06-01", type: "deposit", sum: "50"), replacing: "dep")) { error in
            guard case .wouldOverdraw? = error as? SaveTransactionError else { return XCTFail("got \(error)") }
        }
    }

    func test_save_refusesAReverseSplitThatStrandsALaterSell() {
        let (sut, store) = makeSUT()
        store.stored = [makeTransaction(date: "2024-01-01", type: .buy, quantity: "10"), makeTransaction(date: "2024-03-01", type: .sell, quantity: "6")]

        XCTAssertThrowsError(try sut.save(TransactionDraft(date: "2024-02-01", type: "split", ticker: "AAPL", ratio: "1:2"), replacing: nil)) { error in
            guard case let .wouldOversell(violation)? = error as? SaveTransactionError else { return XCTFail("got \(error)") }
            XCTAssertEqual(violation.held, 5)
        }
    }

    func test_save_aSplitRecordedInOneAccount_isCheckedAgainstEveryAccountsShares() {
        let (sut, store) = makeSUT()
        store.stored = [makeTransaction(date: "2024-01-01", type: .buy, quantity: "10", account: "account-isa"),
                        makeTransaction(date: "2024-03-01", type: .sell, quantity: "6", account: "account-isa")]

        XCTAssertThrowsError(try sut.save(TransactionDraft(date: "2024-02-01", type: "split", ticker: "AAPL", ratio: "1:2"), replacing: nil),
                             "the split halves the ISA's 10 shares, and its later sell of 6 is stranded") { error in
            guard case let .wouldOversell(violation)? = error as? SaveTransactionError else { return XCTFail("got \(error)") }
            XCTAssertEqual(violation.held, 5)
        }
    }

    func test_save_anEditOfASplit_isCheckedAgainstEveryAccountsShares() {
        let (sut, store) = makeSUT()
        store.stored = [makeTransaction(date: "2024-01-01", type: .buy, quantity: "10", account: "account-isa"),
                        makeTransaction(id: "split", date: "2024-02-01", type: .split, quantity: "0", sum: "0", ratio: "2:1"),
                        makeTransaction(date: "2024-03-01", type: .sell, quantity: "15", account: "account-isa")]

        XCTAssertThrowsError(try sut.save(TransactionDraft(date: "2024-04-01", type: "split", ticker: "AAPL", ratio: "2:1"), replacing: "split"),
                             "moved after the sell, the split no longer gives the ISA the 15 it sold") { error in
            guard case .wouldOversell? = error as? SaveTransactionError else { return XCTFail("got \(error)") }
        }
    }

    func test_save_refusesASplitThatMakesTheHoldingTooLargeToValue() {
        let (sut, store) = makeSUT()
        store.stored = [makeTransaction(date: "2024-01-01", type: .buy, quantity: "1000000000000", sum: "0.01")]

        XCTAssertThrowsError(try sut.save(TransactionDraft(date: "2024-02-01", type: "split", ticker: "AAPL", ratio: "1000000:1"), replacing: nil)) { error in
            guard case let .wouldOversell(violation)? = error as? SaveTransactionError else { return XCTFail("got \(error)") }
            XCTAssertEqual(violation.kind, .tooLarge)
            XCTAssertEqual(violation.held, fixed("1000000000000000000"))
        }
    }

    func test_save_acceptsASplitUpToTheLargestHolding() throws {
        let (sut, store) = makeSUT()
        store.stored = [makeTransaction(date: "2024-01-01", type: .buy, quantity: "1000000000", sum: "10")]

        let saved = try sut.save(TransactionDraft(date: "2024-02-01", type: "split", ticker: "AAPL", ratio: "1000000:1"), replacing: nil)

        XCTAssertEqual(saved.ratio?.description, "1000000:1", "10^15 shares: the largest holding")
    }

    func test_save_calculatesPriceFromQuantityAndSum() throws {
        let (sut, _) = makeSUT()
        let saved = try sut.save(draft(quantity: "3", sum: "10"), replacing: nil)
        XCTAssertEqual(saved.price, fixed("3.33333333"))
    }

    func test_save_deliversEveryFieldErrorAtOnceAndSavesNothing() {
        let (sut, store) = makeSUT()
        let invalid = TransactionDraft(date: "2024-02-30", type: "hold", ticker: "-AB", quantity: "0", sum: "-5")

        XCTAssertThrowsError(try sut.save(invalid, replacing: nil)) { error in
            guard case let .invalid(validation)? = error as? SaveTransactionError else { return XCTFail("got \(error)") }
            XCTAssertEqual(validation.errors.map(\.field), [.date, .type, .ticker, .quantity, .sum])
        }
        XCTAssertEqual(store.messages, [])
    }

    func test_save_rejectsSellBeyondQuantityHeldAndStatesIt() {
        let (sut, store) = makeSUT()
        store.stored = [makeTransaction(date: "2024-01-01", type: .buy, ticker: "AAPL", quantity: "3")]

        XCTAssertThrowsError(try sut.save(draft(type: "sell", ticker: "AAPL", quantity: "5"), replacing: nil)) { error in
            guard case let .wouldOversell(violation)? = error as? SaveTransactionError else { return XCTFail("got \(error)") }
            XCTAssertEqual(violation.held, 3)
            XCTAssertTrue(violation.description.contains("3 AAPL held"), violation.description)
        }
        XCTAssertFalse(store.messages.contains { if case .upsert = $0 { return true } else { return false } })
    }

    func test_save_acceptsSellOfExactlyTheQuantityHeld() throws {
        let (sut, store) = makeSUT()
        store.stored = [makeTransaction(date: "2024-01-01", type: .buy, ticker: "AAPL", quantity: "3")]

        XCTAssertNoThrow(try sut.save(draft(type: "sell", ticker: "AAPL", quantity: "3"), replacing: nil))
    }

    func test_save_rejectsBackdatedSellThatBreaksALaterSell() {
        let (sut, store) = makeSUT()
        store.stored = [
            makeTransaction(date: "2024-01-01", type: .buy, quantity: "5"),
            makeTransaction(date: "2024-03-01", type: .sell, quantity: "4"),
        ]

        XCTAssertThrowsError(try sut.save(draft(date: "2024-02-01", type: "sell", quantity: "2"), replacing: nil)) { error in
            guard case let .wouldOversell(violation)? = error as? SaveTransactionError else { return XCTFail("got \(error)") }
            XCTAssertEqual(violation.date, day("2024-03-01"), "the later sell is the one left without shares")
            XCTAssertEqual(violation.held, 3)
            XCTAssertEqual(violation.sold, 4)
        }
    }

    func test_save_checksEachAccountsSharesAndCashOnItsOwn() throws {
        let (sut, store) = makeSUT()
        store.stored = [makeTransaction(date: "2024-01-01", type: .buy, ticker: "AAPL", quantity: "3", account: "account-isa"),
                        makeCash(date: "2024-01-01", type: .deposit, sum: "50")]

        XCTAssertThrowsError(try sut.save(draft(type: "sell", ticker: "AAPL", quantity: "1"), replacing: nil), "the default account holds none") { error in
            guard case .wouldOversell? = error as? SaveTransactionError else { return XCTFail("got \(error)") }
        }
        var inTheISA = draft(type: "sell", ticker: "AAPL", quantity: "3")
        inTheISA.account = "account-isa"
        XCTAssertEqual(try sut.save(inTheISA, replacing: nil).account, "account-isa")
        XCTAssertThrowsError(try sut.save(draft(ticker: "MSFT", sum: "60"), replacing: nil), "the default account's cash is 50") { error in
            guard case .wouldOverdraw? = error as? SaveTransactionError else { return XCTFail("got \(error)") }
        }
    }

    func test_save_aShareTransfer_needsTheSharesInItsSourceAccount_andLetsThemBeSoldInTheOther() throws {
        let (sut, store) = makeSUT()
        store.stored = [makeTransaction(date: "2024-01-01", type: .buy, ticker: "AAPL", quantity: "3")]
        var tooMany = TransactionDraft(date: "2024-02-01", type: "transfer", ticker: "AAPL", quantity: "4")
        tooMany.toAccount = "account-isa"
        var three = tooMany
        three.quantity = "3"

        XCTAssertThrowsError(try sut.save(tooMany, replacing: nil)) { error in
            guard case .wouldOversell? = error as? SaveTransactionError else { return XCTFail("got \(error)") }
        }
        store.stored.append(try sut.save(three, replacing: nil))
        var sellThere = draft(type: "sell", ticker: "AAPL", quantity: "3")
        sellThere.account = "account-isa"

        XCTAssertEqual(try sut.save(sellThere, replacing: nil).account, "account-isa")
        XCTAssertThrowsError(try sut.save(draft(type: "sell", ticker: "AAPL", quantity: "1"), replacing: nil), "none are left in the default account")
    }

    func test_save_anExchange_needsTheCashItPays_inThatCurrency() throws {
        let (sut, store) = makeSUT()
        store.stored = [makeCash(date: "2024-01-01", type: .deposit, sum: "100")]
        var exchange = TransactionDraft(date: "2024-02-01", type: "fx", sum: "101")
        exchange.toSum = "120"
        exchange.toCurrency = "usd"

        XCTAssertThrowsError(try sut.save(exchange, replacing: nil)) { error in
            guard case let .wouldOverdraw(violation)? = error as? SaveTransactionError else { return XCTFail("got \(error)") }
            XCTAssertEqual(violation.available, 100)
        }
        exchange.sum = "100"
        let saved = try sut.save(exchange, replacing: nil)
        XCTAssertEqual([saved.toCurrency, saved.currency], ["USD", nil])
        XCTAssertEqual(saved.toSum, 120)
    }

    func test_save_anEditMovingABuyToAnotherAccount_isCheckedInTheOneItLeaves() {
        let (sut, store) = makeSUT()
        store.stored = [makeTransaction(id: "buy", date: "2024-01-01", type: .buy, ticker: "AAPL", quantity: "5"),
                        makeTransaction(date: "2024-03-01", type: .sell, ticker: "AAPL", quantity: "4")]
        var moved = draft(date: "2024-01-01", ticker: "AAPL", quantity: "5")
        moved.account = "account-isa"

        XCTAssertThrowsError(try sut.save(moved, replacing: "buy")) { error in
            guard case .wouldOversell? = error as? SaveTransactionError else { return XCTFail("got \(error)") }
        }
    }

    func test_save_editReplacesTheTransactionKeepingItsID() throws {
        let (sut, store) = makeSUT()
        let existing = makeTransaction(id: "keep-me", date: "2024-01-01", quantity: "1", sum: "10")
        store.stored = [existing]

        let saved = try sut.save(draft(date: "2024-01-01", quantity: "2", sum: "30"), replacing: "keep-me")

        XCTAssertEqual(saved.id, "keep-me")
        XCTAssertEqual(saved.updatedAt, now)
        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .retrieveID("keep-me"), .retrieveAll, .upsert(saved), .endExclusiveAccess],
                       "without a tally to say whose cash is tracked, a new sum reads the history for the cash rule, once for both rules")
    }

    func test_save_editThatStrandsALaterSellIsRejected() {
        let (sut, store) = makeSUT()
        store.stored = [
            makeTransaction(id: "buy", date: "2024-01-01", type: .buy, ticker: "AAPL", quantity: "5"),
            makeTransaction(date: "2024-03-01", type: .sell, ticker: "AAPL", quantity: "4"),
        ]

        XCTAssertThrowsError(try sut.save(draft(date: "2024-01-01", ticker: "MSFT", quantity: "5"), replacing: "buy")) { error in
            guard case .wouldOversell? = error as? SaveTransactionError else { return XCTFail("got \(error)") }
        }
    }

    func test_save_editOfUnknownIDDeliversNotFound() {
        let (sut, _) = makeSUT()
        XCTAssertThrowsError(try sut.save(draft(), replacing: "nope")) { error in
            XCTAssertEqual(error as? SaveTransactionError, .notFound(id: "nope"))
        }
    }

    func test_save_editTheChangedTallyAccepts_isSavedWithoutReadingTheHistory() throws {
        let earlier = makeTransaction(id: "recent", date: "2024-01-01", quantity: "1", sum: "10")
        let changes = TransactionChangesSpy(TallyAfterChange(earlier: earlier, tally: TransactionsTally(base: "USD")))
        let (sut, store) = makeSUT(changes: changes)

        let saved = try sut.save(draft(date: "2024-01-01", quantity: "2", sum: "30"), replacing: "recent")

        XCTAssertEqual(changes.requests, [.init(id: "recent", replacement: saved)])
        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .upsert(saved), .endExclusiveAccess])
    }

    func test_save_editTheChangedTallyFindsBreakingARule_isRefusedByReplayingTheHistory() {
        let sell = makeTransaction(date: "2024-03-01", type: .sell, ticker: "AAPL", quantity: "4")
        let buy = makeTransaction(id: "buy", date: "2024-01-01", type: .buy, ticker: "AAPL", quantity: "5")
        let shrunk = makeTransaction(id: "buy", date: "2024-01-01", type: .buy, ticker: "AAPL", quantity: "1")
        let changes = TransactionChangesSpy(TallyAfterChange(earlier: buy, tally: TransactionsTally(base: "USD", history: [shrunk, sell])))
        let (sut, store) = makeSUT(changes: changes)
        store.stored = [buy, sell]

        XCTAssertThrowsError(try sut.save(draft(date: "2024-01-01", quantity: "1"), replacing: "buy")) { error in
            guard case .wouldOversell? = error as? SaveTransactionError else { return XCTFail("got \(error)") }
        }
        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .retrieveID("buy"), .retrieve(ticker: "AAPL"), .endExclusiveAccess],
                       "the replay of the ticker's history names the sell; the same sum puts no cash at stake")
    }

    func test_save_editOfAnOlderTransaction_theChangedTallyCannotTell_replaysTheHistory() throws {
        let changes = TransactionChangesSpy(nil)
        let (sut, store) = makeSUT(changes: changes)
        store.stored = [makeTransaction(id: "old", date: "2024-01-01")]

        let saved = try sut.save(draft(date: "2024-01-01", sum: "30"), replacing: "old")

        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .retrieveID("old"), .retrieveAll, .upsert(saved), .endExclusiveAccess])
    }

    func test_save_editOfAnOlderTransactionsNoteOrSum_withNoCashTracked_readsOnlyTheEarlierVersion() throws {
        let history = [makeTransaction(id: "old", date: "2024-01-01", quantity: "1", sum: "100"), makeTransaction(date: "2024-02-01", type: .sell, quantity: "1")]
        let (sut, store) = makeSUT(beyondTheCheckpoints: history)
        var noted = draft(date: "2024-01-01", quantity: "1", sum: "100")
        noted.note = "fixed"

        let first = try sut.save(noted, replacing: "old")
        let second = try sut.save(draft(date: "2024-01-01", quantity: "1", sum: "120"), replacing: "old")

        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .retrieveID("old"), .upsert(first), .endExclusiveAccess,
                                        .beginExclusiveAccess, .retrieveID("old"), .upsert(second), .endExclusiveAccess])
    }

    func test_save_editMovingAnOlderBuy_withNoCashTracked_isCheckedAgainstItsTickersHistoryAlone() {
        let history = [makeTransaction(id: "old", date: "2024-01-01", quantity: "5"), makeTransaction(date: "2024-02-01", type: .sell, quantity: "4"),
                       makeTransaction(date: "2024-01-01", ticker: "MSFT")]
        let (sut, store) = makeSUT(beyondTheCheckpoints: history)

        XCTAssertThrowsError(try sut.save(draft(date: "2024-03-01", quantity: "5", sum: "100"), replacing: "old")) { error in
            guard case let .wouldOversell(violation)? = error as? SaveTransactionError else { return XCTFail("got \(error)") }
            XCTAssertEqual(violation.date, CalendarDay(year: 2024, month: 2, day: 1))
        }
        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .retrieveID("old"), .retrieve(ticker: "AAPL"), .endExclusiveAccess])
    }

    func test_save_editOfAnOlderSum_inAnAccountWhoseCashIsTracked_isClearedByTheTallysDaysOfCash_withoutReadingTheHistory() throws {
        let history = [makeCash(date: "2024-01-01", type: .deposit, sum: "100"), makeTransaction(id: "old", date: "2024-01-02", quantity: "1", sum: "50"),
                       makeTransaction(date: "2024-01-03", type: .sell, quantity: "1", sum: "20")]
        let (sut, store) = makeSUT(beyondTheCheckpoints: history)

        let saved = try sut.save(draft(date: "2024-01-02", quantity: "1", sum: "100"), replacing: "old")

        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .retrieveID("old"), .upsert(saved), .endExclusiveAccess])
    }

    func test_save_editOfAnOlderSum_thatOverdrawsATrackedAccount_isRefused_theHistoryNamingTheMovement() {
        let history = [makeCash(date: "2024-01-01", type: .deposit, sum: "100"), makeTransaction(id: "old", date: "2024-01-02", quantity: "1", sum: "50")]
        let (sut, store) = makeSUT(beyondTheCheckpoints: history)

        XCTAssertThrowsError(try sut.save(draft(date: "2024-01-02", quantity: "1", sum: "150"), replacing: "old")) { error in
            guard case .wouldOverdraw? = error as? SaveTransactionError else { return XCTFail("got \(error)") }
        }
        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .retrieveID("old"), .retrieveAll, .endExclusiveAccess])
    }

    func test_save_editOfAnIDTheChangedTallyNeverSaw_deliversNotFoundWithoutReadingTheHistory() {
        let (sut, store) = makeSUT(changes: TransactionChangesSpy(TallyAfterChange(earlier: nil, tally: TransactionsTally(base: "USD"))))

        XCTAssertThrowsError(try sut.save(draft(), replacing: "nope")) { error in
            XCTAssertEqual(error as? SaveTransactionError, .notFound(id: "nope"))
        }
        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .endExclusiveAccess])
    }

    func test_save_backDatedTransactionTheTallyCannotFold_isJudgedByTheChangedTallyWithoutReadingTheHistory() throws {
        let later = makeTransaction(date: "2024-06-01", type: .buy, quantity: "1")
        let changes = TransactionChangesSpy(TallyAfterChange(earlier: nil, tally: TransactionsTally(base: "USD", history: [later])))
        let (sut, store) = makeSUT(ids: ["new"], tally: TallySpy(TransactionsTally(base: "USD", history: [later])), changes: changes)

        let saved = try sut.save(draft(date: "2024-01-01"), replacing: nil)

        XCTAssertEqual(changes.requests, [.init(id: "new", replacement: saved)])
        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .upsert(saved), .endExclusiveAccess])
    }

    func test_save_deliversSavingErrorOnStoreWriteError() {
        let (sut, store) = makeSUT()
        store.writeError = TransactionsStoreError.store(.fileSystem(operation: "write", path: "transactions.log", reason: "read-only file system"))

        XCTAssertThrowsError(try sut.save(draft(), replacing: nil)) { error in
            XCTAssertEqual(error as? SaveTransactionError, .saving(TransactionsStoreError.store(.fileSystem(operation: "write", path: "transactions.log", reason: "read-only file system"))))
        }
    }

    func test_save_deliversSavingErrorWhenHistoryCannotBeRead() {
        let (sut, store) = makeSUT()
        store.retrievalError = TransactionsStoreError.store(.fileSystem(operation: "write", path: "transactions.log", reason: "unreadable"))

        XCTAssertThrowsError(try sut.save(draft(type: "sell"), replacing: nil)) { error in
            XCTAssertEqual(error as? SaveTransactionError, .saving(TransactionsStoreError.store(.fileSystem(operation: "write", path: "transactions.log", reason: "unreadable"))))
        }
    }

    func test_save_checksAndWritesInsideOneExclusiveAccess() throws {
        let (sut, store) = makeSUT()
        store.stored = [makeTransaction(date: "2024-01-01", quantity: "3")]

        let saved = try sut.save(draft(type: "sell", quantity: "1"), replacing: nil)

        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .retrieve(ticker: "AAPL"), .upsert(saved), .endExclusiveAccess])
    }

    func test_save_newTransactionTheTallyJudges_isCheckedWithoutReadingTheHistory() throws {
        let tally = TallySpy(TransactionsTally(base: "USD", history: [makeCash(date: "2024-06-01", type: .deposit, sum: "500")]))
        let (sut, store) = makeSUT(ids: ["new-id"], tally: tally)

        let saved = try sut.save(draft(type: "buy", sum: "100"), replacing: nil)

        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .upsert(saved), .endExclusiveAccess])
        XCTAssertEqual(tally.reads, 1)
    }

    func test_save_refusalTheTallyGives_isTheReplays_andSavesNothing() {
        let history = [makeCash(date: "2024-06-01", type: .deposit, sum: "99.99")]
        let (sut, store) = makeSUT(tally: TallySpy(TransactionsTally(base: "USD", history: history)))

        XCTAssertThrowsError(try sut.save(draft(sum: "100"), replacing: nil)) { error in
            guard case let .wouldOverdraw(violation)? = error as? SaveTransactionError else { return XCTFail("got \(error)") }
            XCTAssertEqual(violation.available, fixed("99.99"))
        }
        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .endExclusiveAccess])
    }

    func test_save_backDatedTransaction_isCheckedByReplayingTheHistory() throws {
        let history = [makeCash(date: "2024-06-10", type: .deposit, sum: "500")]
        let (sut, store) = makeSUT(tally: TallySpy(TransactionsTally(base: "USD", history: history)))
        store.stored = history

        XCTAssertThrowsError(try sut.save(draft(date: "2024-06-01", sum: "100"), replacing: nil)) { error in
            guard case .wouldOverdraw? = error as? SaveTransactionError else { return XCTFail("got \(error)") }
        }
        XCTAssertTrue(store.messages.contains(.retrieveAll))
    }

    func test_save_deliversSavingErrorWhenTheTallyCannotBeRead() {
        let failure = TransactionsStoreError.store(.fileSystem(operation: "read", path: "transactions.log", reason: "unreadable"))
        let tally = TallySpy(TransactionsTally(base: "USD"))
        tally.error = failure
        let (sut, _) = makeSUT(tally: tally)

        XCTAssertThrowsError(try sut.save(draft(), replacing: nil)) { error in
            XCTAssertEqual(error as? SaveTransactionError, .saving(failure))
        }
    }

    // MARK: - Helpers

    private final class TallySpy: TransactionsTallying {
        private let stub: TransactionsTally
        var error: TransactionsStoreError?
        private(set) var reads = 0

        init(_ stub: TransactionsTally) {
            self.stub = stub
        }

        func tally() throws(TransactionsStoreError) -> TransactionsTally {
            reads += 1
            if let error { throw error }
            return stub
        }
    }

    /// A change the checkpoints can't take back out (an old transaction's) over `history`: the
    /// tally as it stands is told, the tally after the change is not.
    private func makeSUT(beyondTheCheckpoints history: [Transaction], file: StaticString = #filePath, line: UInt = #line) -> (SaveTransactionUseCase, TransactionsStoreSpy) {
        let (sut, store) = makeSUT(changes: TransactionChangesSpy(nil, current: TransactionsTally(base: "USD", history: history)), file: file, line: line)
        store.stored = history
        return (sut, store)
    }

    private func makeSUT(ids: [String] = [], tally: TallySpy? = nil, changes: TransactionChangesSpy? = nil, file: StaticString = #filePath, line: UInt = #line)
        -> (SaveTransactionUseCase, TransactionsStoreSpy) {
        let store = TransactionsStoreSpy()
        var ids = ids
        let sut = SaveTransactionUseCase(store: store, today: { [today] in today }, now: { [now] in now },
                                         makeID: { ids.isEmpty ? UUID().uuidString : ids.removeFirst() }, tally: tally, changes: changes)
        trackForMemoryLeaks(store, file: file, line: line)
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, store)
    }

    private func draft(date: String = "2024-07-01", type: String = "buy", ticker: String = "AAPL",
                       quantity: String = "1", sum: String = "100") -> TransactionDraft {
        TransactionDraft(date: date, type: type, ticker: ticker, quantity: quantity, sum: sum)
    }
}
