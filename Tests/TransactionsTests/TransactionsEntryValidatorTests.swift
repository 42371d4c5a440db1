import XCTest
import Ledger
import Projections
import Transactions
import TestSupport
import TransactionsTestSupport

final class TransactionsEntryValidatorTests: XCTestCase {
    private let today = day("2024-07-03")

    func test_rejections_acceptValidBuysAndSellsAndOtherKinds() {
        let incoming = [entry(makeTransaction(id: "b", ticker: "AAPL", quantity: "2")),
                        entry(makeTransaction(id: "s", date: "2024-01-03", type: .sell, ticker: "AAPL", quantity: "2")),
                        LedgerEntry(id: "d", kind: "coupon", schema: 1, updatedAt: 1, payload: LedgerPayload([("anything", "-5")]))]

        XCTAssertEqual(makeSUT().rejections(of: incoming, over: []), [])
    }

    func test_rejections_nameEachBrokenFieldAsTypedInputWouldBe() {
        let incoming = [
            raw("negative", ["date": "2024-01-02", "quantity": "-5", "sum": "10", "ticker": "AAPL"]),
            raw("future", ["date": "2099-01-01", "quantity": "1", "sum": "10", "ticker": "AAPL"]),
            raw("ticker", ["date": "2024-01-02", "quantity": "1", "sum": "10", "ticker": "lowercase ticker!"]),
            raw("escape", ["date": "2024-01-02", "quantity": "1", "sum": "10", "ticker": "\u{1B}]0;pwned\u{07}"]),
            raw("lower", ["date": "2024-01-02", "quantity": "1", "sum": "10", "ticker": "aapl"]),
            raw("unreadable", ["date": "2024-01-02", "quantity": "lots", "sum": "10", "ticker": "AAPL"]),
        ]

        let rejections = makeSUT().rejections(of: incoming, over: [])

        XCTAssertEqual(rejections.map(\.id), ["negative", "future", "ticker", "escape", "lower", "unreadable"])
        XCTAssertEqual(rejections[0].reasons, ["quantity: must be greater than 0, got -5"])
        XCTAssertEqual(rejections[1].reasons, ["date: 2099-01-01 is in the future (today is 2024-07-03)"])
        XCTAssertTrue(rejections[2].reasons[0].hasPrefix("ticker: 'lowercase ticker!' must be 1-12 characters"), "\(rejections[2].reasons)")
        XCTAssertEqual(rejections[4].reasons, ["ticker: 'aapl' is not in its stored, upper-case form"])
        XCTAssertEqual(rejections[5].reasons, ["its quantity can't be read"])
    }

    func test_rejections_refuseASellThatOversellsWhatIsHeldLocallyPlusWhatIsAccepted() {
        let heldLocally = [entry(makeTransaction(id: "local-buy", date: "2024-01-01", ticker: "MSFT", quantity: "10"))]
        let incoming = [entry(makeTransaction(id: "fine", date: "2024-02-01", type: .sell, ticker: "MSFT", quantity: "4")),
                        entry(makeTransaction(id: "oversell", date: "2024-03-01", type: .sell, ticker: "MSFT", quantity: "1000"))]

        let rejections = makeSUT().rejections(of: incoming, over: heldLocally)

        XCTAssertEqual(rejections.map(\.id), ["oversell"])
        XCTAssertTrue(rejections[0].reasons[0].contains("6 MSFT held on that date"), "\(rejections[0].reasons)")
    }

