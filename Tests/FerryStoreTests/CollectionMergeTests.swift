import FerryStore
import Foundation
import Testing

/// The three-way merge of `ferry import openapi` a second time, on files in memory: each side's
/// change taken where only it changed, mappings merged key by key, a value both changed written as
/// the spec has it with the user's file kept beside, removed operations removed unless edited.
@Suite struct CollectionMergeTests {
    static func file(_ path: String, _ text: String) -> CollectionMerge.Keyed {
        CollectionMerge.Keyed(key: path, file: CollectionWriter.File(path: path, contents: Data(text.utf8)))
    }

    static func merge(base: [CollectionMerge.Keyed], theirs: [CollectionMerge.Keyed], ours: [String: String]) -> CollectionMerge {
        CollectionMerge(base: base, theirs: theirs) { ours[$0].map { Data($0.utf8) } }
    }

    static func written(_ merge: CollectionMerge, _ path: String) -> String? {
        merge.writes.first { $0.path == path }.map { String(decoding: $0.contents, as: UTF8.self) }
    }

    @Test func editsOnEitherSideSurviveKeyByKey() {
        let base = "url: '{{baseURL}}/items'\nparams:\n  limit: 10\n  page: 1\n"
        let ours = "url: '{{baseURL}}/items'\nparams:\n  limit: 10\n  page: 3\nexpect:\n  status: 200\n"
        let theirs = "url: '{{baseURL}}/v2/items'\nparams:\n  limit: 10\n  page: 1\n  sort: name\n"
        let merge = Self.merge(
            base: [Self.file("a.ferry.yaml", base)], theirs: [Self.file("a.ferry.yaml", theirs)], ours: ["a.ferry.yaml": ours])
        #expect(
            Self.written(merge, "a.ferry.yaml")
                == "url: '{{baseURL}}/v2/items'\nparams:\n  limit: 10\n  page: 3\n  sort: name\nexpect:\n  status: 200\n")
        #expect(merge.changed.map(\.keys) == [["url", "params"]])
        #expect(merge.changed.first?.conflicts == [])
        #expect(merge.drifted)
    }

    @Test func aValueBothChangedIsTheSpecsWithTheUsersFileBeside() {
        let merge = Self.merge(
            base: [Self.file("a.ferry.yaml", "params:\n  limit: 10\n")], theirs: [Self.file("a.ferry.yaml", "params:\n  limit: 20\n")],
            ours: ["a.ferry.yaml": "params:\n  limit: 30\n"])
        #expect(Self.written(merge, "a.ferry.yaml") == "params:\n  limit: 20\n")
        #expect(Self.written(merge, "a.ferry.yaml.mine") == "params:\n  limit: 30\n")
        #expect(merge.changed.first?.conflicts == ["params.limit"])
    }

    @Test func operationsComeAndGoUnlessTheUserEditedThem() {
        let merge = Self.merge(
            base: [Self.file("gone.ferry.yaml", "url: a\n"), Self.file("edited.ferry.yaml", "url: b\n")],
            theirs: [Self.file("new.ferry.yaml", "url: c\n")],
            ours: ["gone.ferry.yaml": "url: a\n", "edited.ferry.yaml": "url: b\nexpect:\n  status: 200\n"])
        #expect(merge.added == ["new.ferry.yaml"])
        #expect(merge.removed == ["gone.ferry.yaml"])
        #expect(merge.keptAside == ["edited.ferry.yaml"])
        #expect(Set(merge.removals) == ["gone.ferry.yaml", "edited.ferry.yaml"])
        #expect(Self.written(merge, "edited.ferry.yaml.mine") == "url: b\nexpect:\n  status: 200\n")
    }

    @Test func nothingChangesWhenTheSpecDidNot() {
        let merge = Self.merge(
            base: [Self.file("a.ferry.yaml", "url: a\n")], theirs: [Self.file("a.ferry.yaml", "url: a\n")],
            ours: ["a.ferry.yaml": "url: b\n"])
        #expect(!merge.drifted)
        #expect(merge.lines.isEmpty)
    }
}
