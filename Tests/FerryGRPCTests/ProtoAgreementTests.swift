import FerryTestSupport
import Foundation
import SwiftProtobuf
import Testing

@testable import FerryGRPC

/// Ferry's `.proto` compiler against protoc (grpcio-tools' libprotoc, nobody here wrote it) on real
/// files nobody here wrote (Tests/Fixtures/protoc: googleapis' google/rpc and google/type, protobuf's
/// own unittest files; Tests/Fixtures/grpc's examples): for each file, the descriptor set Ferry makes
/// of it and its imports equals protoc's `--include_imports --descriptor_set_out`, file by file and
/// as messages, unknown fields included: nothing is normalised (protoc writes no source info unless asked).
@Suite(.enabled(if: PythonGRPCServer.isAvailable, "needs grpcio-tools (scripts/install-deps)"))
struct ProtoAgreementTests {
    static let fixtures = URL(fileURLWithPath: PythonGRPCServer.fixtures).deletingLastPathComponent().path

    /// The corpus: each import root and its files.
    static var corpus: [(root: String, files: [String])] {
        let roots = ["protoc/googleapis", "protoc/protobuf", "grpc"]
        return roots.map { root in
            let path = (fixtures as NSString).appendingPathComponent(root)
            let files = FileManager.default.enumerator(atPath: path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".proto") }
                .sorted()
            return (path, files)
        }
    }

    /// Files where Ferry and protoc differ, and why (Documentation/TESTING.md lists them): each carries a
    /// custom option Ferry leaves out (DECISIONS.md) — an aggregate or message value, a nested name — or
    /// edition 2024's option imports.
    static let knownDifferences: [String: String] = [
        "google/protobuf/unittest_custom_options.proto": "aggregate ({ … }) and nested-name custom options",
        "google/protobuf/unittest_fuzz_extensions.proto": "a custom feature, features.(pb.cpp).string_type",
        "google/protobuf/unittest_import_option.proto": "edition 2024's `import option` files, which protoc includes in the set",
        "google/protobuf/unittest_retention.proto": "custom options of message type",
    ]

    @Test func ferrysDescriptorsAreProtocs() async throws {
        var agreements = 0
        var differences: [String: String] = [:]
        for (root, files) in Self.corpus {
            let directory = try TemporaryDirectory()
            let script = (Self.fixtures as NSString).appendingPathComponent("protoc/protoc_sets.py")
            let made = await ChildProcess.run("/usr/bin/env", ["python3", script, directory.path, root] + files, timeout: 120)
            try #require(made.status == 0, "\(made.stderr)")
            for (number, name) in files.enumerated() {
                let protocSet = FileManager.default.contents(atPath: directory.file("\(number).pb"))
                let ferry = Result { try ProtoCompiler(importPaths: [root]).compile([name]) }
                guard let protocSet else {
                    if case .success = ferry { differences[name] = "protoc refuses it, Ferry does not" }
                    continue
                }
                let expected = try Google_Protobuf_FileDescriptorSet(serializedBytes: protocSet).file
                switch ferry {
                case .failure(let error):
                    differences[name] = "Ferry refuses it: \(error)"
                case .success(let ours):
                    let ours = ours
                    let mismatch = zip(ours, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    if let index = mismatch ?? (ours.count == expected.count ? nil : min(ours.count, expected.count)) {
                        differences[name] = Self.firstDifference(ours[safe: index], expected[safe: index])
                    } else {
                        agreements += 1
                    }
                }
            }
        }
        let report = differences.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n")
        print("ProtoAgreementTests: \(agreements) files agree, \(differences.count) differ\n\(report)")
        #expect(differences.keys.sorted() == Self.knownDifferences.keys.sorted(), "\(report)")
    }

    /// The first line where two descriptors' text forms differ.
    static func firstDifference(_ ours: Google_Protobuf_FileDescriptorProto?, _ theirs: Google_Protobuf_FileDescriptorProto?) -> String {
        let left = (ours?.textFormatString() ?? "(none)").split(separator: "\n")
        let right = (theirs?.textFormatString() ?? "(none)").split(separator: "\n")
        let name = theirs?.name ?? ours?.name ?? "?"
        for index in 0..<max(left.count, right.count) where left[safe: index] != right[safe: index] {
            return
                "in \(name) line \(index + 1): Ferry \(left[safe: index].map(String.init) ?? "(end)") | protoc \(right[safe: index].map(String.init) ?? "(end)")"
        }
        return "in \(name): the same text, different bytes (unknown fields?)"
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