    func test_rejections_refuseAPulledShareTransferOutOfAnAccountThatHoldsTooFew_thoughTheAccountsTogetherHoldEnough() {
        let heldLocally = [entry(makeTransaction(id: "default-buy", date: "2024-01-01", ticker: "AAPL", quantity: "10")),
                           entry(makeTransaction(id: "isa-buy", date: "2024-01-01", ticker: "AAPL", quantity: "2", account: "isa"))]
        let incoming = [entry(transfer("too-many", ticker: "AAPL", quantity: "5", from: "isa", to: nil)),
                        entry(transfer("fine", ticker: "AAPL", quantity: "1", from: "isa", to: nil))]

        let rejections = makeSUT().rejections(of: incoming, over: heldLocally)

        XCTAssertEqual(rejections.map(\.id), ["too-many"])
        XCTAssertTrue(rejections.first?.reasons.first?.hasPrefix("transferring 5 AAPL on 2024-02-01 would leave a negative holding: 1 AAPL") == true, "\(rejections)")
    }

    func test_rejections_refuseAPulledCashTransferOrWithdrawal_thatOverdrawsATrackedPot() {
        let heldLocally = [entry(makeCash(id: "deposit", date: "2024-01-01", type: .deposit, sum: "900"))]
        let incoming = [entry(transfer("five-thousand", sum: "5000", from: nil, to: "isa")),
                        entry(makeCash(id: "fine", date: "2024-02-02", type: .withdrawal, sum: "100"))]

        let rejections = makeSUT().rejections(of: incoming, over: heldLocally)

        XCTAssertEqual(rejections.map(\.id), ["five-thousand"])
        XCTAssertTrue(rejections.first?.reasons.first?.contains("900.00 available on that date") == true, "\(rejections)")
    }

    func test_rejections_refuseAPulledTransactionNamingAnAccountNotHere_countingAccountsPulledWithIt() {
        let account = LedgerEntry(id: "account-new", kind: "account", schema: 1, updatedAt: 1)
        let sut = TransactionsEntryValidator(today: { [today] in today }, accountIDs: { entries in Set(entries.filter { $0.kind == "account" }.map(\.id)) })
        let incoming = [entry(makeTransaction(id: "nowhere", date: "2024-01-02", type: .deposit, ticker: "", quantity: "0", sum: "5", account: "account-gone")),
                        entry(makeTransaction(id: "pulled-with-it", date: "2024-01-02", type: .deposit, ticker: "", quantity: "0", sum: "5", account: "account-new")), account,
                        entry(transfer("into-nowhere", sum: "1", from: nil, to: "account-gone"))]

        let rejections = sut.rejections(of: incoming, over: [])

        XCTAssertEqual(rejections.map(\.id), ["nowhere", "into-nowhere"])
        XCTAssertEqual(rejections.first?.reasons, ["its account account-gone is not an account on this device"])
        XCTAssertNil(sut.rejectionsWithoutLiveEntries(of: [incoming[1]]), "only the entries kept name the accounts")
        let told = TransactionsEntryValidator(today: { [today] in today }, changes: ReplayedChangeTally(history: [incoming[1].asTransaction], base: "USD"),
                                              accountIDs: { _ in [] })
        XCTAssertEqual(told.rejectionsWithoutLiveEntries(of: [entry(incoming[1].asTransaction.with(sum: fixed("6")))]), [],
                       "a version of a record in the account it was in, as an undo puts back")
    }

    func test_rejections_refuseAPulledSplitThatMakesTheHoldingTooLargeToValue_namingItAsASplit() {
        let heldLocally = [entry(makeTransaction(id: "buy", date: "2024-01-01", ticker: "AAPL", quantity: "1000000000000", sum: "0.01"))]
        let incoming = [entry(makeTransaction(id: "split", date: "2024-02-01", type: .split, ticker: "AAPL", quantity: "0", sum: "0", ratio: "1000000:1"))]

        let rejections = makeSUT().rejections(of: incoming, over: heldLocally)

        XCTAssertEqual(rejections.map(\.id), ["split"])
        XCTAssertEqual(rejections.first?.kind, "split")
        XCTAssertTrue(rejections.first?.reasons.first?.contains("more than the 1000000000000000 invest can value exactly") == true, "\(rejections)")
    }

