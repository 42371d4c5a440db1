import XCTest
import Ledger
import InvestmentAccounts

final class AccountsEntryValidatorTests: XCTestCase {
    func test_rejections_refuseAPulledAccountWhoseNameAnotherHas_inAnyCase_keepingTheFirst() {
        let kept = [entry("account-1", "ISA")]
        let incoming = [entry("account-2", "isa"), entry("account-3", "dup"), entry("account-4", "DUP"), entry("account-5", "SIPP")]

        let rejections = AccountsEntryValidator().rejections(of: incoming, over: kept)

        XCTAssertEqual(rejections.map(\.id), ["account-2", "account-4"])
        XCTAssertEqual(rejections.first?.reasons, ["an account named 'isa' exists already (account-1)"])
    }

    func test_rejections_letAnAccountBeRenamedOrPulledAgain_andRefuseAnUnreadableOne() {
        let kept = [entry("account-1", "ISA"), entry("account-2", "SIPP")]
        let incoming = [entry("account-1", "Stocks ISA"), entry("account-2", "SIPP"), entry("account-3", "default"),
                        LedgerEntry(id: "account-4", kind: "account", schema: 1, updatedAt: 1, payload: LedgerPayload([("name", "x")]))]

        let rejections = AccountsEntryValidator().rejections(of: incoming, over: kept)

        XCTAssertEqual(rejections.map(\.id), ["account-3", "account-4"], "the default account's name, and no kind")
    }

    func test_rejectionsWithoutLiveEntries_areNone_whenNoAccountIsAmongThem_andUntoldWhenOneIs() {
        let buy = LedgerEntry(id: "b", kind: "buy", schema: 1, updatedAt: 1)

        XCTAssertEqual(AccountsEntryValidator().rejectionsWithoutLiveEntries(of: [buy]), [])
        XCTAssertNil(AccountsEntryValidator().rejectionsWithoutLiveEntries(of: [buy, entry("account-1", "ISA")]))
    }

    func test_ids_areTheAccountsAmongTheEntries() {
        let entries = [entry("account-1", "ISA"), LedgerEntry(id: "b", kind: "buy", schema: 1, updatedAt: 1), entry("account-2", "SIPP")]

        XCTAssertEqual(AccountsLedgerCodec.ids(among: entries), ["account-1", "account-2"])
    }

    // MARK: - Helpers

    private func entry(_ id: String, _ name: String) -> LedgerEntry {
        LedgerEntry(id: id, kind: "account", schema: 1, updatedAt: 1, payload: LedgerPayload([("kind", "isa"), ("name", name)]))
    }
}
