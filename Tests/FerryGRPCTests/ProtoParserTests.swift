import Foundation
import SwiftProtobuf
import Testing

@testable import FerryGRPC

/// `.proto` sources turned into descriptors without protoc: the forms protoc's parser accepts, its
/// scoping rules, and a located error for each kind of bad input.
struct ProtoParserTests {
    /// Compiles `files` (name → text), the first one named.
    func compile(
        _ files: [String: String], _ roots: [String] = [], main: String = "main.proto"
    ) throws(ProtoSourceError)
        -> [Google_Protobuf_FileDescriptorProto]
    {
        let sources = files
        let compiler = ProtoCompiler(importPaths: roots.isEmpty ? ["/src"] : roots) { path in
            let name = path.hasPrefix("/src/") ? String(path.dropFirst(5)) : path
            guard let text = sources[name] else { return .missing }
            return .bytes(Array(text.utf8))
        }
        return try compiler.compile(["/src/" + main])
    }

    func error(_ files: [String: String]) -> String {
        do {
            _ = try compile(files)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func aProto3FileBecomesItsDescriptor() throws {
        let files = try compile([
            "main.proto": """
            syntax = "proto3";
            // a comment
            package a.b; /* another */
            import "google/protobuf/timestamp.proto";
            option java_package = "x.y";
            message Outer {
              message Inner { int32 v = 1; }
              Inner inner = 1 [json_name = "IN", deprecated = true];
              map<string, Inner> by_name = 2;
              optional string maybe = 3;
              oneof pick { string text = 4; Kind kind = 5; }
              google.protobuf.Timestamp at = 6;
              repeated int32 numbers = 7 [packed = false];
              reserved 8, 10 to 12, 20 to max;
              reserved "gone";
            }
            enum Kind { option allow_alias = true; ZERO = 0; NONE = 0; ONE = 1; reserved 5 to 7; }
            service S { rpc Call (stream Outer) returns (stream .a.b.Outer.Inner) { option deprecated = true; } }
            """
        ])
        #expect(files.map(\.name) == ["google/protobuf/timestamp.proto", "main.proto"])
        let file = files[1]
        #expect(file.syntax == "proto3")
        #expect(file.options.javaPackage == "x.y")
        let outer = file.messageType[0]
        #expect(outer.nestedType.map(\.name) == ["Inner", "ByNameEntry"])
        #expect(outer.nestedType[1].options.mapEntry)
        #expect(outer.nestedType[1].field[1].typeName == ".a.b.Outer.Inner")
        let fields = Dictionary(uniqueKeysWithValues: outer.field.map { ($0.name, $0) })
        #expect(fields["inner"]?.typeName == ".a.b.Outer.Inner")
        #expect(fields["inner"]?.type == .message)
        #expect(fields["inner"]?.jsonName == "IN")
        #expect(fields["inner"]?.options.deprecated == true)
        #expect(fields["by_name"]?.label == .repeated)
        #expect(fields["by_name"]?.jsonName == "byName")
        #expect(fields["maybe"]?.proto3Optional == true)
        #expect(outer.oneofDecl.map(\.name) == ["pick", "_maybe"])
        #expect(fields["maybe"]?.oneofIndex == 1)
        #expect(fields["kind"]?.type == .enum)
        #expect(fields["kind"]?.typeName == ".a.b.Kind")
        #expect(fields["at"]?.typeName == ".google.protobuf.Timestamp")
        #expect(fields["numbers"]?.options.packed == false)
        #expect(outer.reservedRange.map { [$0.start, $0.end] } == [[8, 9], [10, 13], [20, 536_870_912]])
        #expect(outer.reservedName == ["gone"])
        #expect(file.enumType[0].reservedRange.map { [$0.start, $0.end] } == [[5, 7]])
        #expect(file.enumType[0].options.allowAlias)
        let method = file.service[0].method[0]
        #expect(method.clientStreaming && method.serverStreaming)
        #expect(method.inputType == ".a.b.Outer")
        #expect(method.outputType == ".a.b.Outer.Inner")
        #expect(method.options.deprecated)
    }

    @Test func proto2GroupsDefaultsAndExtensions() throws {
        let file = try compile([
            "main.proto": """
            syntax = "proto2";
            package p;
            message M {
              optional group Result = 1 { required string url = 2; }
              optional double ratio = 3 [default = -1e20];
              optional bytes raw = 4 [default = "a\\001\\x41\\n"];
              optional string text = 5 [default = 'it''s'];
              optional uint32 hex = 6 [default = 0x1F];
              optional E e = 7 [default = TWO];
              extensions 100 to max;
            }
            enum E { ONE = 1; TWO = 2; }
            extend M { optional int32 more = 100; }
            """
        ])[0]
        let message = file.messageType[0]
        #expect(message.nestedType.map(\.name) == ["Result"])
        #expect(message.field[0].name == "result")
        #expect(message.field[0].type == .group)
        #expect(message.field[0].typeName == ".p.M.Result")
        #expect(message.field[1].defaultValue == "-1e+20")
        #expect(message.field[2].defaultValue == "a\\001A\\n")
        #expect(message.field[3].defaultValue == "its")
        #expect(message.field[4].defaultValue == "31")
        #expect(message.field[5].defaultValue == "TWO")
        #expect(message.extensionRange.map { [$0.start, $0.end] } == [[100, 536_870_912]])
        #expect(file.extension[0].extendee == ".p.M")
        #expect(!file.hasSyntax)
    }

    @Test func namesResolveInTheInnermostScopeFirst() throws {
        let file = try compile([
            "main.proto": """
            syntax = "proto3";
            package foo.bar;
            message Baz {}
            message Outer {
              message Baz {}
              Baz inner = 1;
              bar.Baz outer = 2;
              .foo.bar.Baz full = 3;
            }
            """
        ])[0]
        #expect(file.messageType[1].field.map(\.typeName) == [".foo.bar.Outer.Baz", ".foo.bar.Baz", ".foo.bar.Baz"])
        #expect(
            error([
                "main.proto": """
                syntax = "proto3";
                package foo.bar;
                message Thing { message foo {} foo.bar.Thing x = 1; }
                """
            ]).hasPrefix("main.proto:3:32: \"foo.bar.Thing\" is resolved to \"foo.bar.Thing.foo.bar.Thing\", which is not defined"))
    }

    @Test func editionsKeepTheirFeatures() throws {
        let file = try compile([
            "main.proto": """
            edition = "2023";
            package e;
            option features.field_presence = IMPLICIT;
            message M { int32 a = 1 [features.field_presence = EXPLICIT]; reserved b; }
            """
        ])[0]
        #expect(file.syntax == "editions")
        #expect(file.edition == .edition2023)
        #expect(file.options.features.fieldPresence == .implicit)
        #expect(file.messageType[0].field[0].options.features.fieldPresence == .explicit)
        #expect(file.messageType[0].reservedName == ["b"])
    }

    @Test func theCodecFollowsEachSyntaxAndEditionsFeatures() throws {
        let sources = [
            "main.proto": """
            edition = "2023";
            package e;
            import "old.proto";
            option features.field_presence = IMPLICIT;
            message M {
              int32 a = 1;
              int32 b = 2 [features.field_presence = EXPLICIT];
              repeated int32 c = 3;
              repeated int32 d = 4 [features.repeated_field_encoding = EXPANDED];
              message N { option features.field_presence = EXPLICIT; int32 e = 1; }
            }
            """,
            "old.proto": "syntax = \"proto2\"; package o; message P { optional int32 a = 1; repeated int32 b = 2; }",
        ]
        var pool = DescriptorPool()
        for file in try compile(sources) { try pool.add(file) }
        let message = try #require(pool.message("e.M"))
        #expect(message.field(named: "a")?.hasPresence == false)
        #expect(message.field(named: "b")?.hasPresence == true)
        #expect(message.field(named: "c")?.isPacked == true)
        #expect(message.field(named: "d")?.isPacked == false)
        #expect(pool.message("e.M.N")?.field(named: "e")?.hasPresence == true)
        #expect(pool.message("o.P")?.field(named: "a")?.hasPresence == true)
        #expect(pool.message("o.P")?.field(named: "b")?.isPacked == false)
    }

    @Test func aFileUnderNoImportPathIsNamedFromItsFolder() throws {
        let compiler = ProtoCompiler(importPaths: ["/elsewhere"]) { path in
            switch path {
            case "/src/main.proto": .bytes(Array("syntax = \"proto3\"; import \"dep.proto\"; message M { D d = 1; }".utf8))
            case "/src/dep.proto": .bytes(Array("syntax = \"proto3\"; message D {}".utf8))
            default: .missing
            }
        }
        #expect(try compiler.compile(["/src/main.proto"]).map(\.name) == ["dep.proto", "main.proto"])
        #expect(throws: ProtoSourceError(file: "/src/none.proto", "no such file")) { try compiler.compile(["/src/none.proto"]) }
    }

    @Test func customOptionsOfOnePartAndAScalarValueAreInterpreted() throws {
        let file = try compile([
            "main.proto": """
            syntax = "proto2";
            package c;
            import "google/protobuf/descriptor.proto";
            extend google.protobuf.FieldOptions { optional int32 weight = 50001; optional string label = 50002; }
            extend google.protobuf.MessageOptions { optional Level level = 50003; optional double ratio = 50004; }
            enum Level { LOW = 1; HIGH = 2; }
            message M {
              option (level) = HIGH;
              option (c.ratio) = -inf;
              optional int32 a = 1 [(label) = "x", (weight) = -2, deprecated = true];
              optional int32 b = 2 [(nested).part = 1];
            }
            """
        ])[1]
        let message = file.messageType[0]
        // Extensions after the known fields, by number: (weight) before (label) whatever order they were written in.
        var expected: [UInt8] = [0x18, 0x01]  // deprecated = true
        expected += [0x88, 0xB5, 0x18] + [0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]  // 50001: -2
        expected += [0x92, 0xB5, 0x18, 0x01, 0x78]  // 50002: "x"
        #expect(try message.field[0].options.serializedBytes() == expected)
        #expect(
            try message.options.serializedBytes() == [0x98, 0xB5, 0x18, 0x02, 0xA1, 0xB5, 0x18]
                + Array(Double(-Double.infinity).bitPattern.littleEndianBytes))
        #expect(message.field[1].options.uninterpretedOption.isEmpty)
    }

