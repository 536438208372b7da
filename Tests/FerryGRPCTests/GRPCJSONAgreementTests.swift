import FerryGRPC
import FerryTestSupport
import Foundation
import Testing

/// Ferry's codec against Python's protobuf (`google.protobuf.json_format`, nobody here wrote it), on
/// messages covering every field kind and well-known type (Tests/Fixtures/grpc/kinds.proto): for the
/// same bytes Ferry prints the JSON Python prints, and Ferry's encoding of that JSON parses in Python
/// to the same message.
@Suite(.enabled(if: PythonGRPCServer.isAvailable, "needs grpcio-tools (scripts/install-deps)"))
struct GRPCJSONAgreementTests {
    static let script = (PythonGRPCServer.fixtures as NSString).appendingPathComponent("kinds_agreement.py")

    @Test func ferrysJSONIsPythonsAndPythonReadsFerrysEncoding() async throws {
        let directory = try TemporaryDirectory()
        let printed = await ChildProcess.run("/usr/bin/env", ["python3", Self.script, directory.path, "print"], timeout: 120)
        try #require(printed.status == 0, "\(printed.stderr)")
        let pool = try DescriptorPool(descriptorSet: Data(contentsOf: URL(fileURLWithPath: directory.file("kinds.protoset"))))
        var encoded: [String] = []
        let lines = printed.text.split(separator: "\n")
        try #require(lines.count == 6)
        for (index, line) in lines.enumerated() {
            let testCase = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
            let bytes = try #require(Data(base64Encoded: testCase["bytes"]!))
            let python = testCase["json"]!
            var writer = ProtoJSONWriter(pool: pool)
            let ours = try writer.json(of: Array(bytes), type: "ferry.kinds.Kinds")
            let oursValue = try JSONSerialization.jsonObject(with: Data(ours.utf8)) as! NSDictionary
            let pythonValue = try JSONSerialization.jsonObject(with: Data(python.utf8)) as! NSDictionary
            #expect(oursValue == pythonValue, "case \(index):\nFerry:  \(ours)\nPython: \(python)")
            #expect(writer.unknownFields.isEmpty)
            var reader = ProtoJSONReader(pool: pool)
            encoded.append(Data(try reader.message(fromJSON: Data(python.utf8), type: "ferry.kinds.Kinds")).base64EncodedString())
        }
        let file = try directory.write("ferry.txt", Data(encoded.map { $0 + "\n" }.joined().utf8))
        let checked = await ChildProcess.run("/usr/bin/env", ["python3", Self.script, directory.path, "check", file], timeout: 120)
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.text == "ok 6\n")
    }
}
