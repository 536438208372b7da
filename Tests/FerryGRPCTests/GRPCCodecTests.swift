import FerryCore
import FerryTestSupport
import Foundation
import SwiftProtobuf
import Testing

@testable import FerryGRPC

/// The dynamic codec on hand-built schemas: bounds, located errors, and the forms of the JSON mapping.
struct GRPCCodecTests {
    /// A pool with one file: `test.Item { string name = 1; int64 big = 2; repeated int32 values = 3; Item child = 4;
    /// map<string, int32> counts = 5; Kind kind = 6; oneof pick { string text = 7; int32 number = 8; } }`.
    static let pool: DescriptorPool = {
        var file = Google_Protobuf_FileDescriptorProto()
        file.name = "test.proto"
        file.package = "test"
        file.syntax = "proto3"
        var kind = Google_Protobuf_EnumDescriptorProto()
        kind.name = "Kind"
        kind.value = [("ZERO", 0), ("ONE", 1)].map { name, number in
            var value = Google_Protobuf_EnumValueDescriptorProto()
            value.name = name
            value.number = Int32(number)
            return value
        }
        file.enumType = [kind]
        func field(
            _ name: String, _ number: Int32, _ type: Google_Protobuf_FieldDescriptorProto.TypeEnum, repeated: Bool = false,
            typeName: String = "", oneof: Int32? = nil
        ) -> Google_Protobuf_FieldDescriptorProto {
            var field = Google_Protobuf_FieldDescriptorProto()
            field.name = name
            field.number = number
            field.type = type
            field.label = repeated ? .repeated : .optional
            field.typeName = typeName
            if let oneof { field.oneofIndex = oneof }
            return field
        }
        var entry = Google_Protobuf_DescriptorProto()
        entry.name = "CountsEntry"
        entry.options.mapEntry = true
        entry.field = [field("key", 1, .string), field("value", 2, .int32)]
        var item = Google_Protobuf_DescriptorProto()
        item.name = "Item"
        item.nestedType = [entry]
        item.field = [
            field("name", 1, .string), field("big", 2, .int64), field("values", 3, .int32, repeated: true),
            field("child", 4, .message, typeName: ".test.Item"),
            field("counts", 5, .message, repeated: true, typeName: ".test.Item.CountsEntry"),
            field("kind", 6, .enum, typeName: ".test.Kind"), field("text", 7, .string, oneof: 0), field("number", 8, .int32, oneof: 0),
        ]
        var pick = Google_Protobuf_OneofDescriptorProto()
        pick.name = "pick"
        item.oneofDecl = [pick]
        file.messageType = [item]
        var pool = DescriptorPool()
        try! pool.add(file)
        return pool
    }()

    func json(_ bytes: [UInt8]) throws -> String {
        var writer = ProtoJSONWriter(pool: Self.pool)
        return try writer.json(of: bytes, type: "test.Item")
    }

    func encode(_ json: String) throws -> [UInt8] {
        var reader = ProtoJSONReader(pool: Self.pool)
        return try reader.message(fromJSON: Data(json.utf8), type: "test.Item")
    }

    @Test func roundTripsEveryFieldOfTheTestType() throws {
        let text =
            #"{"name":"a\"b","big":"-9007199254740993","values":[1,-2,300],"child":{"name":"c"},"counts":{"x":1},"kind":"ONE","number":0}"#
        let bytes = try encode(text)
        #expect(try json(bytes) == text)
    }

    @Test func acceptsProtoNamesNumbersAsStringsAndEnumNumbers() throws {
        #expect(try json(try encode(#"{"big": 5, "values": ["7"], "kind": 1}"#)) == #"{"big":"5","values":[7],"kind":"ONE"}"#)
        #expect(try json(try encode(#"{"kind": 9}"#)) == #"{"kind":9}"#)
    }

