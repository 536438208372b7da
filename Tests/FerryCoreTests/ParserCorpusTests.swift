import FerryCore
import FerryTestSupport
import Foundation
import Testing

/// Malformed-input corpora for Ferry's JSON, XML and property-list parsers, with accept/reject
/// checked against Python's parsers on the same files (python3 runs as a separate process).
@Suite struct ParserCorpusTests {
    /// Runs `script` with the corpus directory as its argument; it prints `name ok|err` per file.
    private func pythonVerdicts(_ script: String, in directory: TemporaryDirectory) throws -> [String: Bool] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, directory.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        var verdicts: [String: Bool] = [:]
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ")
            verdicts[String(parts[0])] = parts[1] == "ok"
        }
        return verdicts
    }

    private func write(_ cases: [[UInt8]], to directory: TemporaryDirectory) throws -> [String: [UInt8]] {
        var named: [String: [UInt8]] = [:]
        for (index, bytes) in cases.enumerated() {
            let name = String(format: "case%03d", index)
            _ = try directory.write(name, Data(bytes))
            named[name] = bytes
        }
        return named
    }

    // MARK: - JSON

    static func jsonCases() -> [[UInt8]] {
        let sample = #"{"a": [1, -2.5e+3, true, false, null], "b\n": {"c": "d\u00e9\ud83d\ude80"}, "e": ""}"#
        var texts: [String] = []
        for end in stride(from: 0, through: sample.utf8.count, by: 1) {
            texts.append(String(decoding: Array(sample.utf8)[..<end], as: UTF8.self))
        }
        texts += [
            "[]", "{}", " [ ] ", "\t\n\r[\"x\"]\r\n", "[1,]", "[,1]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "{'a':1}", "[1 2]", "[1]]",
            "[[1]", "]",
            "0", "-0", "01", "-01", "1.", ".5", "1.5e", "1e+", "1E5", "-", "+1", "0x10", "1e400", "123456789012345678901234567890",
            "NaN", "[NaN]", "Infinity", "-Infinity", "[-Infinity]", "nul", "truex", "[true false]", "True", "null null",
            #""\a""#, #""\'""#, #""\/""#, #""\u12""#, #""\u12G4""#, #""\uD83D\uDE80""#, #""\uDE80""#, #""\uD83Dx""#, #""\uD83D\u0041""#,
            #""\"#, "\"a\u{7F}b\"", "\"\u{1F}\"", "\"tab\there\"", "[\"\u{0}\"]", "\"é渡⛴\"", "\u{FEFF}[1]", "[1]\u{FEFF}", "[1] // c",
            "/* c */ [1]",
            "[1e5, 2E-3, 0.0, -0.0e0]", "{\"a\": {\"b\": {\"c\": [[[]]]}}}", "{\"dup\": 1, \"dup\": 2}", " ", "\u{A0}[1]", "[1]\u{0}",
        ]
        var cases = texts.map { Array($0.utf8) }
        cases += [
            [0x22, 0xC3, 0x28, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xE2, 0x82, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
            [0x22, 0xF0, 0x9F, 0x9A, 0xA2, 0x22], [0x5B, 0xFF, 0x5D], [0x22, 0xE0, 0x80, 0x80, 0x22],
        ]
        cases.append(Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8))
        cases.append(Array((String(repeating: "[", count: 500) + String(repeating: "]", count: 500)).utf8))
        cases.append(Array((String(repeating: "{\"k\":", count: 100_000) + "1" + String(repeating: "}", count: 100_000)).utf8))
        return cases
    }

    /// Where Ferry deliberately disagrees with Python's `json`:
    /// - Python accepts lone surrogates written as `\uD800` escapes; RFC 8259 §8.2 calls such
    ///   strings unpredictable and Ferry rejects them.
    static let jsonIntendedDifferences: Set<String> = [#""\uDE80""#, #""\uD83Dx""#, #""\uD83D\u0041""#]

    @Test func jsonAgreesWithPython() throws {
        let directory = try TemporaryDirectory()
        let cases = try write(Self.jsonCases(), to: directory)
        #expect(cases.count >= 100)
        let python = """
            import json, os, sys
            sys.set_int_max_str_digits(0)
            def reject(name): raise ValueError(name)
            for name in sorted(os.listdir(sys.argv[1])):
                data = open(os.path.join(sys.argv[1], name), 'rb').read()
                try:
                    json.loads(data, parse_constant=reject); print(name, 'ok')
                except BaseException:
                    print(name, 'err')
            """
        let verdicts = try pythonVerdicts(python, in: directory)
        var differences = 0
        for (name, bytes) in cases.sorted(by: { $0.key < $1.key }) {
            let ours = (try? JSONParser.parse(Data(bytes))) != nil
            let text = String(decoding: bytes.prefix(60), as: UTF8.self)
            if Self.jsonIntendedDifferences.contains(text) {
                #expect(!ours && verdicts[name] == true, "intended difference \(text)")
                differences += 1
                continue
            }
            #expect(ours == verdicts[name], "\(name): \(text.debugDescription) Ferry \(ours ? "accepts" : "rejects")")
        }
        #expect(differences == Self.jsonIntendedDifferences.count)
    }

    // MARK: - XML

    static func xmlCases() -> [String] {
        let sample = #"<?xml version="1.0"?><r a="1" b='2'><i>t &amp; &#65;&#x42;</i><!-- c --><![CDATA[<x>]]><?p d?><e/></r>"#
        var texts: [String] = []
        for end in stride(from: 0, through: sample.utf8.count, by: 3) {
            texts.append(String(decoding: Array(sample.utf8)[..<end], as: UTF8.self))
        }
        texts += [
            "<a/>", "<a></a>", " <a/> ", "<a></b>", "<a><b></a></b>", "<a>", "</a>", "<a/><b/>", "<a/>x", "x<a/>", "<a/><!-- ok -->",
            "<a x='1' x='2'/>", "<a x=1/>", "<a x='<'/>", "<a x='&amp;'/>", "<a x='1'y='2'/>", "<1a/>", "<a b:c='1'/>", "<-a/>",
            "<a>&nbsp;</a>", "<a>&amp</a>", "<a>&#0;</a>", "<a>&#x1F600;</a>", "<a>&#xD800;</a>", "<a>&#65</a>", "<a>a & b</a>",
            "<a>]]></a>", "<a>]]</a>", "<a><!-- x -- y --></a>", "<a><!-- x - y --></a>", "<a><!----></a>", "<a><![CDATA[ ]] ]]></a>",
            "<![CDATA[x]]><a/>", "<a>\u{1}</a>", "<a>\u{7F}</a>", "<a>\t\n\r</a>", "<?xml version='1.0'?><a/>",
            " <?xml version='1.0'?><a/>",
            "<a/><?xml version='1.0'?>", "<?xml?><a/>", "<?xml version='1.0' encoding='UTF-8'?><a/>", "<?pi?><a/>",
            "<?xml-stylesheet href='x'?><a/>",
            "<!DOCTYPE a><a/>", "<!DOCTYPE a [<!ELEMENT a ANY>]><a/>", "<!DOCTYPE a SYSTEM 'a.dtd'><a/>", "<a/><!DOCTYPE a>",
            "<!DOCTYPE a><!DOCTYPE a><a/>",
            "<a  ></a  >", "<a/ >", "< a/>", "<a></ a>", "", "   ", "<a>é渡</a>", "<é/>", "<a\u{3000}/>", "\u{FEFF}<a/>", "<a><b/><b/></a>",
            "<a>\(String(repeating: "<b>", count: 20_000))\(String(repeating: "</b>", count: 20_000))</a>",
        ]
        return texts
    }

    /// Where Ferry deliberately disagrees with expat: nesting deeper than
    /// `XMLDocumentParser.maximumDepth` is an error rather than a risk to whoever walks the tree.
    static let xmlIntendedDifferences: Set<String> = ["<a><b><b><b>"]

    @Test func xmlAgreesWithExpat() throws {
        let directory = try TemporaryDirectory()
        var bytes = Self.xmlCases().map { Array($0.utf8) }
        bytes += [Array("<a>".utf8) + [0xC3, 0x28] + Array("</a>".utf8), Array("<a x='".utf8) + [0xFF] + Array("'/>".utf8)]
        let cases = try write(bytes, to: directory)
        #expect(cases.count >= 80)
        let python = """
            import os, sys, xml.parsers.expat
            for name in sorted(os.listdir(sys.argv[1])):
                data = open(os.path.join(sys.argv[1], name), 'rb').read()
                try:
                    xml.parsers.expat.ParserCreate().Parse(data, True); print(name, 'ok')
                except BaseException:
                    print(name, 'err')
            """
        let verdicts = try pythonVerdicts(python, in: directory)
        for (name, bytes) in cases.sorted(by: { $0.key < $1.key }) {
            let ours = (try? XMLDocumentParser.parse(Data(bytes))) != nil
            if Self.xmlIntendedDifferences.contains(where: { bytes.starts(with: Array($0.utf8)) }) {
                #expect(!ours && verdicts[name] == true, "intended difference \(name)")
                continue
            }
            #expect(
                ours == verdicts[name],
                "\(name): \(String(decoding: bytes.prefix(60), as: UTF8.self).debugDescription) Ferry \(ours ? "accepts" : "rejects")")
        }
    }

    // MARK: - Property lists

    /// Where Ferry deliberately disagrees with plistlib: it rejects unknown XML elements (plistlib
    /// skips them) and an offset table that runs into the trailer (plistlib reads on into it).
    /// The second shows as the last byte of a binary plist (the table's offset) set to 0xFF.
    private func isIntendedPlistDifference(_ name: String, in directory: TemporaryDirectory) -> Bool {
        if name == "badxml4" { return true }
        return (0..<4).contains { index in
            let size = (try? FileManager.default.attributesOfItem(atPath: directory.file("ok\(index)b"))[.size] as? Int) ?? 0
            return name == "flip\(index)_\(size - 1)"
        }
    }

    @Test func propertyListsAgreeWithPlistlib() throws {
        let directory = try TemporaryDirectory()
        let generator = """
            import os, plistlib, sys, datetime
            out = sys.argv[1]
            values = [
                {"name": "Ferry", "z": 1, "a": [1, 2.5, True, False, "é渡"], "nested": {"k": b"\\x00\\x01bytes"}},
                [1, -1, 2**63 - 1, -2**63, 2**64 - 1, 255, 65535, 2**31],
                {"when": datetime.datetime(2024, 5, 6, 7, 8, 9), "empty": {}, "list": [], "s": ""},
                {"long": "x" * 300, "many": list(range(40)), "u": "\\u263a" * 20},
            ]
            for index, value in enumerate(values):
                for fmt, tag in ((plistlib.FMT_BINARY, "b"), (plistlib.FMT_XML, "x")):
                    data = plistlib.dumps(value, fmt=fmt, sort_keys=False)
                    open(os.path.join(out, "ok%d%s" % (index, tag)), "wb").write(data)
                    if tag == "b":
                        for cut in (1, 8, 20, len(data) // 2, len(data) - 33, len(data) - 1):
                            open(os.path.join(out, "cut%d_%d" % (index, cut)), "wb").write(data[:cut])
                        for position in (len(data) - 26, len(data) - 25, len(data) - 9, len(data) - 1, 8):
                            broken = bytearray(data); broken[position] = 0xFF
                            open(os.path.join(out, "flip%d_%d" % (index, position)), "wb").write(bytes(broken))
            open(os.path.join(out, "badxml1"), "wb").write(b'<plist version="1.0"><dict><key>a</key></dict></plist>')
            open(os.path.join(out, "badxml2"), "wb").write(b'<plist version="1.0"><dict><string>a</string></dict></plist>')
            open(os.path.join(out, "badxml3"), "wb").write(b'<plist version="1.0"><integer>x</integer></plist>')
            open(os.path.join(out, "badxml4"), "wb").write(b'<plist version="1.0"><array><foo/></array></plist>')
            open(os.path.join(out, "badxml5"), "wb").write(b'<plist version="1.0"><array><string>a</array></plist>')
            """
        let generate = Process()
        generate.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        generate.arguments = ["python3", "-c", generator, directory.path]
        try generate.run()
        generate.waitUntilExit()
        #expect(generate.terminationStatus == 0)
        let python = """
            import os, plistlib, sys
            for name in sorted(os.listdir(sys.argv[1])):
                try:
                    plistlib.loads(open(os.path.join(sys.argv[1], name), 'rb').read()); print(name, 'ok')
                except BaseException:
                    print(name, 'err')
            """
        let verdicts = try pythonVerdicts(python, in: directory)
        #expect(verdicts.count > 50)
        for (name, accepted) in verdicts.sorted(by: { $0.key < $1.key }) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: directory.file(name)))
            let ours = (try? PropertyListParser.parse(bytes)) != nil
            if !ours, accepted, isIntendedPlistDifference(name, in: directory) { continue }
            #expect(ours == accepted, "\(name): Ferry \(ours ? "accepts" : "rejects")")
        }
        let binary = try PropertyListParser.parse(Data(contentsOf: URL(fileURLWithPath: directory.file("ok0b"))))
        let xml = try PropertyListParser.parse(Data(contentsOf: URL(fileURLWithPath: directory.file("ok0x"))))
        for document in [binary, xml] {
            #expect(document.children(of: document.root).map { document.key(of: $0) } == ["name", "z", "a", "nested"])
            let list = try NodePath.resolve("$.a", in: document)
            #expect(document.children(of: list).map { document.kind(of: $0) } == [.integer, .real, .bool, .bool, .string])
            #expect(document.children(of: list).map { document.value(of: $0) } == ["1", "2.5", "true", "false", "é渡"])
            #expect(document.value(of: try NodePath.resolve("$.nested.k", in: document)) == "AAFieXRlcw==")
        }
    }

    // MARK: - Mutations

    @Test func mutatedInputsAreAnErrorOrADocumentNeverACrash() throws {
        var bplist = Array("bplist00".utf8) + [0xD1, 0x01, 0x02, 0x51, 0x61, 0xA2, 0x03, 0x04, 0x10, 0x01, 0x51, 0x78]
        bplist +=
            [0x08, 0x0B, 0x0D, 0x10, 0x12] + [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 5] + [0, 0, 0, 0, 0, 0, 0, 0] + [
                0, 0, 0, 0, 0, 0, 0, 20,
            ]
        let plist = try PropertyListParser.parse(Data(bplist))
        #expect(DocumentPrettyPrinter().string(plist) == "{\n  \"a\": [\n    1,\n    \"x\"\n  ]\n}\n")
        let samples: [([UInt8], (Data) throws -> Document)] = [
            (Array(#"{"a": [1, -2.5e3, "x\u00e9\"", {"b": null}], "c": true}"#.utf8), { try JSONParser.parse($0) }),
            (
                Array(#"<?xml version="1.0"?><r a="1"><i>t &amp; &#65;</i><!--c--><![CDATA[x]]></r>"#.utf8),
                { try XMLDocumentParser.parse($0) }
            ),
            (bplist, { try PropertyListParser.parse($0) }),
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        var outcomes = (documents: 0, errors: 0)
        for (sample, parse) in samples {
            for _ in 0..<2_000 {
                var bytes = sample
                for _ in 0...random(3) {
                    let position = random(bytes.count)
                    switch random(3) {
                    case 0: bytes[position] = UInt8(random(256))
                    case 1: bytes.remove(at: position)
                    default: bytes.insert(bytes[random(bytes.count)], at: position)
                    }
                }
                if let document = try? parse(Data(bytes)) {
                    outcomes.documents += 1
                    _ = DocumentPrettyPrinter().string(document)
                } else {
                    outcomes.errors += 1
                }
            }
        }
        #expect(outcomes.documents > 100 && outcomes.errors > 100)
    }
}
