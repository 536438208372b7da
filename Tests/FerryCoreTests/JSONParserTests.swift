import FerryCore
import Foundation
import Testing

@Suite struct JSONParserTests {
    private func parse(_ text: String) throws -> Document { try JSONParser.parse(Data(text.utf8)) }

    private func failure(_ bytes: [UInt8]) -> DocumentParseError? {
        do {
            _ = try JSONParser.parse(Data(bytes))
            return nil
        } catch {
            return error
        }
    }

    private func failure(_ text: String) -> DocumentParseError? { failure(Array(text.utf8)) }

    @Test func keepsOrderDuplicateKeysAndNumbersAsWritten() throws {
        let document = try parse(#"{"b": 1, "a": [true, null, "x"], "b": 123456789012345678901234567890, "e": 1e400, "f": -0.5E-3}"#)
        let root = document.root
        #expect(document.kind(of: root) == .object)
        let members = Array(document.children(of: root))
        #expect(members.map { document.key(of: $0) } == ["b", "a", "b", "e", "f"])
        #expect(members.map { document.value(of: $0) } == ["1", nil, "123456789012345678901234567890", "1e400", "-0.5E-3"])
        #expect(document.doubleValue(of: members[4]) == -0.0005)
        let array = members[1]
        #expect(document.childCount(of: array) == 3)
        #expect(document.children(of: array).map { document.kind(of: $0) } == [.bool, .null, .string])
        #expect(document.boolValue(of: try #require(document.child(of: array, at: 0))) == true)
        #expect(document.child(of: array, at: 3) == nil)
        #expect(document.nodeCount == 9)
        #expect(document.kindCounts == [.object: 1, .array: 1, .bool: 1, .null: 1, .string: 1, .number: 4])
        #expect(document.depth == 2)
    }

    /// A small body's table starts as one block; one with more nodes than its size foretold (`[0,0,…]`:
    /// a node every two bytes) moves out of it into a column each as it grows, on either side of the
    /// block's largest size.
    @Test func tablesThatOutgrowTheirFirstBlock() throws {
        for count in [10, 100, 3_000, 12_000] {
            let document = try parse("[" + Array(repeating: "7", count: count).joined(separator: ",") + "]")
            #expect(document.childCount(of: document.root) == count)
            #expect(document.nodeCount == count + 1)
            let last = try #require(document.child(of: document.root, at: count - 1))
            #expect(document.value(of: last) == "7")
            #expect(document.byteRange(of: last) == 2 * count - 1..<2 * count)
            #expect(document.byteRange(of: document.root) == 0..<2 * count + 1)
        }
    }

    @Test func recordsByteRangesAndParents() throws {
        let text = #" {"k": [1, {"x": "y"}], "z": {}} "#
        let document = try parse(text)
        let root = document.root
        #expect(document.byteRange(of: root) == 1..<32)
        let list = try #require(document.child(of: root, at: 0))
        #expect(document.literal(of: list) == #"[1, {"x": "y"}]"#)
        let inner = try #require(document.child(of: list, at: 1))
        let y = try #require(document.child(of: inner, at: 0))
        #expect(document.literal(of: y) == #""y""#)
        #expect(document.parent(of: y) == inner)
        #expect(document.parent(of: inner) == list)
        #expect(document.parent(of: list) == root)
        #expect(document.parent(of: root) == nil)
        let empty = try #require(document.child(of: root, at: 1))
        #expect(document.literal(of: empty) == "{}")
        #expect(document.childCount(of: empty) == 0)
    }

    @Test func decodesEscapesAndSurrogatePairsInKeysAndValues() throws {
        let document = try parse(#"{"a\"b\\": "tab\there \u00e9 \ud83d\ude80 \/", "\u0041": "é"}"#)
        let members = Array(document.children(of: document.root))
        #expect(document.key(of: members[0]) == #"a"b\"#)
        #expect(document.value(of: members[0]) == "tab\there é 🚀 /")
        #expect(document.key(of: members[1]) == "A")
        #expect(document.value(of: members[1]) == "é")
    }

    @Test func acceptsScalarsAtTheTopAndALeadingByteOrderMark() throws {
        #expect(try parse(" 42 ").value(of: NodeID(0)) == "42")
        let bom = try JSONParser.parse(Data([0xEF, 0xBB, 0xBF] + Array("[]".utf8)))
        #expect(bom.kind(of: bom.root) == .array)
    }

    @Test func reportsWhereAndWhyWithLineAndColumnInCharacters() throws {
        let error = try #require(failure("{\n  \"é\": [1, 2,]\n}"))
        #expect(error.offset == 16)
        #expect(error.line == 2)
        #expect(error.column == 14)
        #expect(error.message == "trailing comma")
        #expect(error.expected == "a value")
        #expect(error.excerpt == #"  "é": [1, 2,]"#)
    }

    @Test(
        arguments: [
            ("", 0, "the document is empty"),
            ("[1, 2", 5, "unexpected end of input"),
            (#"{"a": 1} x"#, 9, "unexpected `x` after the document"),
            ("[NaN]", 1, "NaN and Infinity are not JSON"),
            ("-Infinity", 0, "NaN and Infinity are not JSON"),
            ("[01]", 1, "leading zero in a number"),
            ("1.", 2, "unexpected end of input"),
            ("1.e5", 2, "unexpected `e` in a number"),
            (#"["\x"]"#, 2, "invalid escape \\x"),
            (#"["\ud800"]"#, 2, "lone high surrogate \\uD800"),
            (#"["\udc00x"]"#, 2, "lone low surrogate \\uDC00"),
            (#"["\u12g4"]"#, 6, "unexpected `g` in a \\u escape"),
            ("[\"a\tb\"]", 3, "control character U+0009 in a string"),
            (#"{"a" 1}"#, 5, "unexpected `1`"),
            (#"{"a": 1,}"#, 8, "trailing comma"),
            ("{1: 2}", 1, "unexpected `1`"),
            ("[tru]", 4, "unexpected `]`"),
            (#"["abc"#, 5, "unterminated string"),
            ("'a'", 0, "unexpected `'`"),
        ] as [(String, Int, String)])
    func rejectsMalformedInputPrecisely(text: String, offset: Int, message: String) throws {
        let error = try #require(failure(text))
        #expect(error.offset == offset)
        #expect(error.message == message)
    }

    @Test func rejectsInvalidUTF8AtTheBadByte() throws {
        let overlong = try #require(failure([0x22, 0xC0, 0xAF, 0x22]))
        #expect(overlong.offset == 1)
        #expect(overlong.message == "invalid UTF-8 byte 0xC0")
        let surrogate = try #require(failure([0x22, 0x61, 0xED, 0xA0, 0x80, 0x22]))
        #expect(surrogate.offset == 2)
        #expect(surrogate.message == "invalid UTF-8 sequence")
        let outside = try #require(failure([0x5B, 0xFF, 0x5D]))
        #expect(outside.message == "unexpected byte 0xFF")
    }

    @Test func deepNestingIsAnErrorNotAStackOverflow() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try #require(failure(deep))
        #expect(error.offset == JSONParser.maximumDepth)
        #expect(error.message == "nesting deeper than 10000 levels")
        let allowed = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
        let document = try parse(allowed)
        #expect(document.depth == JSONParser.maximumDepth)
        var innermost = document.root
        while let child = document.child(of: innermost, at: 0) { innermost = child }
        #expect(document.byteRange(of: innermost) == 9_999..<10_001)
    }

    @Test func excerptsAreTerminalSafe() throws {
        let error = try #require(failure("[\"\u{1B}[31m\"]"))
        #expect(error.message == "control character U+001B in a string")
        #expect(error.excerpt == #"["\x1B[31m"]"#)
    }

    // MARK: - Wide steps (JSONWords): every length and alignment, and the end of the input

    /// Each piece that stops a string's eight-byte steps, put after 0–23 plain bytes, with the
    /// string ending 0–9 bytes before the end of the input: the same value or the same error as
    /// a byte-at-a-time reader finds.
    @Test func stringsOfEveryLengthAndAlignment() throws {
        let pieces: [(written: String, decoded: String)] = [
            ("", ""), (#"\n"#, "\n"), (#"\""#, "\""), (#"\\"#, "\\"), (#"\u00e9"#, "é"), (#"\ud83d\ude80"#, "🚀"),
            ("é", "é"), ("渡", "渡"), ("🚀", "🚀"), ("\u{7F}", "\u{7F}"), ("~", "~"),
        ]
        for plain in 0..<24 {
            let prefix = String(repeating: "a", count: plain)
            for piece in pieces {
                for padding in 0..<10 {
                    let text = "[\"\(prefix)\(piece.written)b\"" + String(repeating: " ", count: padding) + "]"
                    let document = try parse(text)
                    let string = try #require(document.child(of: document.root, at: 0))
                    #expect(document.value(of: string) == prefix + piece.decoded + "b", "\(text.debugDescription)")
                }
            }
            // A raw control character, an invalid UTF-8 byte, a truncated sequence and an
            // unterminated string are each reported where they are.
            let offset = 2 + plain
            for (bad, message) in [
                ([UInt8](arrayLiteral: 0x01), "control character U+0001 in a string"),
                ([0xFF], "invalid UTF-8 byte 0xFF"), ([0xE6, 0xB8], "invalid UTF-8 sequence"),
            ] {
                let error = try #require(failure(Array("[\"\(prefix)".utf8) + bad + Array("xxxxxxxxxx\"]".utf8)))
                #expect(error.offset == offset && error.message == message, "\(plain) \(bad)")
            }
            let unterminated = try #require(failure("[\"\(prefix)"))
            #expect(unterminated.offset == offset && unterminated.message == "unterminated string")
        }
    }

    /// Runs of 1–20 digits in every part of a number, ended by each byte that may or may not
    /// follow them (`/` and `:` are the bytes either side of the digits).
    @Test func numbersOfEveryLength() throws {
        for length in 1...20 {
            let digits = String((0..<length).map { Character(String(($0 % 9) + 1)) })
            for written in [digits, "-\(digits)", "0.\(digits)", "\(digits)e\(digits)", "-\(digits).\(digits)E-\(digits)"] {
                for tail in ["", " ", ",1", "]"] {
                    let text = tail == "" || tail == " " ? written + tail : "[\(written)\(tail)" + (tail == "]" ? "" : "]")
                    let document = try parse(text)
                    let number =
                        document.kind(of: document.root) == .array ? try #require(document.child(of: document.root, at: 0)) : document.root
                    #expect(document.value(of: number) == written, "\(text)")
                }
                for bad in ["/", ":", "a", "x"] {
                    let error = try #require(failure("[\(written)\(bad)]"))
                    #expect(error.offset == 1 + written.utf8.count, "\(written)\(bad)")
                }
            }
            #expect(failure("[\(digits).]")?.message == "unexpected `]` in a number")
            #expect(failure("\(digits)e")?.offset == length + 1)
        }
    }

    /// Literals at the end of the input and cut short, compared four bytes at a time.
    @Test func literalsAtTheEndAndCutShort() throws {
        for word in ["true", "false", "null"] {
            #expect(try parse(word).kind(of: NodeID(0)) == (word == "null" ? .null : .bool))
            #expect(try parse("[\(word)]").nodeCount == 2)
            for cut in 1..<word.count {
                let error = try #require(failure(String(word.prefix(cut))))
                #expect(error.offset == cut && error.message == "unexpected end of input")
                let wrong = try #require(failure("[\(word.prefix(cut))x\(word.dropFirst(cut + 1))]"))
                #expect(wrong.offset == 1 + cut && wrong.message == "unexpected `x`")
            }
        }
        #expect(failure("[True]")?.offset == 1)
        #expect(failure("[falsE]")?.offset == 5)
    }
}
