/// The error `body` throws, as `E`; nil when it throws nothing, or an error of another type.
public func thrownError<E: Error>(_ type: E.Type, _ body: () throws -> Any) -> E? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? E
    }
}
