import FixedPoint
import Ledger
@_spi(Projections) import Currencies
@_spi(Projections) import Transactions
@_spi(Projections) import Portfolio

// The checkpoint layouts of the portfolio's projections. A new layout gets a new name.

extension PortfolioProjection: CheckpointableProjection {
    public var checkpointName: String { "portfolio-v12-\(positions.method.rawValue)-\(base)" }

    public func write(to writer: inout PackedWriter) {
        writer.write(base)
        positions.write(to: &writer)
        cash.write(to: &writer)
        writer.write(counts: namings)
        writer.write(currencyNamings)
        tickerUnits.write(to: &writer)
        writer.write(currencyDays.count)
        for (currency, days) in currencyDays {
            writer.write(currency)
            days.write(to: &writer)
        }
    }

    public func decoded(from reader: inout PackedReader) throws(PackedReader.Damaged) -> PortfolioProjection? {
        guard try reader.readString() == base else { return nil }
        let positions = try PortfolioCalculator.PositionsFold(reading: &reader)
        guard positions.method == self.positions.method, let cash = try cash.decoded(from: &reader) else { return nil }
        let namings = try reader.readCounts(), currencyNamings = try reader.readNonNegative()
        let tickerUnits = try TickerUnits(reading: &reader)
        var currencyDays: [String: DayCounts] = [:]
        for _ in 0..<(try reader.readCount()) {
            currencyDays[try reader.readString()] = try DayCounts(reading: &reader)
        }
        return PortfolioProjection(base: base, positions: positions, cash: cash, namings: namings, currencyNamings: currencyNamings, tickerUnits: tickerUnits,
                                   currencyDays: currencyDays)

    }
}

extension PortfolioCalculator.PositionsFold {
    public func write(to writer: inout PackedWriter) {
        writer.write(method.rawValue)
        let byKey = book.byKey
        writer.write(byKey.count)
        for (key, position) in byKey {
            writer.write(key.account)
            writer.write(key.ticker)
            for value in [position.quantity, position.costBasis, position.realized, position.expenses, position.income] { writer.write(value.units) }
            writer.write(position.costUnknown)
            writer.write(position.holdsUnknownCost)
            let lots = position.lots[position.firstLot...]
            writer.write(lots.count)
            for lot in lots {
                writer.write(lot.boughtOn.daysSinceEpoch)
                writer.write(lot.quantity.units)
                writer.write(lot.cost.units)
            }
        }
        writer.write(accountFees.count)
        for (account, fees) in accountFees {
            writer.write(account)
            writer.write(fees.units)
        }
        writer.write(places: lastPlace)
    }

    public init(reading reader: inout PackedReader) throws(PackedReader.Damaged) {
        guard let method = CostBasisMethod(rawValue: try reader.readString()) else { throw PackedReader.Damaged() }
        self.init(method: method)
        let count = try reader.readCount()
        // Most positions are the default account's: room for them all, not grown by doubling.
        book.defaultAccount.reserveCapacity(count)
        for _ in 0..<count {
            let key = PortfolioCalculator.PositionKey(account: try reader.readOptionalString(), ticker: try reader.readString())
            var position = PortfolioCalculator.Position()
            position.quantity = FixedDecimal(units: try reader.readInt128())
            position.costBasis = FixedDecimal(units: try reader.readInt128())
            position.realized = FixedDecimal(units: try reader.readInt128())
            position.expenses = FixedDecimal(units: try reader.readInt128())
            position.income = FixedDecimal(units: try reader.readInt128())
            position.costUnknown = try reader.readBool()
            position.holdsUnknownCost = try reader.readBool()
            for _ in 0..<(try reader.readCount()) {
                position.lots.append(PortfolioCalculator.Position.Lot(boughtOn: CalendarDay(daysSinceEpoch: try reader.readInt32()),
                                                  quantity: FixedDecimal(units: try reader.readInt128()), cost: FixedDecimal(units: try reader.readInt128())))
            }
            if let account = key.account {
                book.otherAccounts[PortfolioCalculator.PositionKey(account: account, ticker: key.ticker)] = position
            } else {
                book.defaultAccount[key.ticker] = position
            }
        }
        for _ in 0..<(try reader.readCount()) { accountFees[try reader.readOptionalString()] = FixedDecimal(units: try reader.readInt128()) }
        lastPlace = try reader.readPlaces()
    }
}

extension TickerUnits {
    func write(to writer: inout PackedWriter) {
        writer.write(first.count)
        for (ticker, first) in first {
            writer.write(ticker)
            writer.write(first.day.daysSinceEpoch)
            writer.write(first.unit.name)
        }
    }

