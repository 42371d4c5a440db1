import Foundation
import FixedPoint
import Ledger
import OptionsJournal

/// Between the web app's journal document and journal entries; private to the Firestore adapter.
enum JournalDocumentMapper {
    static let versionsField = "investVersions"
    /// Fields patched per key, so a change to one rating or one day's note writes only that.
    static let keyedFields: Set<String> = ["tradeRatings", "notes", versionsField]

    // MARK: Document → entries

    /// The document as this client reads it: its records, and the fills it can't read, which are
    /// named and left where they are, never dropped.
    struct Contents {
        var entries: [String: LedgerEntry]
        var unreadable: [LedgerRejection]
        /// Records this client wrote that the web app has replaced or removed since.
        var overwritten: Set<String>
        /// The id of each readable fill, by its group's and its own place in `tradeData`: what
        /// a write keeps as it was, without reading every fill again.
        var fillIDs: [Int: [Int: String]]
    }

    static func contents(of fields: [String: FirestoreValue], updateTime: Int64) -> Contents {
        let versions = self.versions(in: fields)
        var records: [LedgerEntry] = []
        var unreadable: [LedgerRejection] = []
        for (list, field) in [(JournalAnnotations.TagList.setup, "setupsTags"), (.mistake, "mistakesTags")] {
            for (index, name) in (fields[field]?.strings ?? []).enumerated() {
                guard JournalAnnotations.isTag(name) else {
                    unreadable.append(LedgerRejection(id: "\(field)[\(index)]", kind: AnnotationsLedgerCodec.tag.name,
                                                      reasons: ["not a tag the journal reads (1–40 characters, no control characters or outer spaces)"]))
                    continue
                }
                records.append(AnnotationsLedgerCodec.tagEntry(list, name, updatedAt: 0))
            }
        }
        if case let .map(ratings)? = fields["tradeRatings"] {
            for (key, value) in ratings {
                guard case let .map(rating) = value else { continue }
                // Half stars, as the web app rates; a server's 1e300 or 2.7 is no rating, not a trap.
                let stars = rating["rating"]?.number.flatMap(FixedDecimal.init).flatMap { JournalAnnotations.isRating($0) ? $0 : nil } ?? .zero
                records.append(AnnotationsLedgerCodec.ratingEntry(key: key, .init(setups: rating["setups"]?.strings ?? [], mistakes: rating["mistakes"]?.strings ?? [],
                                                                               rating: stars), updatedAt: 0))
            }
        }
        if case let .map(notes)? = fields["notes"] {
            for (date, value) in notes { if let text = value.string { records.append(AnnotationsLedgerCodec.noteEntry(date: date, text: text, updatedAt: 0)) } }
        }
        var fills: [Execution] = [], places: [(group: Int, transaction: Int)] = []
        if case let .array(groups)? = fields["tradeData"] {
            for (index, group) in groups.enumerated() {
                guard case let .map(trade) = group, case let .array(transactions)? = trade["Transactions"] else {
                    unreadable.append(LedgerRejection(id: "tradeData[\(index)]", kind: JournalLedgerCodec.execution.name, reasons: ["not a trade with Transactions"]))
                    continue
                }
                for (position, transaction) in transactions.enumerated() {
                    guard case let .map(fill) = transaction, let execution = execution(from: fill) else {
                        unreadable.append(LedgerRejection(id: "tradeData[\(index)].Transactions[\(position)]", kind: JournalLedgerCodec.execution.name,
                                                          reasons: ["a fill without a valid ExecTime, Side, Quantity, Symbol, Price or PosEffect"]))
                        continue
                    }
                    fills.append(execution)
                    places.append((index, position))
                }
            }
        }
        let numbered = Execution.numberingRepeats(fills)
        var fillIDs: [Int: [Int: String]] = [:]
        for (fill, place) in zip(numbered, places) { fillIDs[place.group, default: [:]][place.transaction] = fill.id }
        records += numbered.map { JournalLedgerCodec.entry(for: $0, updatedAt: 0) }
        records += (fields["uploadedFiles"]?.array ?? []).compactMap(upload).map { JournalUploadLedgerCodec.entry(for: $0, updatedAt: 0) }
        var byID: [String: LedgerEntry] = [:], overwritten = Set<String>()
        for record in records {
            let version = versions[record.id]
            let at = version.flatMap { !$0.deleted && $0.hash == hash(record) ? $0.at : nil } ?? updateTime
            if let version, !version.deleted, version.hash != hash(record), version.kind != JournalUploadLedgerCodec.upload.name { overwritten.insert(record.id) }
            byID[record.id] = LedgerEntry(id: record.id, kind: record.kind, schema: record.schema, updatedAt: at, payload: record.payload)
        }
        // What this client wrote and is no longer there was deleted: by the web app when the
        // document has changed since, else by this client (its tombstone).
        for (id, version) in versions where byID[id] == nil {
            // The web app rewrites `uploadedFiles` without this client's marks on every upload:
            // an import's listing going is bookkeeping, not an edit to report.
            if !version.deleted, version.kind != JournalUploadLedgerCodec.upload.name { overwritten.insert(id) }
            byID[id] = LedgerEntry(id: id, kind: version.kind, schema: version.schema, updatedAt: version.deleted ? version.at : updateTime, isDeleted: true)
        }
        return Contents(entries: byID, unreadable: unreadable, overwritten: overwritten, fillIDs: fillIDs)
    }

