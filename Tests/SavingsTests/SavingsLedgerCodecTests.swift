import XCTest
import Ledger
import Savings
import TestSupport

final class SavingsLedgerCodecTests: XCTestCase {
    func test_accountsAndUpdates_roundTripThroughEntries() throws {
        let closed = SavingsAccount(id: "a", name: "HL S&S ISA = \\ and=signs", createdAt: day(-9), closedAt: day(-1))
        let inEuros = SavingsAccount(id: "b", name: "Sparbuch", createdAt: day(-9), currency: "EUR")
        let value = ValueUpdate(id: "u", accountID: "a", value: fixed("1234.56"), at: july27, recordedAt: Date(timeIntervalSince1970: 1_800_000_000))

        XCTAssertEqual(try SavingsLedgerCodec.record(from: SavingsLedgerCodec.entry(for: closed, updatedAt: 1)), .account(closed))
        XCTAssertEqual(try SavingsLedgerCodec.record(from: SavingsLedgerCodec.entry(for: inEuros, updatedAt: 1)), .account(inEuros))
        XCTAssertNil(SavingsLedgerCodec.entry(for: closed, updatedAt: 1).payload["currency"], "an account in the base currency is written as before")
        XCTAssertEqual(try SavingsLedgerCodec.record(from: SavingsLedgerCodec.entry(for: value, updatedAt: 1_800_000_000_000)), .update(value))
        XCTAssertNil(try SavingsLedgerCodec.record(from: LedgerEntry(id: "x", kind: "buy", schema: 1, updatedAt: 1)))
        XCTAssertNil(try SavingsLedgerCodec.record(from: .tombstone(id: "u", kind: "savings-update", at: 2)))
    }

    func test_record_namesTheFieldThatIsInvalid_andRefusesANewerSchema() {
        func decoding(_ kind: String, _ fields: [(String, String)], schema: Int = 1) -> LedgerDecodingError? {
            thrownError(LedgerDecodingError.self) {
                try SavingsLedgerCodec.record(from: LedgerEntry(id: "e", kind: kind, schema: schema, updatedAt: 1, payload: LedgerPayload(fields.map { ($0.0, $0.1) }))) as Any
            }
        }

        XCTAssertEqual(decoding("savings-update", [("account", "a"), ("at", "1"), ("value", "-1")]), .invalidField(id: "e", kind: "savings-update", field: "value"))
        XCTAssertEqual(decoding("savings-update", [("account", "a"), ("at", "9223372036854775807"), ("value", "1")]),
                       .invalidField(id: "e", kind: "savings-update", field: "at"))
        XCTAssertEqual(decoding("savings-update", [("account", ""), ("at", "1"), ("value", "1")]), .invalidField(id: "e", kind: "savings-update", field: "account"))
        XCTAssertEqual(decoding("savings-account", [("createdAt", "1"), ("name", "\u{1B}[2J")]), .invalidField(id: "e", kind: "savings-account", field: "name"))
        XCTAssertEqual(decoding("savings-account", [("closedAt", "x"), ("createdAt", "1"), ("name", "ISA")]), .invalidField(id: "e", kind: "savings-account", field: "closedAt"))
        XCTAssertEqual(decoding("savings-account", [("createdAt", "1"), ("currency", "eur"), ("name", "ISA")]),
                       .invalidField(id: "e", kind: "savings-account", field: "currency"))
        XCTAssertEqual(decoding("savings-account", [("name", "ISA")], schema: 2), .newerSchema(id: "e", kind: "savings-account", schema: 2, supported: 1))
    }

    func test_validator_rejectsPulledRecordsThatBreakTheRules_andPassesOtherKinds() {
        let good = SavingsLedgerCodec.entry(for: ValueUpdate(id: "good", accountID: "a", value: fixed("1"), at: july27), updatedAt: 1)
        let future = SavingsLedgerCodec.entry(for: ValueUpdate(id: "future", accountID: "a", value: fixed("1"), at: july27.addingTimeInterval(1)), updatedAt: 1)
        let negative = LedgerEntry(id: "negative", kind: "savings-update", schema: 1, updatedAt: 1,
                                   payload: LedgerPayload([("account", "a"), ("at", "1"), ("value", "-5")]))
        let badAccount = SavingsLedgerCodec.entry(for: ValueUpdate(id: "badAccount", accountID: "a b", value: fixed("1"), at: july27), updatedAt: 1)
        let newer = LedgerEntry(id: "newer", kind: "savings-update", schema: 2, updatedAt: 1, payload: LedgerPayload([("value", "-5")]))
        let other = LedgerEntry(id: "other", kind: "watch", schema: 1, updatedAt: 1, payload: LedgerPayload([("value", "-5")]))

        let rejections = SavingsEntryValidator(now: { july27 }).rejections(of: [good, future, negative, badAccount, newer, other], over: [])

        XCTAssertEqual(rejections, [LedgerRejection(id: "future", kind: "savings-update", reasons: ["at is in the future"]),
                                    LedgerRejection(id: "negative", kind: "savings-update", reasons: ["value is not valid"]),
                                    LedgerRejection(id: "badAccount", kind: "savings-update", reasons: ["account is not valid"])])
    }
}
