import Foundation
import FixedPoint
import Ledger

/// The journal's annotations on the ledger, schema 1 each:
///
///     journal-tag     id tag-LIST-HASH     list=setup|mistake  name=TEXT
///     journal-rating  id rating-HASH       key=TRADE KEY  mistakes=NAMES  rating=0…5  setups=NAMES
///     journal-note    id note-YYYY-MM-DD   date=YYYY-MM-DD  text=TEXT
///
/// NAMES are tag names, one per line (a tag has no line break). Ids come from the content, so
/// the same tag, trade or day is one record on every device, and the last write wins per record.
public enum AnnotationsLedgerCodec {
    public static let tag = LedgerKind("journal-tag", schema: 1)
    public static let rating = LedgerKind("journal-rating", schema: 1)
    public static let note = LedgerKind("journal-note", schema: 1)
    public static let kinds = [tag, rating, note]

    public static func tagID(_ list: JournalAnnotations.TagList, _ name: String) -> String { "tag-\(list.rawValue)-" + JournalID.hash(name) }
    public static func ratingID(_ key: String) -> String { "rating-" + JournalID.hash(key) }
    public static func noteID(_ date: String) -> String { "note-" + date }

    public static func tagEntry(_ list: JournalAnnotations.TagList, _ name: String, updatedAt: Int64) -> LedgerEntry {
        LedgerEntry(id: tagID(list, name), kind: tag.name, schema: 1, updatedAt: updatedAt, payload: LedgerPayload([("list", list.rawValue), ("name", name)]))
    }

    public static func ratingEntry(key: String, _ value: JournalAnnotations.Rating, updatedAt: Int64) -> LedgerEntry {
        LedgerEntry(id: ratingID(key), kind: rating.name, schema: 1, updatedAt: updatedAt, payload: LedgerPayload([
            ("key", key), ("mistakes", value.mistakes.joined(separator: "\n")), ("rating", value.rating.description), ("setups", value.setups.joined(separator: "\n")),
        ]))
    }

    public static func noteEntry(date: String, text: String, updatedAt: Int64) -> LedgerEntry {
        LedgerEntry(id: noteID(date), kind: note.name, schema: 1, updatedAt: updatedAt, payload: LedgerPayload([("date", date), ("text", text)]))
    }

    /// Folds one live entry into `annotations`; other kinds pass.
    public static func apply(_ entry: LedgerEntry, to annotations: inout JournalAnnotations) throws(LedgerDecodingError) {
        guard kinds.contains(where: { $0.name == entry.kind }), !entry.isDeleted else { return }
        guard entry.schema <= 1 else { throw .newerSchema(id: entry.id, kind: entry.kind, schema: entry.schema, supported: 1) }
        let payload = entry.payload
        func invalid(_ field: String) -> LedgerDecodingError { .invalidField(id: entry.id, kind: entry.kind, field: field) }
        func names(_ field: String) throws(LedgerDecodingError) -> [String] {
            let names = (payload[field] ?? "").split(separator: "\n").map(String.init)
            guard names.allSatisfy(JournalAnnotations.isTag) else { throw invalid(field) }
            return names
        }
        switch entry.kind {
        case tag.name:
            guard let list = payload["list"].flatMap(JournalAnnotations.TagList.init(rawValue:)) else { throw invalid("list") }
            guard let name = payload["name"], JournalAnnotations.isTag(name) else { throw invalid("name") }
            if list == .setup { annotations.setupTags.append(name) } else { annotations.mistakeTags.append(name) }
        case rating.name:
            guard let key = payload["key"], !key.isEmpty, key.count <= 200 else { throw invalid("key") }
            guard let stars = payload["rating"].flatMap(FixedDecimal.init), JournalAnnotations.isRating(stars) else { throw invalid("rating") }
            annotations.ratings[key] = JournalAnnotations.Rating(setups: try names("setups"), mistakes: try names("mistakes"), rating: stars)
        default:
            guard let date = payload["date"], date.count == 10, noteID(date) == entry.id else { throw invalid("date") }
            annotations.notes[date] = payload["text"] ?? ""
        }
    }
}