    private struct Version {
        let at: Int64
        let hash: String
        let kind: String
        let schema: Int
        let deleted: Bool
    }

    /// `investVersions`, the bookkeeping the web app ignores: per record this client wrote, when,
    /// a hash of what, its kind, and whether it was a deletion. What can't be read is left out.
    private static func versions(in fields: [String: FirestoreValue]) -> [String: Version] {
        guard case let .map(stored)? = fields[versionsField] else { return [:] }
        var versions: [String: Version] = [:]
        for (id, value) in stored where LedgerIdentifier.isValid(id) {
            guard case let .map(version) = value, let at = version["at"]?.number.flatMap({ Int64($0) }), let hash = version["hash"]?.string,
                  let kind = version["kind"]?.string, JournalKinds.all.contains(where: { $0.name == kind }),
                  let schema = version["schema"]?.number.flatMap({ Int($0) }) else { continue }
            versions[id] = Version(at: at, hash: hash, kind: kind, schema: schema, deleted: version["deleted"] == .boolean(true))
        }
        return versions
    }

    /// A fill as either app wrote it. The web app writes a signed `Quantity` and `TradeDate` as
    /// M/D/YYYY, and its older releases kept `PosEffect` as "TO OPEN"; all are read.
    private static func execution(from fill: [String: FirestoreValue]) -> Execution? {
        guard let time = fill["ExecTime"]?.string.flatMap(parseISO) ?? fill["ExecTime"]?.timestampText.flatMap(parseISO),
              let side = fill["Side"]?.string.flatMap({ Execution.Side(rawValue: $0.uppercased()) }),
              let quantity = fill["Quantity"]?.number.flatMap(FixedDecimal.init).map({ $0.isNegative ? -$0 : $0 }), !quantity.isZero,
              let symbol = fill["Symbol"]?.string, !symbol.isEmpty, let price = fill["Price"]?.number.flatMap(FixedDecimal.init), !price.isNegative,
              let effectText = fill["PosEffect"]?.string?.uppercased(),
              let effect = effectText.hasSuffix("OPEN") ? Execution.PositionEffect.open : effectText.hasSuffix("CLOSE") ? .close : nil else { return nil }
        let strike = fill["Strike"]?.number.flatMap(FixedDecimal.init) ?? fill["Strike"]?.string.flatMap(FixedDecimal.init) ?? .zero
        let date = fill["TradeDate"]?.string.flatMap(isoDay) ?? String(JournalTime.javaScriptISO(time).prefix(10))
        return Execution(execTime: time, tradeDate: date, side: side, quantity: quantity, symbol: symbol, expiration: fill["Expiration"]?.string ?? "N/A",
                         strike: strike, price: price, orderType: fill["OrderType"]?.string ?? "N/A", positionEffect: effect,
                         type: fill["Type"]?.string ?? "CALL", fees: fill["Fees"]?.number.flatMap(FixedDecimal.init) ?? .zero)
    }

