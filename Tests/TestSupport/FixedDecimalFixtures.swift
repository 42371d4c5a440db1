import FixedPoint

public func fixed(_ text: String) -> FixedDecimal {
    guard let value = FixedDecimal(text) else { fatalError("bad fixture number \(text)") }
    return value
}
