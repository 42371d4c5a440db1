import XCTest
import Ledger
import ClientComposition
import InvestCLITestSupport
import TestSupport
@testable import InvestCLI

/// Every kind a feature registers is checked when it is pulled: a record of it that can't be
/// read is refused by id, never stored. A kind registered without a check is caught here.
final class PullCheckTests: XCTestCase {
    func test_everyRegisteredKind_hasAPullCheck_thatRefusesARecordItCantRead() {
        XCTAssertEqual(kindsWithoutAPullCheck(among: Invest.features), [])
    }

    func test_aKindRegisteredWithoutACheck_isNamed() {
        let unchecked = FeatureRegistration(title: "Unchecked", kinds: [LedgerKind("unchecked-note", schema: 1)]) { _ in [] }

        XCTAssertEqual(kindsWithoutAPullCheck(among: Invest.features + [unchecked]), ["unchecked-note"])
    }

    // MARK: - Helpers

    private func kindsWithoutAPullCheck(among features: [FeatureRegistration]) -> [String] {
        let home = makeTemporaryDirectory()
        let context = InvestContext(environment: ["INVEST_HOME": home.path, "HOME": home.path], console: ScriptedConsole(answers: [], interactive: false),
                                    now: { Date(timeIntervalSince1970: 1_720_000_000) })
        let validator = AppComposer(context: context, homeOverride: nil, features: features).validator()
        return features.flatMap(\.kinds).compactMap { kind in
            // No field at all: no kind's record reads without one.
            let unreadable = LedgerEntry(id: "\(kind.name)-1", kind: kind.name, schema: kind.schema, updatedAt: 1)
            return validator.rejections(of: [unreadable], over: []).contains { $0.id == unreadable.id } ? nil : kind.name
        }
    }
}
