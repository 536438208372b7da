import FerryTestSupport
import Foundation
import Testing

/// `ferry view` end to end: the real binary on fixture files and standard input.
@Suite struct ViewCommandTests {
    private func json(_ outcome: FerryBinary.Outcome) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
    }

    @Test func binaryFilesDumpAsHexdumpDoes() async throws {
        let directory = try TemporaryDirectory()
        var bytes = Data((0..<4133).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        bytes.append(contentsOf: Array("\u{1B}[31mred".utf8))
        let path = try directory.write("blob.bin", bytes)
        let outcome = await FerryBinary.run(["view", "--hex", path])
        #expect(outcome.status == 0)
        #expect(outcome.text == (try Hexdump.canonical(of: path)))
        let empty = try directory.write("empty.bin", Data())
        let emptyDump = await FerryBinary.run(["view", "--hex", empty])
        #expect(emptyDump.status == 0)
        #expect(emptyDump.text == (try Hexdump.canonical(of: empty)))
    }

    @Test func imagesAndTextAreReadByTheirSerializers() async throws {
        let directory = try TemporaryDirectory()
        let png = try directory.write(
            "tile.png",
            Data(
                base64Encoded:
                    "iVBORw0KGgoAAAANSUhEUgAAACAAAAAYCAIAAAAUMWhjAAAANElEQVR42mPQqLgDR79OaMARtcQZRi0gaAEtDEUWH7WAsAWjyXQ0H4xaMJoPRvPBqAVABAA92RlMINTlRwAAAABJRU5ErkJggg=="
            )!)
        let image = await FerryBinary.run(["view", "--as", "image", png])
        #expect(image.status == 0)
        #expect(image.text == "PNG, 32×24 pixels, 24 bits per pixel, 1 frame\n")

        let text = try directory.write("notes", Data("Fähre ⛴\n".utf8))
        let decoded = await FerryBinary.run(["view", "--as", "string", text])
        #expect(decoded.text == "Fähre ⛴\n")
        let report = try json(await FerryBinary.run(["view", "--as", "string", "--json", text]))
        let value = try #require(report["value"] as? [String: Any])
        #expect(value["charset"] as? String == "UTF-8")
        #expect(value["characters"] as? Int == 8)
        #expect((report["file"] as? [String: Any])?["size"] as? Int == 11)
    }

    @Test func damagedInputIsAParseFailureWithExitThree() async throws {
        let directory = try TemporaryDirectory()
        let notImage = try directory.write("fake.png", Data("GIF89a".utf8))
        let outcome = await FerryBinary.run(["view", "--as", "image", notImage])
        #expect(outcome.status == 3)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasPrefix("ferry: serialization: not a recognised image"))

        let latin = try directory.write("bad.txt", Data([0x61, 0x62, 0xFF, 0x63]))
        let report = try json(await FerryBinary.run(["view", "--as", "string", "--json", latin]))
        #expect(report["exitCode"] as? Int == 3)
        let chain = try #require((report["error"] as? [String: Any])?["chain"] as? [[String: Any]])
        #expect(chain.first?["reason"] as? String == "stringDecodingFailed")
        #expect((chain.first?["details"] as? [[String: String]])?.last == ["name": "offset", "value": "2"])
    }

    @Test func jsonFilesAreParsedSummarisedAndLocatedWhenMalformed() async throws {
        let directory = try TemporaryDirectory()
        let valid = try directory.write("saved.json", Data(#"{"b": [1, 2.5e400, null], "a": {"c": "⛴"}, "b": true}"#.utf8))
        let summary = await FerryBinary.run(["view", "--as", "json", "--summary", valid])
        #expect(summary.status == 0)
        #expect(summary.text.contains("document: JSON, root object, 8 nodes"))
        #expect(summary.text.contains("nodes by kind: number 2, object 2, array 1, bool 1, null 1, string 1"))
        #expect(summary.text.contains(" MB/s\n") || summary.text.contains(" ms\n"))

        let malformed = try directory.write("broken.json", Data("{\n  \"a\": [1,\n  2,,\n]}".utf8))
        let outcome = await FerryBinary.run(["view", "--as", "json", "--json", malformed])
        #expect(outcome.status == 3)
        let report = try json(outcome)
        let link = try #require(((report["error"] as? [String: Any])?["chain"] as? [[String: Any]])?.first)
        let details = Dictionary(uniqueKeysWithValues: (link["details"] as? [[String: String]] ?? []).map { ($0["name"]!, $0["value"]!) })
        #expect(details["offset"] == "17")
        #expect(details["line"] == "3")
        #expect(details["column"] == "5")
        #expect(details["excerpt"] == "  2,,")
        #expect(report["value"] == nil)
        let human = await FerryBinary.run(["view", "--as", "json", malformed])
        #expect(human.status == 3)
        #expect(human.stdout.isEmpty)
        #expect(human.stderr.contains("line: 3, column: 5"))
    }

    @Test func autoIsTheDefaultAndKeepsTheDocumentsOrder() async throws {
        let directory = try TemporaryDirectory()
        let saved = try directory.write("saved.json", Data(#"{"b": [1, 2.5e400, null], "a": {"c": "⛴"}, "b": true}"#.utf8))
        let pretty = await FerryBinary.run(["view", saved])
        #expect(pretty.status == 0)
        #expect(
            pretty.text == """
                {
                  "b": [
                    1,
                    2.5e400,
                    null
                  ],
                  "a": {
                    "c": "⛴"
                  },
                  "b": true
                }

                """)
        let subtree = await FerryBinary.run(["view", "--path", "$.a.c", saved])
        #expect(subtree.text == "\"⛴\"\n")
        let nowhere = await FerryBinary.run(["view", "--path", "$.a.z", saved])
        #expect(nowhere.status == 1)
        #expect(nowhere.stderr.contains("--path"))

        let plist = try directory.write(
            "settings",
            Data(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0"><dict><key>name</key><string>Ferry</string><key>port</key><integer>8080</integer></dict></plist>

                """.utf8))
        let sniffed = try #require(try json(await FerryBinary.run(["view", "--json", plist]))["value"] as? [String: Any])
        #expect(sniffed["serializer"] as? String == "plist")
        #expect(sniffed["chosenBy"] as? String == "auto")
        #expect(sniffed["format"] as? String == "property list")

        let bytes = Data((0..<300).map { UInt8(truncatingIfNeeded: $0 &* 97) })
        let binary = await FerryBinary.run(["view", try directory.write("blob", bytes)])
        #expect(binary.status == 0)
        #expect(binary.stdout == bytes)
    }

    @Test func emptyFilesAndStandardInput() async throws {
        let directory = try TemporaryDirectory()
        let empty = try directory.write("empty.txt", Data())
        let asString = await FerryBinary.run(["view", "--as", "string", "--json", empty])
        #expect(asString.status == 3)
        #expect(
            ((try json(asString)["error"] as? [String: Any])?["chain"] as? [[String: Any]])?.first?["reason"] as? String == "inputEmpty")
        let asData = await FerryBinary.run(["view", "--as", "data", "--summary", empty])
        #expect(asData.status == 0)
        #expect(asData.text.contains("kind: empty"))

        let piped = try directory.write("piped.txt", Data("from a pipe\n".utf8))
        let stdin = await FerryBinary.run(["view", "--as", "string", "--summary", "-"], standardInput: piped)
        #expect(stdin.status == 0)
        #expect(stdin.text.hasPrefix("file: -\nkind: text (serializer string)\nbytes: 12\n"))
        let echoed = await FerryBinary.run(["view", "--as", "string", "-"], standardInput: piped)
        #expect(echoed.text == "from a pipe\n")
        let pipedJSON = try directory.write("piped", Data(#"[{"k": null}, 1]"#.utf8))
        let sniffed = await FerryBinary.run(["view", "--remove-nulls", "-"], standardInput: pipedJSON)
        #expect(sniffed.text == "[\n  {},\n  1\n]\n")
    }

    @Test func unreadableFilesExitFour() async throws {
        let directory = try TemporaryDirectory()
        let missing = await FerryBinary.run(["view", directory.file("missing.json")])
        #expect(missing.status == 4)
        #expect(missing.stderr.contains("missing.json"))
        let folder = await FerryBinary.run(["view", "--json", directory.path])
        #expect(folder.status == 4)
        #expect(try json(folder)["exitCode"] as? Int == 4)
        #expect(await FerryBinary.run(["view", "--as", "nonsense", directory.path]).status == 1)
    }
}
