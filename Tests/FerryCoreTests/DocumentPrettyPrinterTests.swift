import FerryCore
import Foundation
import Testing

@Suite struct DocumentPrettyPrinterTests {
    /// A string longer than `stringLimit` is cut (never inside a character) and its size said; one
    /// within it, and every string without a limit, is printed whole.
    @Test func aLongStringIsCutAtItsLimitWithItsSize() throws {
        let document = try JSONParser.parse(Data(#"{"long":"ab€cdef","short":"xy"}"#.utf8))
        let cut = DocumentPrettyPrinter(stringLimit: 5).string(document)
        #expect(cut.contains(#""long": "ab…" (a string of 11 bytes, cut for the terminal)"#), "\(cut)")
        #expect(cut.contains(#""short": "xy""#))
        #expect(DocumentPrettyPrinter().string(document).contains(#""long": "ab€cdef""#))
    }

    @Test func printsJSONInOrderWithNumbersAndEscapesAsWritten() throws {
        let document = try JSONParser.parse(Data(#"{"z":1e400,"a":[],"b":{},"c":[1,"\u00e9\n",{"k":null}],"z":-0.10}"#.utf8))
        #expect(
            DocumentPrettyPrinter().string(document) == """
                {
                  "z": 1e400,
                  "a": [],
                  "b": {},
                  "c": [
                    1,
                    "\\u00e9\\n",
                    {
                      "k": null
                    }
                  ],
                  "z": -0.10
                }

                """)
    }

    @Test func printedJSONParsesBackToTheSameValues() throws {
        let source = #"[{"id": 1, "name": "x\"y", "tags": ["p", "q"]}, true, null, 3.25]"#
        let printed = DocumentPrettyPrinter(terminalSafe: false).string(try JSONParser.parse(Data(source.utf8)))
        let reparsed = try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? NSArray
        let original = try JSONSerialization.jsonObject(with: Data(source.utf8)) as? NSArray
        #expect(reparsed == original)
    }

    @Test func escapesTerminalControlsAndColoursOnlyWhenAsked() throws {
        let document = try JSONParser.parse(Data("[\"a\u{9B}b\"]".utf8))
        #expect(DocumentPrettyPrinter().string(document) == "[\n  \"a\\x9Bb\"\n]\n")
        let colored = DocumentPrettyPrinter(colored: true).string(try JSONParser.parse(Data("[1]".utf8)))
        #expect(colored == "\u{1B}[2m[\u{1B}[0m\n  \u{1B}[36m1\u{1B}[0m\n\u{1B}[2m]\u{1B}[0m\n")
    }

    @Test func streamsLargeDocumentsInChunks() throws {
        let items = (0..<5_000).map { "{\"n\": \($0)}" }.joined(separator: ",")
        let document = try JSONParser.parse(Data("[\(items)]".utf8))
        var chunks: [String] = []
        DocumentPrettyPrinter(chunkSize: 4096).print(document) { chunks.append($0) }
        #expect(chunks.count > 10)
        #expect(chunks.dropLast().allSatisfy { $0.utf8.count >= 4096 && $0.utf8.count < 4096 + 64 })
        #expect(chunks.joined() == DocumentPrettyPrinter(chunkSize: 1 << 30).string(document))
    }

    @Test func printsXMLIndented() throws {
        let document = try XMLDocumentParser.parse(
            Data(#"<?xml version="1.0"?><r a="1 &amp; 2"><i>t &lt; u</i><e/><!-- c --><j><k/></j></r>"#.utf8))
        #expect(
            DocumentPrettyPrinter().string(document) == """
                <?xml version="1.0"?>
                <r a="1 &amp; 2">
                  <i>t &lt; u</i>
                  <e/>
                  <!-- c -->
                  <j>
                    <k/>
                  </j>
                </r>

                """)
    }
}
