import FerryCore
import Foundation
import Yams

/// What a folder's `_folder.ferry.yaml` gives the requests below it: a base URL their relative
/// URLs resolve against, and headers sent unless a request sets the same header.
public struct FolderDefaults: Sendable, Equatable {
    public static let fileName = "_folder.ferry.yaml"

    public var description: String?
    public var baseURL: String?
    public var headers: [RequestDocument.HeaderEntry] = []

    public init(baseURL: String? = nil, headers: [RequestDocument.HeaderEntry] = []) {
        self.baseURL = baseURL
        self.headers = headers
    }

    /// Reads a `_folder.ferry.yaml` file.
    public init(contentsOf path: String) throws(ConfigProblem) {
        var file = try YAMLFile(path: path, resolver: .basic)
        file.reportsColumns = true
        for (key, _, value) in try file.fields(of: file.root, key: "", allowed: ["description", "baseURL", "headers"]) {
            switch key {
            case "description": description = try file.string(value, key: key)
            case "baseURL": baseURL = try file.string(value, key: key)
            default: headers = try RequestDocument.headers(value, key: key, in: file)
            }
        }
    }

    /// These defaults with a nested folder's on top: its base URL wins, its headers replace same-named ones.
    public func merged(with inner: FolderDefaults) -> FolderDefaults {
        var merged = FolderDefaults(baseURL: inner.baseURL ?? baseURL, headers: headers)
        merged.description = inner.description
        let innerNames = Set(inner.headers.map { $0.name.lowercased() })
        merged.headers.removeAll { innerNames.contains($0.name.lowercased()) }
        merged.headers += inner.headers
        return merged
    }
}

extension FolderDefaults {
    /// The defaults a request file inherits: every `_folder.ferry.yaml` from `root` down to its folder.
    public static func inherited(byFileAt path: String, root: String) throws(ConfigProblem) -> FolderDefaults {
        let rootPath = URL(fileURLWithPath: root).standardizedFileURL.path
        let folder = (URL(fileURLWithPath: path).standardizedFileURL.path as NSString).deletingLastPathComponent
        let below = folder.hasPrefix(rootPath) ? String(folder.dropFirst(rootPath.count)) : ""
        var merged = FolderDefaults()
        for relative in RequestCollection.ancestors(of: below) {
            let file = ((rootPath as NSString).appendingPathComponent(relative) as NSString).appendingPathComponent(fileName)
            if FileManager.default.fileExists(atPath: file) { merged = merged.merged(with: try FolderDefaults(contentsOf: file)) }
        }
        return merged
    }
}