    func test_rejections_refuseADeletionFromAnotherDeviceThatWouldStrandALocalSell() {
        let buy = makeTransaction(id: "buy", date: "2024-01-01", ticker: "AAPL", quantity: "20")
        let sell = makeTransaction(id: "sell", date: "2024-02-01", type: .sell, ticker: "AAPL", quantity: "20")

        let rejections = makeSUT().rejections(of: [.tombstone(id: "buy", kind: "buy", at: 9)], over: [entry(buy), entry(sell)])

        XCTAssertEqual(rejections.map(\.id), ["buy"])
        XCTAssertTrue(rejections[0].reasons[0].hasPrefix("its deletion on another device would leave the sell sell without shares"), "\(rejections)")
    }

    func test_rejections_refuseAnEditFromAnotherDeviceThatWouldStrandALocalSell_butAcceptAHarmlessOne() {
        let buy = makeTransaction(id: "buy", date: "2024-01-01", ticker: "AAPL", quantity: "20")
        let sell = makeTransaction(id: "sell", date: "2024-02-01", type: .sell, ticker: "AAPL", quantity: "15")
        let shrunk = makeTransaction(id: "buy", date: "2024-01-01", ticker: "AAPL", quantity: "10", updatedAt: Date(timeIntervalSince1970: 2_000_000_000))
        let noted = makeTransaction(id: "buy", date: "2024-01-01", ticker: "AAPL", quantity: "20", note: "n", updatedAt: Date(timeIntervalSince1970: 2_000_000_000))

        XCTAssertEqual(makeSUT().rejections(of: [entry(shrunk)], over: [entry(buy), entry(sell)]).map(\.id), ["buy"])
        XCTAssertEqual(makeSUT().rejections(of: [entry(noted)], over: [entry(buy), entry(sell)]), [])
    }

    func test_rejections_passANewerLayoutThrough_keptForTheReleaseThatReadsIt() {
        let newer = LedgerEntry(id: "n", kind: "buy", schema: 3, updatedAt: 1, payload: LedgerPayload([("lots", "[1]")]))

        XCTAssertEqual(makeSUT().rejections(of: [newer], over: []), [])
    }

    /// An undo's one record, checked from the tally after it, gives the rejections a check over
    /// every live entry gives, whenever it gives any answer: random histories across two
    /// accounts, each changed by random adds, edits (some into the future) and deletes.
    func test_rejectionsWithoutLiveEntries_areTheRejectionsOverTheLiveEntries_whenTheTallyTells() {
        let counts = checkChangesFromTheTally(ofSize: 1...1)

        XCTAssertGreaterThan(counts.told, 400, "most changes are told from the tally")
        XCTAssertGreaterThan(counts.refusedByTheHistory, 20, "what it can't tell includes the refusals")
        XCTAssertGreaterThan(counts.untold, counts.refusedByTheHistory, "and some the history accepts")
    }

    /// An undo of an import puts back several records at once: told from the tally after all of
    /// them, it gives what the check over every live entry gives.
    func test_rejectionsWithoutLiveEntries_ofSeveralRecordsAtOnce_areTheRejectionsOverTheLiveEntries_whenTheTallyTells() {
        let counts = checkChangesFromTheTally(ofSize: 2...6)

        XCTAssertGreaterThan(counts.told, 200, "most batches are told from the tally")
        XCTAssertGreaterThan(counts.refusedByTheHistory, 20, "what it can't tell includes the refusals")
    }

    func test_rejectionsWithoutLiveEntries_needTheTally_andOneEntryPerRecord() {
        let buy = entry(makeTransaction(id: "buy", ticker: "AAPL", quantity: "2"))
        let changes = ReplayedChangeTally(history: [], base: "USD")

        XCTAssertNil(makeSUT().rejectionsWithoutLiveEntries(of: [buy]))
        XCTAssertNil(makeSUT(changes: changes).rejectionsWithoutLiveEntries(of: [buy, .tombstone(id: "buy", kind: "buy", at: 9)]))
        XCTAssertEqual(makeSUT(changes: changes).rejectionsWithoutLiveEntries(of: [buy]), [])
        XCTAssertEqual(makeSUT(changes: changes).rejectionsWithoutLiveEntries(of: [buy, entry(makeTransaction(id: "other"))]), [])
    }

