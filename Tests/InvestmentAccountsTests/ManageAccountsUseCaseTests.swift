import XCTest
import Ledger
import TestSupport
import InvestmentAccounts

final class ManageAccountsUseCaseTests: XCTestCase {
    func test_add_keepsAnAccountUnderARandomID_andListsItAfterTheDefault() throws {
        let (sut, _) = makeSUT()

        let isa = try sut.add(name: " Stocks ISA ", kind: .isa)
        _ = try sut.add(name: "Broker", kind: .taxable)

        XCTAssertEqual(isa.id, "account-id1")
        XCTAssertEqual(isa.name, "Stocks ISA")
        XCTAssertEqual(try sut.all().map(\.name), ["default", "Broker", "Stocks ISA"])
        XCTAssertEqual(try sut.account(named: "stocks isa"), isa)
        XCTAssertEqual(try sut.account(named: "DEFAULT"), .default)
    }

    func test_add_refusesATakenName_aBadOne_andTheDefaults() throws {
        let (sut, _) = makeSUT()
        _ = try sut.add(name: "ISA", kind: .isa)

        XCTAssertThrowsError(try sut.add(name: "isa", kind: .isa)) { XCTAssertEqual($0 as? AccountsError, .nameTaken("ISA")) }
        XCTAssertThrowsError(try sut.add(name: "", kind: .isa)) { XCTAssertEqual($0 as? AccountsError, .invalidName("")) }
        XCTAssertThrowsError(try sut.add(name: "a\u{1b}b", kind: .isa)) { XCTAssertEqual($0 as? AccountsError, .invalidName("a\u{1b}b")) }
        XCTAssertThrowsError(try sut.add(name: String(repeating: "x", count: 41), kind: .isa))
        XCTAssertThrowsError(try sut.add(name: "Default", kind: .isa)) { XCTAssertEqual($0 as? AccountsError, .defaultAccount) }
    }

    func test_rename_keepsTheID_soNoTransactionChanges() throws {
        let (sut, _) = makeSUT()
        let isa = try sut.add(name: "ISA", kind: .isa)
        _ = try sut.add(name: "Pension", kind: .pension)

        let renamed = try sut.rename("isa", to: "Stocks ISA")

        XCTAssertEqual(renamed.id, isa.id)
        XCTAssertEqual(try sut.account(named: "Stocks ISA").id, isa.id)
        XCTAssertThrowsError(try sut.rename("Stocks ISA", to: "pension")) { XCTAssertEqual($0 as? AccountsError, .nameTaken("Pension")) }
        XCTAssertThrowsError(try sut.rename("default", to: "Main")) { XCTAssertEqual($0 as? AccountsError, .defaultAccount) }
    }

    func test_close_keepsTheAccount_closed_once() throws {
        let (sut, _) = makeSUT()
        _ = try sut.add(name: "Old broker", kind: .taxable)

        let closed = try sut.close("old broker")

        XCTAssertEqual(closed.closedAt, Date(timeIntervalSince1970: 1_720_000_000))
        XCTAssertTrue(try sut.account(named: "Old broker").isClosed)
        XCTAssertThrowsError(try sut.close("Old broker")) { XCTAssertEqual($0 as? AccountsError, .closed("Old broker")) }
        XCTAssertThrowsError(try sut.close("default")) { XCTAssertEqual($0 as? AccountsError, .defaultAccount) }
    }

    func test_account_ofAnUnknownName_namesTheAccountsThereAre() throws {
        let (sut, _) = makeSUT()
        _ = try sut.add(name: "ISA", kind: .isa)

        XCTAssertThrowsError(try sut.account(named: "IAS")) { XCTAssertEqual($0 as? AccountsError, .noSuchAccount("IAS", known: ["default", "ISA"])) }
    }

    func test_codec_refusesAnAccountThatIsNone() throws {
        let (sut, ledger) = makeSUT()
        let isa = try sut.add(name: "ISA", kind: .isa)
        let entry = AccountsLedgerCodec.entry(for: isa, updatedAt: 1)
        XCTAssertEqual(try AccountsLedgerCodec.record(from: entry), isa)

        for (field, value) in [("name", "default"), ("name", ""), ("kind", "savings"), ("closedAt", "-1")] {
            let fields = entry.payload.fields.filter { $0.name != field } + [(field, value)]
            let tampered = LedgerEntry(id: entry.id, kind: entry.kind, schema: 1, updatedAt: 2, payload: LedgerPayload(fields))
            XCTAssertThrowsError(try AccountsLedgerCodec.record(from: tampered), "\(field)=\(value)")
        }
        XCTAssertEqual(ledger.retrieveEntries().count, 1)
    }

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (ManageAccountsUseCase, InMemoryLedgerStore) {
        let ledger = InMemoryLedgerStore()
        var next = 0
        let sut = ManageAccountsUseCase(store: LedgerAccountsStore(ledger: ledger), now: { Date(timeIntervalSince1970: 1_720_000_000) },
                                        makeID: { next += 1; return "id\(next)" })
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, ledger)
    }
}