    @Test func badInputIsALocatedError() {
        #expect(
            error(["main.proto": "syntax = \"proto3\";\nmessage M {\n  int32 x = ;\n}"])
                == "main.proto:3:13: expected the field number (an integer), found \";\"")
        #expect(
            error(["main.proto": "syntax = \"proto3\";\nmessage M { Missing m = 1; }"])
                == "main.proto:2:13: \"Missing\" is not defined in this file")
        #expect(error(["main.proto": "syntax = \"proto4\";"]).hasPrefix("main.proto:1:10: unknown syntax \"proto4\""))
        #expect(
            error(["main.proto": "message M { string s = 1 [default = \"x\n\"]; }"]).hasPrefix(
                "main.proto:1:37: a string literal that never ends"))
        #expect(error(["main.proto": "/* open"]) == "main.proto:1:1: a /* comment that never ends")
        #expect(
            error(["main.proto": "syntax = \"proto3\";\nimport \"nope.proto\";"]).hasPrefix(
                "main.proto:2:8: import \"nope.proto\" was not found"))
        #expect(
            error(["main.proto": "syntax = \"proto3\"; message M { int32 a = 1; } message M {}"]) == "main.proto: \"M\" is already defined")
        #expect(error(["main.proto": "syntax = \"proto3\"; message M { int32 a = 19000; }"]).contains("reserved for protobuf itself"))
        #expect(error(["main.proto": "syntax = \"proto3\"; message M { int32 a = 1 [nonsense = 3]; }"]).contains("has no option nonsense"))
    }

    @Test func anImportCycleIsNamedWhereItCloses() {
        let message = error([
            "main.proto": "syntax = \"proto3\";\nimport \"a.proto\";",
            "a.proto": "syntax = \"proto3\";\nimport \"b.proto\";",
            "b.proto": "syntax = \"proto3\";\n\nimport \"a.proto\";",
        ])
        #expect(message == "b.proto:3:8: import cycle: a.proto → b.proto → a.proto")
    }

    @Test func nestingAndImportsAreBounded() {
        let deep = String(repeating: "message M {", count: 200) + String(repeating: "}", count: 200)
        #expect(error(["main.proto": deep]).contains("nested deeper than 64"))
        var chain: [String: String] = ["main.proto": "import \"f0.proto\";"]
        for index in 0..<150 { chain["f\(index).proto"] = "import \"f\(index + 1).proto\";" }
        #expect(error(chain).contains("imports nested deeper than 100 files"))
        #expect(error(["main.proto": "import \"../etc/passwd\";"]).contains("without \"..\""))
    }

    @Test func stringAndNumberLiteralForms() throws {
        let tokens = try ProtoLexer.tokens(file: "t", bytes: Array(#"'a\'' "b\u00e9" "\U0001F600" 0x1f 017 1.5e3 .5 1e-2f"#.utf8))
        #expect(String(decoding: tokens[0].bytes, as: UTF8.self) == "a'bé😀")
        #expect(tokens.map(\.kind) == [.string, .integer, .integer, .float, .float, .float, .end])
        #expect(ProtoParser.integerValue("0x1f") == 31)
        #expect(ProtoParser.integerValue("017") == 15)
        #expect(ProtoParser.shortest(0.1) == "0.1")
        #expect(ProtoParser.shortest(1e10) == "10000000000")
        #expect(ProtoParser.shortest(1e20) == "1e+20")
    }
}

extension UInt64 {
    fileprivate var littleEndianBytes: [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: self >> (8 * $0)) } }
}
