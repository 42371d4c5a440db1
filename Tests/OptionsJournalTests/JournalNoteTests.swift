import XCTest
import OptionsJournal

/// Notes are the web editor's (Quill's) HTML; the CLI showed it raw and wrote
/// plain text.
final class JournalNoteTests: XCTestCase {
    func test_html_isAParagraphALine_anEmptyLineABreak_andTextEscaped() {
        XCTAssertEqual(JournalNote.html(fromText: "Held <firm> & calm\n\nThen sold."), "<p>Held &lt;firm&gt; &amp; calm</p><p><br></p><p>Then sold.</p>")
    }

    func test_text_readsTheEditorsParagraphsBreaksAndReferences() {
        XCTAssertEqual(JournalNote.text(fromHTML: "<p>Held <strong>firm</strong> &amp; calm</p><p><br></p><p>Then<br>sold &#8212; &lt;3&gt;</p>"),
                       "Held firm & calm\n\nThen\nsold — <3>")
        XCTAssertEqual(JournalNote.text(fromHTML: "<ul><li>one</li><li>two</li></ul><h2>End</h2>"), "one\ntwo\nEnd")
    }

    func test_text_leavesPlainTextAsItIs_andRoundTripsWhatHTMLWrites() {
        for text in ["Good open.\nThen chased.", "a < b > c & d", "line\n\n\nafter gaps", ""] {
            XCTAssertEqual(JournalNote.text(fromHTML: JournalNote.html(fromText: text)), text)
        }
        XCTAssertEqual(JournalNote.text(fromHTML: "Good open.\nThen chased."), "Good open.\nThen chased.", "a note an earlier release kept")
        XCTAssertEqual(JournalNote.text(fromHTML: "5 < 6 & 7 > 2"), "5 < 6 & 7 > 2", "a lone < or & is text")
    }
}