    @Test func keepsAndReportsUnknownFields() throws {
        var writer = ProtoJSONWriter(pool: Self.pool)
        // name = "x", then field 99 (varint 5)
        let text = try writer.json(of: [0x0A, 0x01, 0x78, 0x98, 0x06, 0x05], type: "test.Item")
        #expect(text == #"{"name":"x"}"#)
        #expect(writer.unknownFields == [.init(path: "test.Item", number: 99, wireType: .varint, offset: 3, bytes: [0x05])])
    }

    @Test func aLengthPastTheEndIsALocatedErrorNotAnAllocation() {
        // child (field 4) claims 4 GB.
        #expect {
            try json([0x22, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F])
        } throws: { error in
            let error = error as! ProtoCodecError
            return error.problem.contains("4294967295 bytes runs past the end") && error.path == "test.Item" && error.offset == 1
        }
    }

    @Test func aWireTypeTheFieldCannotHaveNamesTheField() {
        #expect {
            try json([0x0A, 0x01, 0x78, 0x25, 0, 0, 0, 0])  // big (int64) as fixed32
        } throws: { error in
            let error = error as! ProtoCodecError
            return error.path == "test.Item.child" || (error.path == "test.Item.big" && error.offset == 3)
        }
    }

    @Test func nestingPastTheLimitIsRefused() {
        var bytes: [UInt8] = []
        for _ in 0..<150 {
            var writer = ProtoWireWriter()
            writer.lengthDelimited(4, bytes)
            bytes = writer.bytes
        }
        #expect { try json(bytes) } throws: { ($0 as! ProtoCodecError).problem.contains("nest deeper than 100") }
    }

    @Test func jsonErrorsNameThePointerAndOffset() {
        #expect {
            try encode(#"{"child": {"values": [1, "x"]}}"#)
        } throws: { error in
            let error = error as! ProtoCodecError
            return error.path == "/child/values/1" && error.offset == 25 && error.problem.contains("not an integer")
        }
        #expect(throws: ProtoCodecError.self) { try encode(#"{"nope": 1}"#) }
        #expect(throws: ProtoCodecError.self) { try encode(#"{"text": "a", "number": 1}"#) }
        #expect(throws: ProtoCodecError.self) { try encode(#"{"values": [1, 4294967296]}"#) }
        #expect(throws: ProtoCodecError.self) { try encode(#"{"name": "#) }
    }

    @Test func framesAreCutAsBytesArriveAndBoundedByTheLimit() throws {
        var decoder = GRPCFrameDecoder(maximumMessageSize: 100)
        let framed = GRPCFrameDecoder.frame([1, 2, 3]) + GRPCFrameDecoder.frame([])
        #expect(try decoder.append(framed.prefix(4)).isEmpty)
        let frames = try decoder.append(framed.dropFirst(4))
        #expect(frames.map(\.message) == [[1, 2, 3], []])
        #expect(frames.map(\.offset) == [0, 8])
        #expect(decoder.pendingBytes == 0)
        var huge = GRPCFrameDecoder()
        #expect { try huge.append([0, 0xFF, 0xFF, 0xFF, 0xFF]) } throws: { ($0 as! ProtoCodecError).problem.contains("4294967295 bytes") }
        var bad = GRPCFrameDecoder()
        #expect { try bad.append([7, 0, 0, 0, 0]) } throws: { ($0 as! ProtoCodecError).problem.contains("flag byte is 7") }
    }

    @Test func timestampsAndDurationsUseTheMappingsForms() throws {
        #expect(WellKnownType.fraction(0) == "")
        #expect(WellKnownType.fraction(21_000_000) == ".021")
        #expect(WellKnownType.fraction(21_000) == ".000021")
        #expect(WellKnownType.fraction(1) == ".000000001")
        #expect(ProtoJSONReader.timestamp("1972-01-01T10:00:20.021Z")! == (63_108_020, 21_000_000))
        #expect(ProtoJSONReader.timestamp("1970-01-01T01:00:00+01:00")! == (0, 0))
        #expect(ProtoJSONReader.timestamp("0001-01-01T00:00:00Z")!.0 == WellKnownType.timestampSeconds.lowerBound)
        #expect(ProtoJSONReader.timestamp("1972-01-01 10:00:20Z") == nil)
        #expect(ProtoJSONReader.duration("-1.5s")! == (-1, -500_000_000))
        #expect(ProtoJSONReader.duration("1.5") == nil)
        for days: Int64 in [-719_162, -1, 0, 59, 11016, 2_932_896] {
            let date = WellKnownType.civil(days: days)
            #expect(WellKnownType.days(year: date.year, month: date.month, day: date.day) == days)
        }
    }

    @Test func reflectionAnswersAreRead() throws {
        var services = ProtoWireWriter()
        var one = ProtoWireWriter()
        one.lengthDelimited(1, Array("a.B".utf8))
        var list = ProtoWireWriter()
        list.lengthDelimited(1, one.bytes)
        services.lengthDelimited(6, list.bytes)
        #expect(try ReflectionMessages.answer(services.bytes) == .services(["a.B"]))
        #expect(ReflectionMessages.request(.fileContainingSymbol("a.B")) == [0x22, 3] + Array("a.B".utf8))
    }

    @Test func importsThatLoopEndBecauseEachFileIsAddedOnce() throws {
        var pool = DescriptorPool()
        var a = Google_Protobuf_FileDescriptorProto()
        a.name = "a.proto"
        a.dependency = ["b.proto"]
        var b = Google_Protobuf_FileDescriptorProto()
        b.name = "b.proto"
        b.dependency = ["a.proto"]
        try pool.add(a)
        #expect(pool.missingImports == ["b.proto"])
        try pool.add(b)
        try pool.add(a)
        #expect(pool.missingImports.isEmpty)
        #expect(pool.fileNames == ["a.proto", "b.proto"])
    }
}

