import FerryCore
import Foundation
import Testing

@Suite struct XMLDocumentParserTests {
    private func parse(_ text: String) throws -> Document { try XMLDocumentParser.parse(Data(text.utf8)) }

    private func failure(_ text: String) -> DocumentParseError? {
        do {
            _ = try XMLDocumentParser.parse(Data(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func buildsElementsAttributesTextAndMarkupInOrder() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE root [ <!ENTITY x "y"> <!-- ] > --> ]>
            <root id="r1" b='2 &amp; 3'><!-- note --><item n="1">a &lt; b &#x263A; &#65;</item><item/><![CDATA[<raw> & ]]><?app do it?></root>
            """
        let document = try parse(text)
        let root = document.root
        #expect(document.kind(of: root) == .element)
        #expect(document.name(of: root) == "root")
        let children = Array(document.children(of: root))
        #expect(
            children.map { document.kind(of: $0) } == [
                .attribute, .attribute, .comment, .element, .element, .cdata, .processingInstruction,
            ])
        #expect(children.map { document.name(of: $0) } == ["id", "b", nil, "item", "item", nil, "app"])
        #expect(children.map { document.value(of: $0) } == ["r1", "2 & 3", " note ", nil, nil, "<raw> & ", "do it"])
        let item = children[3]
        let itemText = try #require(document.child(of: item, at: 1))
        #expect(document.value(of: itemText) == "a < b ☺ A")
        #expect(document.literal(of: item) == #"<item n="1">a &lt; b &#x263A; &#65;</item>"#)
        #expect(document.literal(of: children[4]) == "<item/>")
        #expect(document.childCount(of: children[4]) == 0)
        #expect(document.parent(of: itemText) == item)
        #expect(document.depth == 2)
        #expect(document.kind(of: NodeID(0)) == .processingInstruction)
    }

    @Test(
        arguments: [
            ("<a><b></a>", 6, "mismatched end tag `</a>`", "`</b>`"),
            ("<a>", 3, "unexpected end of input: `<a>` is not closed", "`</a>`"),
            (#"<a x="1" x="2"/>"#, 9, "duplicate attribute `x`", nil),
            ("<1a/>", 1, "unexpected `1`", "an element name"),
            ("<a/>text", 4, "text after the root element", "end of input"),
            ("<a/><b/>", 4, "a second root element", "end of input"),
            ("<a>&nbsp;</a>", 3, "undefined entity `&nbsp;`", nil),
            ("<a>&#0;</a>", 3, "character reference to an invalid character", nil),
            ("<a>x & y</a>", 6, "unexpected byte 0x20", "an entity name"),
            (#"<a x=1/>"#, 5, "unexpected `1`", "a quoted attribute value"),
            (#"<a x="<"/>"#, 6, "`<` in an attribute value", "`&lt;`"),
            ("<a><!-- a -- b --></a>", 10, "`--` inside a comment", "`-->`"),
            ("<a>]]></a>", 3, "`]]>` in text", "`]]&gt;`"),
            ("", 0, "the document has no root element", "an element"),
            ("<a>\u{1}</a>", 3, "control character U+0001 is not allowed in XML", nil),
            (" <?xml version=\"1.0\"?><a/>", 1, "the XML declaration is only allowed at the very start", nil),
            ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>", 0, "unsupported encoding `iso-8859-1`", "UTF-8"),
            ("<a><![CDATA[x</a>", 17, "unexpected end of input in a CDATA section", "`]]>`"),
            ("</a>", 0, "end tag `</a>` without a start tag", nil),
        ] as [(String, Int, String, String?)])
    func rejectsMalformedInputPrecisely(text: String, offset: Int, message: String, expected: String?) throws {
        let error = try #require(failure(text))
        #expect(error.offset == offset)
        #expect(error.message == message)
        #expect(error.expected == expected)
    }

    @Test func deepNestingIsAnError() throws {
        let deep = String(repeating: "<a>", count: 20_000) + String(repeating: "</a>", count: 20_000)
        let error = try #require(failure(deep))
        #expect(error.message == "nesting deeper than 10000 levels")
        #expect(error.offset == 30_000)
    }

    @Test func decodesLineEndsAndAttributeWhitespace() throws {
        let document = try parse("<a v=\"x\ty\r\nz\">l1\r\nl2\rl3</a>")
        let children = Array(document.children(of: document.root))
        #expect(document.value(of: children[0]) == "x y z")
        #expect(document.value(of: children[1]) == "l1\nl2\nl3")
    }
}