    /// Random histories changed by batches of `sizes` random adds, edits (some into the future)
    /// and deletes, each of its own record; each batch the tally tells must be told as the
    /// history tells it. Returns how many were told, how many not, and how many of those the
    /// history refused.
    private func checkChangesFromTheTally(ofSize sizes: ClosedRange<Int>, file: StaticString = #filePath, line: UInt = #line)
        -> (told: Int, untold: Int, refusedByTheHistory: Int) {
        var told = 0, untold = 0, refusedByTheHistory = 0
        for seed in 1...40 {
            var random = RandomHistory(seed: UInt64(seed) * 97)
            var history: [Transaction] = []
            for _ in 0..<40 {
                let candidate = random.transaction(namingTheBase: false)
                if makeSUT().rejections(of: [entry(candidate)], over: history.map(entry)).isEmpty { history.append(candidate) }
            }
            for _ in 0..<20 {
                var batch: [LedgerEntry] = []
                for _ in 0..<(sizes.lowerBound + random.next(below: sizes.count)) {
                    let earlier = history[random.next(below: history.count)]
                    let change: LedgerEntry
                    switch random.next(below: 4) {
                    case 0: change = entry(random.transaction(namingTheBase: false))
                    case 1: change = .tombstone(id: earlier.id, kind: TransactionsLedgerCodec.kind(of: earlier.type).name, at: 9)
                    case 2: change = entry(earlier.with(date: random.next(below: 10) == 0 ? day("2099-01-01") : CalendarDay(daysSinceEpoch: earlier.date.daysSinceEpoch + 7)))
                    default: change = entry(random.transaction(namingTheBase: false).with(id: earlier.id))
                    }
                    if !batch.contains(where: { $0.id == change.id }) { batch.append(change) }
                }
                let overTheHistory = makeSUT().rejections(of: batch, over: history.map(entry))
                let changes = ReplayedChangeTally(history: history, base: "USD")
                if let fromTheTally = makeSUT(changes: changes).rejectionsWithoutLiveEntries(of: batch) {
                    XCTAssertEqual(fromTheTally, overTheHistory, "seed \(seed): \(batch)", file: file, line: line)
                    told += 1
                } else {
                    untold += 1
                    refusedByTheHistory += overTheHistory.isEmpty ? 0 : 1
                }
                if overTheHistory.isEmpty {
                    for change in batch {
                        history.removeAll { $0.id == change.id }
                        if let changed = try? TransactionsLedgerCodec.record(from: change) { history.append(changed) }
                    }
                }
            }
        }
        return (told, untold, refusedByTheHistory)
    }

    // MARK: - Helpers

    private func makeSUT(changes: TransactionChangeTallying? = nil) -> TransactionsEntryValidator {
        TransactionsEntryValidator(today: { [today] in today }, changes: changes)
    }

    private func transfer(_ id: String, ticker: String = "", quantity: String = "0", sum: String = "0", from: String?, to: String?) -> Transaction {
        Transaction(id: id, date: day("2024-02-01"), type: .transfer, ticker: ticker, quantity: fixed(quantity), sum: fixed(sum), account: from, toAccount: to,
                    updatedAt: Date(timeIntervalSince1970: 1_700_000_000))
    }

    private func entry(_ transaction: Transaction) -> LedgerEntry {
        TransactionsLedgerCodec.entry(for: transaction)
    }

    private func raw(_ id: String, _ fields: [String: String]) -> LedgerEntry {
        LedgerEntry(id: id, kind: "buy", schema: 1, updatedAt: 1, payload: LedgerPayload(fields.map { ($0.key, $0.value) }))
    }
}

private extension LedgerEntry {
    var asTransaction: Transaction { try! TransactionsLedgerCodec.record(from: self)! }
}
