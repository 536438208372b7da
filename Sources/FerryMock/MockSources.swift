import FerryCore
import FerryStore
import Foundation

/// What `ferry mock SOURCE…` serves: the routes of each collection folder, request file and
/// OpenAPI document given, in order, with the warnings met reading them.
public struct MockSources: Sendable {
    public private(set) var routes: [MockRoute] = []
    public private(set) var warnings: [String] = []
    /// The OpenAPI documents among the sources.
    public private(set) var documents: [OpenAPIMockSource] = []
    /// The mock files' rules, in the order given: each collection's `mock.yaml`, and mock files named.
    public private(set) var rules: [MockRule] = []

    public init(paths: [String]) throws {
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw MockSourceProblem(source: path, "no such file or folder")
            }
            if isDirectory.boolValue {
                let (found, problems) = CollectionMockSource.routes(of: try RequestCollection(root: path), label: path)
                if found.isEmpty { warnings.append("\(path): no request file in it has saved examples") }
                routes += found
                warnings += problems
                let mockFile = (path as NSString).appendingPathComponent(MockFile.fileName)
                if FileManager.default.fileExists(atPath: mockFile) { rules += try MockFile(path: mockFile).rules }
            } else if MockFile.looksLikeMockFile(path) {
                rules += try MockFile(path: path).rules
            } else if path.hasSuffix(RequestCollection.requestSuffix) {
                let request = try RequestDescription(contentsOf: path)
                guard !request.examples.isEmpty else { throw MockSourceProblem(source: path, "the request has no saved examples to serve") }
                routes.append(CollectionMockSource.route(of: request, source: path))
            } else {
                let document = try OpenAPIMockSource(path: path)
                let (found, problems) = document.routes()
                routes += found
                warnings += problems
                documents.append(document)
            }
        }
    }
}