/// gRPC message compression (issue 33): frames compressed by Ferry read by Python's gzip and zlib,
/// and a compressed frame that grows past the message limit refused.
@Suite struct GRPCCompressionCodecTests {
    @Test(arguments: [("gzip", "gzip.decompress"), ("deflate", "zlib.decompress")])
    func aCompressedFrameIsReadByPython(_ compression: String, _ function: String) async throws {
        let message = Array(String(repeating: "ferry ", count: 100).utf8)
        let frame = GRPCFrameDecoder.frame(message, compression: GRPCCompression(rawValue: compression)!)
        #expect(frame[0] == 1, "the flag byte says compressed")
        #expect(frame.count < message.count)
        var decoder = GRPCFrameDecoder()
        let read = try decoder.append(frame)
        #expect(read.count == 1 && read[0].compressed)
        let hex = read[0].message.map { String($0, radix: 16).leftPadded(to: 2, with: "0") }.joined()
        let python = await PythonGRPCServer.python(
            "import gzip, zlib, sys; sys.stdout.write(\(function)(bytes.fromhex(sys.argv[1])).decode())", [hex])
        #expect(python.text == String(decoding: message, as: UTF8.self), "\(python.stderr)")
    }

    @Test func aFrameThatGrowsPastTheLimitIsRefused() throws {
        let bomb = GRPCMessageCompression.compress([UInt8](repeating: 0, count: 1 << 20), .gzip)
        #expect(bomb.count < 4096)
        #expect(throws: ProtoCodecError.self) { try GRPCMessageCompression.decompress(bomb, .gzip, limit: 64 << 10) }
        #expect(try GRPCMessageCompression.decompress(bomb, .gzip, limit: 1 << 20).count == 1 << 20)
        #expect(throws: ProtoCodecError.self) { try GRPCMessageCompression.decompress(Array(bomb.prefix(10)), .gzip, limit: 1 << 20) }
        #expect(throws: ProtoCodecError.self) { try GRPCMessageCompression.decompress(bomb, .deflate, limit: 1 << 20) }
    }
}
