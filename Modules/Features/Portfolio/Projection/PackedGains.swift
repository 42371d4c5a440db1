import FixedPoint
import Ledger
import Transactions

/// A sell's realized gain, with the account it was realized in.
struct AccountGain: Equatable, Sendable {
    let account: String?
    let gain: RealizedGain
    /// In the base, of a sell in another currency: how much of the gain the currency made.
    var currencyGain: FixedDecimal? = nil
}

/// Sells' gains packed in bytes, each decoded when it is asked for: a long
/// history's sells cost their bytes, where a `RealizedGain` costs a struct, an id on the heap and
/// an array of lots each. Those read from packed bytes (a checkpoint's) stay in them, never copied.
@_spi(Projections) public struct PackedGains: Equatable, Sendable {
    /// The bytes the sells were read from, and where each starts in them.
    private var read: [UInt8] = []
    private var readStarts: [Int] = []
    /// Where the sells read end: the first added one follows there when they are written again.
    private var readEnd = 0
    /// The sells added since, and where each starts.
    private var added = PackedWriter()
    private var addedStarts: [Int] = []
    /// Each sell's day, for ordering and choosing sells without decoding them.
    private(set) var days: [Int32] = []
    /// Whether some sell was added before one that a replay lists after it (`ReplayPlace`): the
    /// list is then sorted. Told as each is added or read, from the one before.
    private var outOfOrder = false
    private var last: (day: Int32, id: String)?

    public init() {}

    var count: Int { days.count }
    var indices: Range<Int> { 0..<count }

    mutating func append(_ sold: AccountGain) {
        addedStarts.append(added.bytes.count)
        days.append(sold.gain.date.daysSinceEpoch)
        note(sold.gain.transactionID)
        Self.write(sold, to: &added)
    }

    /// Notes the place of the sell just added, whose day is the last of `days`.
    private mutating func note(_ id: String) {
        let day = days[days.count - 1]
        if let last, day < last.day || day == last.day && ReplayOrder.ids(id, before: last.id) { outOfOrder = true }
        last = (day, id)
    }

    /// These gains with those of `tickers` worked out again: each sell's taken from `worked`,
    /// in its place, but for the sells `moved` (written again, so last in the ledger), whose
    /// gains go after all the others, in that order. Nil when a sell of those tickers that
    /// didn't move gains or loses a gain: its place among the others isn't known.
    func revising(tickers: Set<String>, moved: [String], with worked: [AccountGain]) -> PackedGains? {
        var worked = Dictionary(worked.map { ($0.gain.transactionID, $0) }) { first, _ in first }
        let movedIDs = Set(moved)
        var revised = PackedGains()
        for index in indices {
            let (id, ticker) = soldAt(index)
            guard tickers.contains(ticker) else {
                revised.append(written: bytes(at: index), day: days[index], id: id)
                continue
            }
            if movedIDs.contains(id) { continue }
            guard let gain = worked.removeValue(forKey: id) else { return nil }
            revised.append(gain)
        }
        for id in moved {
            if let gain = worked.removeValue(forKey: id) { revised.append(gain) }
        }
        return worked.isEmpty ? revised : nil
    }

    /// The sells realized in `scope` (and `year`, if given), in a replay's order: by day, then
    /// by id (`ReplayPlace`), however they were added. They are mostly added in that order
    /// already, and then none is decoded to order them.
    func list(in scope: AccountScope, year: Int?) -> RealizedGainList {
        let within = year.map { year in
            (CalendarDay(year: year, month: 1, day: 1)?.daysSinceEpoch ?? .min)..<(CalendarDay(year: year + 1, month: 1, day: 1)?.daysSinceEpoch ?? .max)
        }
        var order = indices.filter { index in
            (within?.contains(days[index]) ?? true) && (scope == .all || scope.includes(account(at: index)))
        }
        if outOfOrder {
            let ids = Dictionary(uniqueKeysWithValues: order.map { ($0, soldAt($0).id) })
            order.sort { days[$0] != days[$1] ? days[$0] < days[$1] : ReplayOrder.ids(ids[$0]!, before: ids[$1]!) }
        }
        return RealizedGainList(self, order: order)
    }

    /// The id and the ticker of a sell, read without its figures.
    private func soldAt(_ index: Int) -> (id: String, ticker: String) {
        var reader = reader(at: index)
        do {
            _ = try reader.readCompactOptionalString()
            let id = try reader.readCompactString()
            _ = try reader.readCompactInt32()
            return (id, try reader.readCompactString())
        } catch {
            preconditionFailure(Self.checked)
        }
    }

    /// The bytes a sell was written in.
    private func bytes(at index: Int) -> ArraySlice<UInt8> {
        if index < readStarts.count { return read[readStarts[index]..<(index + 1 < readStarts.count ? readStarts[index + 1] : readEnd)] }
        let added = index - readStarts.count
        return self.added.bytes[addedStarts[added]..<(added + 1 < addedStarts.count ? addedStarts[added + 1] : self.added.bytes.count)]
    }

    private mutating func append(written bytes: ArraySlice<UInt8>, day: Int32, id: String) {
        addedStarts.append(added.bytes.count)
        days.append(day)
        note(id)
        added.append(written: bytes)
    }

