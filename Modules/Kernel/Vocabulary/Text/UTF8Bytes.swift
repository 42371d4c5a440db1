extension String {
    /// `body` given the string's UTF-8 bytes where they are (a copy only for a bridged string):
    /// a look at a byte through `utf8`'s indices costs dozens of instructions, per field of a
    /// million-row import. Inlinable, so every module's call is specialized, with no generic
    /// metadata looked up per field.
    @inlinable
    public func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        utf8.withContiguousStorageIfAvailable(body) ?? Array(utf8).withUnsafeBufferPointer(body)
    }
}
