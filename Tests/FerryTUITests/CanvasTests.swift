import FerryTUI
import Testing

@Suite struct CanvasTests {
    @Test func writesWideCharactersIntoTwoCells() {
        var canvas = Canvas(width: 10, height: 1)
        let end = canvas.put("a中b😀", x: 0, y: 0, style: .plain)
        #expect(end == 6)
        #expect(canvas.text == "a中b😀")
        #expect(canvas[1, 0].width == 2)
        #expect(canvas[2, 0].isContinuation)
    }

    @Test func aWideCharacterThatDoesNotFitLeavesABlank() {
        var canvas = Canvas(width: 4, height: 1)
        canvas.put("abc中", x: 0, y: 0, style: .plain)
        #expect(canvas.text == "abc")
        #expect(canvas[3, 0].text == " ")
    }

    @Test func controlCharactersBecomeVisibleEscapes() {
        var canvas = Canvas(width: 40, height: 1)
        canvas.put("a\u{1B}[31mred\u{7}\tz\r", x: 0, y: 0, style: .plain)
        #expect(canvas.text == #"a\x1B[31mred\x07 z\r"#)
        #expect(!canvas.cells.contains { $0.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) } })
    }

    @Test func combiningMarksJoinTheirBase() {
        var canvas = Canvas(width: 5, height: 1)
        canvas.put("e\u{301}x", x: 0, y: 0, style: .plain)
        #expect(canvas[0, 0].text == "e\u{301}")
        #expect(canvas[1, 0].text == "x")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var canvas = Canvas(width: 4, height: 1)
        canvas.put("中文", x: 0, y: 0, style: .plain)
        canvas.put("x", x: 1, y: 0, style: .plain)
        #expect(canvas.text == " x文")
    }

    @Test func diffPaintsOnlyChangedRuns() {
        var before = Canvas(width: 10, height: 3)
        before.put("hello", x: 0, y: 1, style: .plain)
        var after = before
        after.put("J", x: 0, y: 1, style: .plain)
        after.put("!", x: 9, y: 2, style: Style(bold: true))
        let runs = after.changes(since: before)
        #expect(runs.map { "\($0.x),\($0.y):\($0.cells.map(\.text).joined())" } == ["0,1:J", "9,2:!"])
        #expect(after.changes(since: nil).count == 3)
        #expect(after.changes(since: after).isEmpty)
    }

    @Test func aChangedWideCharacterIsRepaintedWhole() {
        var before = Canvas(width: 6, height: 1)
        before.put("ab中", x: 0, y: 0, style: .plain)
        var after = before
        after.put("文", x: 2, y: 0, style: .plain)
        let runs = after.changes(since: before)
        #expect(runs.count == 1)
        #expect(runs[0].x == 2)
        #expect(runs[0].cells.map(\.width) == [2, 0])
    }
}

@Suite struct ColorReductionTests {
    @Test func colorsReduceToTheNearestBasicOnes() {
        #expect(Style.Color.indexed(203).reduced(toColors: 8) == .indexed(1), "a light red")
        #expect(Style.Color.indexed(114).reduced(toColors: 8) == .indexed(2), "a green")
        #expect(Style.Color.indexed(75).reduced(toColors: 8) == .indexed(6), "a sky blue is cyan")
        #expect(Style.Color.indexed(12).reduced(toColors: 8) == .indexed(4))
        #expect(Style.Color.indexed(235).reduced(toColors: 8) == .indexed(0))
        #expect(Style.Color.indexed(252).reduced(toColors: 8) == .indexed(7))
        #expect(Style.Color.indexed(203).reduced(toColors: 256) == .indexed(203))
        #expect(Style.Color.default.reduced(toColors: 8) == .default)
    }
}