    init(reading reader: inout PackedReader) throws(PackedReader.Damaged) {
        self.init()
        for _ in 0..<(try reader.readCount()) {
            let ticker = try reader.readString(), day = CalendarDay(daysSinceEpoch: try reader.readInt32())
            guard let unit = PriceUnit(try reader.readString()) else { throw PackedReader.Damaged() }
            first[ticker] = (day, unit)
        }
    }
}

extension DayCounts {
    func write(to writer: inout PackedWriter) {
        writer.write(days.count)
        for (day, count) in days {
            writer.write(day)
            writer.write(count)
        }
    }

    /// Damaged unless in day order, each day once, each counted.
    init(reading reader: inout PackedReader) throws(PackedReader.Damaged) {
        self.init()
        let count = try reader.readCount()
        days.reserveCapacity(count)
        for _ in 0..<count {
            let day = try reader.readInt32(), times = try reader.readNonNegative()
            guard times > 0, days.last.map({ $0.day < day }) ?? true else { throw PackedReader.Damaged() }
            days.append((day, times))
        }
    }
}

extension PortfolioInBaseProjection: CheckpointableProjection {
    /// The positions alone are v2: v1's layout had no word for the gains.
    public var checkpointName: String { "\(gains == nil ? "portfolio-in-base-v5" : "gains-in-base-v4")-\(method.rawValue)-\(base.code)" }

    public func write(to writer: inout PackedWriter) {
        writer.write(base.code)
        writer.write(gains != nil)
        if let gains {
            gains.own.write(to: &writer)
            gains.realized.write(to: &writer)
            writer.write(gains.pendingOwnCosts.count)
            for (id, cost) in gains.pendingOwnCosts {
                writer.write(id)
                writer.write(cost.units)
            }
        }
        converted.write(to: &writer)
        writer.write(transactions: pending)
        writer.write(settled.count)
        for (currency, settled) in settled {
            writer.write(currency.code)
            writer.write(settled.through.daysSinceEpoch)
            writer.write(settled.ratesHash)
        }
    }

    /// Nil when a rate among those converted for good is no longer what it was.
    public func decoded(from reader: inout PackedReader) throws(PackedReader.Damaged) -> PortfolioInBaseProjection? {
        guard try reader.readString() == base.code, try reader.readBool() == (gains != nil) else { return nil }
        var decoded = self
        if gains != nil {
            var read = GainsInBase(own: try PortfolioCalculator.PositionsFold(reading: &reader))
            read.realized = try PackedGains(reading: &reader)
            for _ in 0..<(try reader.readCount()) { read.pendingOwnCosts[try reader.readString()] = FixedDecimal(units: try reader.readInt128()) }
            guard read.own.method == method else { return nil }
            decoded.gains = read
        }
        decoded.converted = try PortfolioCalculator.PositionsFold(reading: &reader)
        guard decoded.converted.method == method else { return nil }
        decoded.pending = try reader.readTransactions()
        for _ in 0..<(try reader.readCount()) {
            guard let currency = CurrencyCode(try reader.readString()) else { throw PackedReader.Damaged() }
            let known = Settled(through: CalendarDay(daysSinceEpoch: try reader.readInt32()), ratesHash: try reader.readUInt64())
            guard known.ratesHash == hashOfRates(of: currency, through: known.through) else { return nil }
            decoded.settled[currency] = known
        }
        guard decoded.settlePending() else { return nil }
        return decoded
    }
}

extension RealizedGainsProjection: CheckpointableProjection {
    public var checkpointName: String { "gains-v8-\(method.rawValue)-\(base)" }

    public func write(to writer: inout PackedWriter) {
        writer.write(base)
        positions.write(to: &writer)
        writer.write(currencyFirstDays.count)
        for (currency, day) in currencyFirstDays {
            writer.write(currency)
            writer.write(day.daysSinceEpoch)
        }
        realized.write(to: &writer)
    }

    public func decoded(from reader: inout PackedReader) throws(PackedReader.Damaged) -> RealizedGainsProjection? {
        guard try reader.readString() == base else { return nil }
        let positions = try PortfolioCalculator.PositionsFold(reading: &reader)
        guard positions.method == method else { return nil }
        var currencyFirstDays: [String: CalendarDay] = [:]
        for _ in 0..<(try reader.readCount()) { currencyFirstDays[try reader.readString()] = CalendarDay(daysSinceEpoch: try reader.readInt32()) }
        return RealizedGainsProjection(base: base, positions: positions, currencyFirstDays: currencyFirstDays, realized: try PackedGains(reading: &reader))

    }
}
