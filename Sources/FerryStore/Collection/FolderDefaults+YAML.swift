import FerryCore
import Foundation
import Yams

/// A folder's `_folder.ferry.yaml`, and the defaults a request file inherits from its folders.
extension FolderDefaults {
    public static let fileName = "_folder.ferry.yaml"

    /// Reads a `_folder.ferry.yaml` file; its `options:` may hold only the connection settings
    /// (proxy, certificate…), which the requests below inherit one by one.
    public init(contentsOf path: String) throws(ConfigProblem) {
        self.init()
        var file = try YAMLFile(path: path, resolver: .basic)
        file.reportsColumns = true
        let keys = ["description", "baseURL", "headers", "order", "options", "scripts", "scriptTimeLimit", "openapi"]
        for (key, _, value) in try file.fields(of: file.root, key: "", allowed: keys) {
            switch key {
            case "scriptTimeLimit":
                guard let seconds = Double(try file.string(value, key: key)), seconds > 0, seconds <= 600 else {
                    throw file.problem(at: value, key: key, "expected seconds, more than 0 and at most 600")
                }
                scriptTimeLimit = seconds
            case "scripts": scripts = [try RequestScripts(yaml: value, key: key, in: file)]
            case "options": connection = try ConnectionSettings(yaml: value, key: key, in: file)
            case "description": description = try file.string(value, key: key)
            case "openapi": openapi = try file.string(value, key: key)
            case "baseURL": baseURL = try file.string(value, key: key)
            case "order": order = try file.strings(value, key: key)
            default: headers = try RequestDescription.headers(value, key: key, in: file)
            }
        }
    }

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

extension FolderDefaults {
    /// The `_folder.ferry.yaml` text: description, base URL, headers, order and the proxy and
    /// certificate options, each when present.
    public func yaml() throws -> String {
        var pairs: [(String, Node)] = []
        if let description { pairs.append(("description", .text(description))) }
        if let baseURL { pairs.append(("baseURL", .text(baseURL))) }
        if !headers.isEmpty { pairs.append(("headers", RequestDescription.node(headers))) }
        if !order.isEmpty { pairs.append(("order", .list(order.map(Node.text)))) }
        if !connection.isEmpty { pairs.append(("options", .map(connection.yamlPairs))) }
        if let own = scripts.last, !own.isEmpty { pairs.append(("scripts", own.yamlNode)) }
        if let scriptTimeLimit { pairs.append(("scriptTimeLimit", .plain(String(scriptTimeLimit)))) }
        if let openapi { pairs.append(("openapi", .text(openapi))) }
        return try Yams.serialize(node: .map(pairs), indent: 2, width: -1, allowUnicode: true)
    }
}
