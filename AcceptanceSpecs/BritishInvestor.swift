import XCTest
import InvestCLITestSupport
import TestSupport

/// The GBP investor whose history the net worth and the books are worked on.
extension XCTestCase {
    func useBritishSettings(_ driver: InvestDriver, emulator: ServicesEmulator) {
        driver.environment["INVEST_BASE_CURRENCY"] = "GBP"
        driver.environment["INVEST_FX_URL"] = emulator.baseURL.absoluteString
        driver.environment["TWELVE_DATA_API_KEY"] = ServicesEmulator.apiKey
        driver.environment["INVEST_TWELVE_DATA_URL"] = emulator.baseURL.absoluteString
    }

    /// Two accounts in two currencies: £10,000 in; £5,000 exchanged for $6,250; 10 AAPL bought for
    /// $2,000 and 1,000 VOD.L for £750 (Twelve Data's `meta.currency` says London quotes it in
    /// pence); then 4 AAPL and £100 moved into an ISA. `more` follows, in date order after them.
    func recordTwoAccountsInTwoCurrencies(_ driver: InvestDriver, then more: [[String]] = [], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(driver.run(["price", "fetch", "VOD.L", "--from", "2024-07-01"]).status, 0, file: file, line: line)
        for command in [["account", "add", "ISA", "--kind", "isa"],
                        ["add", "--type", "deposit", "--sum", "10000", "--date", "2024-06-03"],
                        ["add", "--type", "fx", "--sum", "5000", "--to-sum", "6250", "--to-currency", "USD", "--date", "2024-06-04"],
                        ["add", "--type", "buy", "--ticker", "AAPL", "--quantity", "10", "--sum", "2000", "--currency", "USD", "--date", "2024-06-05"],
                        ["add", "--type", "buy", "--ticker", "VOD.L", "--quantity", "1000", "--sum", "750", "--date", "2024-06-05"],
                        ["transfer", "--to", "ISA", "--ticker", "AAPL", "--quantity", "4", "--date", "2024-06-10"],
                        ["transfer", "--to", "ISA", "--sum", "100", "--date", "2024-06-10"]] + more {
            let run = driver.run(command)
            XCTAssertEqual(run.status, 0, "\(command): \(run.errors)", file: file, line: line)
        }
    }
}