    /// `YYYY-MM-DD` as it is, or from M/D/YYYY.
    private static func isoDay(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        if bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") { return text }
        let parts = text.split(separator: "/").map { Int($0) }
        guard parts.count == 3, let month = parts[0], let day = parts[1], let year = parts[2], (1...12).contains(month), (1...31).contains(day), (1000...9999).contains(year) else { return nil }
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    // MARK: Entries → document

    /// - Parameters:
    ///   - previous: the document as read: its tag lists keep their order, a new tag joining
    ///     the end, as the web app appends one, and its fills stay as they are written.
    ///   - fillIDs: the ids of `previous`'s fills, as `contents(of:updateTime:)` read them.
    static func fields(from entries: [LedgerEntry], previous: [String: FirestoreValue] = [:], fillIDs: [Int: [Int: String]] = [:]) -> [String: FirestoreValue] {
        var annotations = JournalAnnotations()
        var executions: [Execution] = [], uploads: [JournalUpload] = []
        var versions: [String: FirestoreValue] = [:]
        for entry in entries {
            var version: [String: FirestoreValue] = ["at": .integer(String(entry.updatedAt)), "kind": .string(entry.kind), "schema": .integer(String(entry.schema))]
            if entry.isDeleted {
                version["hash"] = .string("")
                version["deleted"] = .boolean(true)
            } else {
                try? AnnotationsLedgerCodec.apply(entry, to: &annotations)
                if let execution = try? JournalLedgerCodec.record(from: entry) { executions.append(execution) }
                if let upload = try? JournalUploadLedgerCodec.record(from: entry) { uploads.append(upload) }
                version["hash"] = .string(hash(entry))
            }
            versions[entry.id] = .map(version)
        }
        return [
            "setupsTags": .array(inOrder(annotations.setupTags, previous["setupsTags"]?.strings ?? []).map(FirestoreValue.string)),
            "mistakesTags": .array(inOrder(annotations.mistakeTags, previous["mistakesTags"]?.strings ?? []).map(FirestoreValue.string)),
            "tradeRatings": .map(annotations.ratings.mapValues { .map(["setups": .array($0.setups.map(FirestoreValue.string)),
                                                                       "mistakes": .array($0.mistakes.map(FirestoreValue.string)),
                                                                       "rating": number($0.rating)]) }),
            "notes": .map(annotations.notes.mapValues(FirestoreValue.string)),
            "tradeData": .array(tradeData(executions, previous: previous["tradeData"], ids: fillIDs)),
            "uploadedFiles": .array(uploadedFiles(uploads, executions: executions, previous: previous["uploadedFiles"])),
            versionsField: .map(versions),
        ]
    }

    /// `tags` in the order `previous` holds them, the others after, sorted.
    private static func inOrder(_ tags: [String], _ previous: [String]) -> [String] {
        let current = Set(tags), known = Set(previous)
        var seen = Set<String>()
        // A tag this client can't read stays where it is: it is named, never dropped.
        return previous.filter { (current.contains($0) || !JournalAnnotations.isTag($0)) && seen.insert($0).inserted } + tags.filter { !known.contains($0) }.sorted()
    }

    /// The document's fills with `executions` the live ones. A fill already there stays exactly
    /// as it was written (unknown keys, number types and all) unless it was removed, and so does
    /// what can't be read; a new fill joins its contract's group (the web app's
    /// `Symbol-Strike-Expiration`), or a new group at the end, in the web app's shape.
    private static func tradeData(_ executions: [Execution], previous: FirestoreValue?, ids: [Int: [Int: String]]) -> [FirestoreValue] {
        var unwritten = Dictionary(executions.map { ($0.id, $0) }) { first, _ in first }
        var groups: [(trade: [String: FirestoreValue]?, kept: [FirestoreValue], hadFills: Bool)] = []
        for (index, group) in (previous?.array ?? []).enumerated() {
            guard case let .map(trade) = group, case let .array(transactions)? = trade["Transactions"] else {
                groups.append((nil, [group], false))
                continue
            }
            // A fill that can't be read has no id and stays; a readable one stays while it lives.
            let kept = transactions.enumerated().filter { position, _ in
                ids[index]?[position].map { unwritten.removeValue(forKey: $0) != nil } ?? true
            }.map(\.element)
            groups.append((trade, kept, !transactions.isEmpty))
        }
        var positions: [String: Int] = [:]
        for (index, group) in groups.enumerated() {
            if let key = group.trade.flatMap(contractKey) { positions[key] = positions[key] ?? index }
        }
        for fill in unwritten.values.sorted(by: { ($0.execTime, $0.id) < ($1.execTime, $1.id) }) {
            if let index = positions[fill.contractKey] {
                groups[index].kept.append(transaction(fill))
            } else {
                positions[fill.contractKey] = groups.count
                groups.append((["Symbol": .string(fill.symbol), "Strike": number(fill.strike), "Expiration": .string(fill.expiration)], [transaction(fill)], true))
            }
        }
        return groups.compactMap { trade, kept, hadFills in
            guard var trade else { return kept.first }
            // A group whose every fill was removed goes, as the web app's rebuild drops it.
            guard !(hadFills && kept.isEmpty) else { return nil }
            trade["Transactions"] = .array(kept)
            return .map(trade)
        }
    }

    /// `uploadedFiles` with this client's imports listed: the web app's entries as they are, and
    /// one per import, marked `invest` (a key the web app ignores, and drops when it rewrites the
    /// list), in the web app's shape: the file's contracts, each with its fills in the statement's
    /// order, so the web app's rebuild keeps them and its own upload of the file matches them.
    private static func uploadedFiles(_ uploads: [JournalUpload], executions: [Execution], previous: FirestoreValue?) -> [FirestoreValue] {
        let fills = Dictionary(executions.map { ($0.id, $0) }) { first, _ in first }
        var unwritten = Dictionary(uploads.map { ($0.id, $0) }) { first, _ in first }
        func entry(_ upload: JournalUpload) -> FirestoreValue {
            var groups: [(key: String, fills: [Execution])] = [], positions: [String: Int] = [:]
            for fill in upload.executionIDs.compactMap({ fills[$0] }) {
                if let index = positions[fill.contractKey] { groups[index].fills.append(fill); continue }
                positions[fill.contractKey] = groups.count
                groups.append((fill.contractKey, [fill]))
            }
            let trades = groups.map { group -> FirestoreValue in
                let first = group.fills[0]
                return .map(["trade": .map(["Symbol": .string(first.symbol), "Strike": number(first.strike), "Expiration": .string(first.expiration),
                                            "Transactions": .array(group.fills.map(transaction))]),
                             "fileRefs": .array([.string(upload.name)])])
            }
            return .map(["name": .string(upload.name), "trades": .array(trades),
                         uploadMarker: .map(["id": .string(upload.id), "executions": .array(upload.executionIDs.map(FirestoreValue.string))])])
        }
        var files = (previous?.array ?? []).map { file -> FirestoreValue in
            guard let listed = upload(file), let current = unwritten.removeValue(forKey: listed.id) else { return file }
            return entry(current)
        }
        files += uploads.filter { unwritten[$0.id] != nil }.map(entry)
        return files
    }

    static let uploadMarker = "invest"

    /// The import an `uploadedFiles` entry this client wrote lists; nil for the web app's own.
    private static func upload(_ file: FirestoreValue) -> JournalUpload? {
        guard case let .map(fields) = file, let name = fields["name"]?.string, case let .map(marker)? = fields[uploadMarker],
              let ids = marker["executions"]?.strings, JournalUploadLedgerCodec.isName(name), marker["id"]?.string == JournalUpload.id(name: name) else { return nil }
        return JournalUpload(name: name, executionIDs: ids)
    }

    /// A group's `${Symbol}-${Strike}-${Expiration}`, with the strike as `Execution` writes it.
    private static func contractKey(_ trade: [String: FirestoreValue]) -> String? {
        guard let symbol = trade["Symbol"]?.string, let expiration = trade["Expiration"]?.string else { return nil }
        let strike = trade["Strike"]?.number.flatMap(FixedDecimal.init) ?? .zero
        return "\(symbol)-\(strike)-\(expiration)"
    }

    /// A fill as the web app writes one: `TradeDate` as M/D/YYYY, `Quantity` signed (a sell is
    /// negative), numbers as its JavaScript's; `Fees`, which it doesn't know, only when charged.
    private static func transaction(_ fill: Execution) -> FirestoreValue {
        var fields: [String: FirestoreValue] = [
            "ExecTime": .string(JournalTime.javaScriptISO(fill.execTime)), "TradeDate": .string(webTradeDate(fill.tradeDate)), "Side": .string(fill.side.rawValue),
            "Quantity": number(fill.side == .sell ? -fill.quantity : fill.quantity), "Symbol": .string(fill.symbol), "Expiration": .string(fill.expiration),
            "Strike": number(fill.strike),
            "Price": number(fill.price), "OrderType": .string(fill.orderType), "PosEffect": .string(fill.positionEffect.rawValue), "Type": .string(fill.type),
        ]
        if !fill.fees.isZero { fields["Fees"] = number(fill.fees) }
        return .map(fields)
    }

    /// `7/3/2025` for `2025-07-03`.
    private static func webTradeDate(_ day: String) -> String {
        let parts = day.split(separator: "-").map { Int($0) }
        guard parts.count == 3, let year = parts[0], let month = parts[1], let date = parts[2] else { return day }
        return "\(month)/\(date)/\(year)"
    }

    /// As the web app's JavaScript stores a number: a whole one as an integer, else a double.
    private static func number(_ value: FixedDecimal) -> FirestoreValue {
        value.hasFractionDigits(atMost: 0) ? .integer(value.description) : .double(value.description)
    }

    static func hash(_ entry: LedgerEntry) -> String { JournalID.hash(entry.kind + "\t" + entry.payload.description) }

    // MARK: Patches

    /// What a batch of entries may change in the document: only the fields of their kinds, and
    /// of a rating or a note only its own key. Everything else in the document is the web app's
    /// (the account, its subscription, fills it keeps in its own shape) and is never in a mask.
    struct Scope {
        var fields: Set<String> = [versionsField]
        /// Per keyed field, the keys that may change; a field without an entry here changes whole.
        var keys: [String: Set<String>] = [versionsField: []]

        /// `entries`' scope; `before` holds the document's records by id, for a deletion's key.
        init(_ entries: [LedgerEntry], before: [String: LedgerEntry]) {
            for entry in entries {
                keys[versionsField, default: []].insert(entry.id)
                let payload = entry.isDeleted ? before[entry.id]?.payload : entry.payload
                switch entry.kind {
                // A removed fill leaves the import that listed it, too.
                case JournalLedgerCodec.execution.name: fields.formUnion(["tradeData", "uploadedFiles"])
                case JournalUploadLedgerCodec.upload.name: fields.insert("uploadedFiles")
                case AnnotationsLedgerCodec.tag.name:
                    // Only the list the tag is in.
                    switch payload?["list"] {
                    case JournalAnnotations.TagList.setup.rawValue?: fields.insert("setupsTags")
                    case JournalAnnotations.TagList.mistake.rawValue?: fields.insert("mistakesTags")
                    default: fields.formUnion(["setupsTags", "mistakesTags"])
                    }
                case AnnotationsLedgerCodec.rating.name:
                    fields.insert("tradeRatings")
                    if let key = payload?["key"] { keys["tradeRatings", default: []].insert(key) }
                case AnnotationsLedgerCodec.note.name:
                    fields.insert("notes")
                    if let date = payload?["date"] { keys["notes", default: []].insert(date) }
                default: break
                }
            }
        }

        func allows(_ path: String) -> Bool {
            guard let dot = path.firstIndex(of: ".") else { return fields.contains(path) && keys[path] == nil }
            let name = String(path[..<dot])
            return fields.contains(name) && (keys[name]?.contains(unquoted(String(path[path.index(after: dot)...]))) ?? false)
        }
    }

    /// The field paths whose values differ within `scope`: top-level fields whole, keyed ones per key.
    static func changedPaths(from old: [String: FirestoreValue], to new: [String: FirestoreValue], within scope: Scope) -> [String] {
        changedPaths(from: old, to: new).filter(scope.allows)
    }

    /// The field paths whose values differ: top-level fields whole, keyed ones per key.
    static func changedPaths(from old: [String: FirestoreValue], to new: [String: FirestoreValue]) -> [String] {
        var paths: [String] = []
        for name in Set(old.keys).union(new.keys).sorted() where old[name] != new[name] {
            guard keyedFields.contains(name), case let .map(before) = old[name] ?? .map([:]), case let .map(after) = new[name] ?? .map([:]) else {
                paths.append(name)
                continue
            }
            paths += Set(before.keys).union(after.keys).sorted().filter { before[$0] != after[$0] }.map { name + "." + quoted($0) }
        }
        return paths
    }

    /// The document to send with `paths` as the mask: exactly the masked values (a path left
    /// out deletes its field).
    static func body(_ fields: [String: FirestoreValue], paths: [String]) -> [String: FirestoreValue] {
        var body: [String: FirestoreValue] = [:]
        for path in paths {
            guard let dot = path.firstIndex(of: "."), keyedFields.contains(String(path[..<dot])) else {
                if let value = fields[path] { body[path] = value }
                continue
            }
            let name = String(path[..<dot]), key = unquoted(String(path[path.index(after: dot)...]))
            guard case let .map(values)? = fields[name], let value = values[key] else { continue }
            var nested: [String: FirestoreValue] = [:]
            if case let .map(existing)? = body[name] { nested = existing }
            nested[key] = value
            body[name] = .map(nested)
        }
        return body
    }

    /// A map key in a field path: bare when it is an identifier, else in backticks.
    static func quoted(_ key: String) -> String {
        let simple = key.first.map { $0 == "_" || $0.isASCII && $0.isLetter } == true && key.allSatisfy { $0 == "_" || $0.isASCII && ($0.isLetter || $0.isNumber) }
        return simple ? key : "`" + key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "`", with: "\\`") + "`"
    }

