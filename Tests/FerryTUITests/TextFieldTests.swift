import FerryTUI
import Testing

@Suite struct TextFieldTests {
    @Test func editsAtTheCursorWithWordJumps() {
        var field = TextField("http://host/path")
        field.apply(.wordLeft)
        #expect(field.cursor == 12)
        field.apply(.wordLeft)
        field.apply(.deleteWordBackward)
        #expect(field.text == "host/path")
        field.apply(.lineEnd)
        field.insert("?q=1")
        #expect(field.text == "host/path?q=1")
        field.apply(.lineStart)
        field.insert("http://")
        field.apply(.wordRight)
        #expect(field.cursor == 11)
        field.apply(.deleteToStart)
        #expect(field.text == "/path?q=1")
    }

    @Test func pastedNewlinesAreDropped() {
        var field = TextField()
        field.insert("http://a\n/b\r\n")
        #expect(field.text == "http://a/b")
    }

    @Test func scrollsSoTheCursorStaysVisibleCountingWideCharacters() {
        var field = TextField("http://例え.jp/パス")
        var view = field.visible(width: 10)
        #expect(CharacterWidth.of(view.text) <= 10)
        #expect(view.cursorColumn == CharacterWidth.of(view.text), "the cursor is after the last character shown")
        #expect(view.cursorColumn >= 8, "at most one wide character short of the edge")
        #expect(view.text.hasSuffix("パス"))
        field.apply(.lineStart)
        view = field.visible(width: 10)
        #expect(view.text == "http://例")
        #expect(view.cursorColumn == 0)
    }

    @Test func textAreaBreaksAndJoinsLines() {
        var area = TextArea("ab")
        area.apply(.cursorLeft)
        area.apply(.newline)
        #expect(area.text == "a\nb")
        area.apply(.lineStart)
        area.apply(.deleteBackward)
        #expect(area.text == "ab")
        area.insert("1\n2")
        #expect(area.text == "a1\n2b")
        #expect(area.row == 1)
    }
}
