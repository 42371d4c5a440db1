// Every record names its days and tickers in the kernel's shared vocabulary, so whoever reads the
// ledger reads them too; a module that needs only the words (a terminal's) links them alone.
@_exported import Vocabulary