    static func unquoted(_ segment: String) -> String {
        guard segment.hasPrefix("`"), segment.hasSuffix("`"), segment.count >= 2 else { return segment }
        return String(segment.dropFirst().dropLast()).replacingOccurrences(of: "\\`", with: "`").replacingOccurrences(of: "\\\\", with: "\\")
    }

    // MARK: Times

    /// RFC 3339 in UTC with any fraction (`2025-07-03T13:31:12.000Z`, Firestore's nanoseconds
    /// too), to milliseconds, fraction truncated. Read by hand: a formatter per fill costs
    /// seconds on a large journal.
    static func milliseconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z"), bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":") else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13), let minute = number(14..<16),
              let second = number(17..<19), (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60 else { return nil }
        var millis: Int64 = 0
        if bytes.count > 20 {
            guard bytes[19] == UInt8(ascii: "."), bytes.count <= 30, let digits = number(20..<(bytes.count - 1)) else { return nil }
            millis = digits
            for _ in 0..<abs(bytes.count - 21 - 3) { millis = bytes.count - 21 > 3 ? millis / 10 : millis * 10 }
        }
        // Days since 1970-01-01 in the proleptic Gregorian calendar (civil-from-days inverted).
        let shifted = month <= 2 ? year - 1 : year
        let era = shifted / 400, yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let days = era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
        guard day <= 28 || Self.isRealDay(year: year, month: month, day: day) else { return nil }
        return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millis
    }

    private static func isRealDay(year: Int64, month: Int64, day: Int64) -> Bool {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        return day <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][Int(month - 1)]
    }

    static func parseISO(_ text: String) -> Date? { milliseconds(text).map(Date.init(millisecondsSince1970:)) }
}