    subscript(index: Int) -> AccountGain {
        var reader = reader(at: index)
        do { return try Self.read(from: &reader) } catch { preconditionFailure(Self.checked) }
    }

    func account(at index: Int) -> String? {
        var reader = reader(at: index)
        do { return try reader.readCompactOptionalString() } catch { preconditionFailure(Self.checked) }
    }

    /// Every sell was decoded once when it was read or added, so decoding it again can't fail.
    private static let checked = "a packed gain is checked when it is read"

    private func reader(at index: Int) -> PackedReader {
        index < readStarts.count ? PackedReader(read, at: readStarts[index]) : PackedReader(added.bytes, at: addedStarts[index - readStarts.count])
    }

    public static func == (lhs: PackedGains, rhs: PackedGains) -> Bool {
        lhs.count == rhs.count && lhs.indices.allSatisfy { lhs[$0] == rhs[$0] }
    }

    /// The sells as they are packed: a checkpoint keeps them so, and reads them back without a copy.
    public func write(to writer: inout PackedWriter) {
        writer.write(count)
        if let first = readStarts.first { writer.append(written: read[first..<readEnd]) }
        writer.append(written: added.bytes[...])
    }

    /// Each sell is decoded once, to check it, and then left in `reader`'s bytes.
    public init(reading reader: inout PackedReader) throws(PackedReader.Damaged) {

        let count = try reader.readCount()
        read = reader.bytes
        readStarts.reserveCapacity(count)
        days.reserveCapacity(count)
        for _ in 0..<count {
            readStarts.append(reader.offset)
            let sold = try Self.read(from: &reader).gain
            days.append(sold.date.daysSinceEpoch)
            note(sold.transactionID)
        }
        readEnd = reader.offset
    }

    /// Every number in as few bytes as it needs: a sell with one lot takes about 60 bytes.
    private static func write(_ sold: AccountGain, to writer: inout PackedWriter) {
        let gain = sold.gain
        writer.writeCompact(sold.account)
        writer.writeCompact(gain.transactionID)
        writer.writeCompact(Int(gain.date.daysSinceEpoch))
        writer.writeCompact(gain.ticker)
        for value in [gain.quantity, gain.proceeds, gain.cost] { writer.writeCompact(value.units) }
        writer.writeCompact(gain.lots.count)
        for lot in gain.lots {
            writer.writeCompact(Int(lot.boughtOn.daysSinceEpoch))
            writer.writeCompact(lot.quantity.units)
            writer.writeCompact(lot.cost.units)
        }
        writer.write(sold.currencyGain != nil)
        if let currencyGain = sold.currencyGain { writer.writeCompact(currencyGain.units) }
        writer.write(gain.costUnknown)
    }

    private static func read(from reader: inout PackedReader) throws(PackedReader.Damaged) -> AccountGain {
        let account = try reader.readCompactOptionalString(), id = try reader.readCompactString()
        let date = CalendarDay(daysSinceEpoch: try reader.readCompactInt32()), ticker = try reader.readCompactString()
        let quantity = FixedDecimal(units: try reader.readCompactInt128()), proceeds = FixedDecimal(units: try reader.readCompactInt128())
        let cost = FixedDecimal(units: try reader.readCompactInt128())
        var lots: [RealizedGain.ConsumedLot] = []
        for _ in 0..<(try reader.readCompactCount()) {
            lots.append(RealizedGain.ConsumedLot(boughtOn: CalendarDay(daysSinceEpoch: try reader.readCompactInt32()),
                                                 quantity: FixedDecimal(units: try reader.readCompactInt128()), cost: FixedDecimal(units: try reader.readCompactInt128())))
        }
        let currencyGain = try reader.readBool() ? FixedDecimal(units: try reader.readCompactInt128()) : nil
        let costUnknown = try reader.readBool()
        return AccountGain(account: account, gain: RealizedGain(transactionID: id, date: date, ticker: ticker, quantity: quantity,
                                                                proceeds: proceeds, cost: cost, lots: lots, costUnknown: costUnknown), currencyGain: currencyGain)
    }
}

/// Sells' realized gains, in the order asked for, each decoded as it is read: `gains` lists a
/// long history's sells in the memory their bytes take.
public struct RealizedGainList: RandomAccessCollection, Equatable, Sendable {
    private let packed: PackedGains
    private let order: [Int]

    public init(_ gains: [RealizedGain]) {
        var packed = PackedGains()
        for gain in gains { packed.append(AccountGain(account: nil, gain: gain)) }
        self.init(packed, order: Array(packed.indices))
    }

    init(_ packed: PackedGains, order: [Int]) {
        self.packed = packed
        self.order = order
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { order.count }
    public subscript(position: Int) -> RealizedGain { packed[order[position]].gain }

    /// Of each sell in another currency, by its transaction's id: how much of its gain, in the
    /// base, the currency made.
    public var currencyGains: [String: FixedDecimal] {
        var gains: [String: FixedDecimal] = [:]
        for index in order {
            let sold = packed[index]
            if let currencyGain = sold.currencyGain { gains[sold.gain.transactionID] = currencyGain }
        }
        return gains
    }

    public static func == (lhs: RealizedGainList, rhs: RealizedGainList) -> Bool { lhs.elementsEqual(rhs) }
}
