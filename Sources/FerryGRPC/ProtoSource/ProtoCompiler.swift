import Foundation
import SwiftProtobuf

/// Turns `.proto` files into descriptors without protoc, as `protoc -I… --include_imports` would:
/// each file and the files it imports are found under the import paths (protobuf's own
/// `google/protobuf/*.proto` are built in when not found there), parsed (`ProtoParser`) and their
/// names resolved (`ProtoLinker`). Bounded: an import cycle is an error, and so are more than
/// `maximumFiles` files, a file past `maximumFileSize` bytes, or imports deeper than `maximumDepth`.
public struct ProtoCompiler: Sendable {
    public static let maximumFiles = 1_000
    public static let maximumFileSize = 8 << 20
    public static let maximumDepth = 100

    /// What a read of a path found.
    public enum Contents: Sendable {
        case missing
        case tooLarge(Int)
        case bytes([UInt8])
    }

    /// Folders imports are looked for in, in order (protoc's `-I`); the current folder when empty.
    public var importPaths: [String]
    /// Reads a file; the file system by default.
    public var read: @Sendable (String) -> Contents

    public init(importPaths: [String], read: @escaping @Sendable (String) -> Contents = ProtoCompiler.readFile) {
        self.importPaths = importPaths
        self.read = read
    }

    /// A file's bytes, refusing one past `maximumFileSize` before reading it.
    public static func readFile(_ path: String) -> Contents {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { return .missing }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maximumFileSize {
            return .tooLarge(size)
        }
        guard let data = FileManager.default.contents(atPath: path) else { return .missing }
        return .bytes([UInt8](data))
    }

    /// The descriptors of `paths` and of every file they import, each file after its imports.
    public func compile(_ paths: [String]) throws(ProtoSourceError) -> [Google_Protobuf_FileDescriptorProto] {
        var loader = Loader(compiler: self, roots: importPaths.isEmpty ? ["."] : importPaths)
        for path in paths {
            let (name, root) = try loader.name(of: path)
            if let root, !loader.roots.contains(root) { loader.roots.append(root) }
            try loader.load(name, importedBy: nil, depth: 0)
        }
        return try ProtoLinker.link(loader.order.map { loader.parsed[$0]! })
    }

    /// A pool of `paths`' types and their imports'.
    public func pool(_ paths: [String]) throws -> DescriptorPool {
        var pool = DescriptorPool()
        for file in try compile(paths) { try pool.add(file) }
        return pool
    }

    /// Finds, reads and parses files depth first, keeping them in the order protoc writes them.
    private struct Loader {
        let compiler: ProtoCompiler
        var roots: [String]
        var parsed: [String: ProtoParsedFile] = [:]
        var order: [String] = []
        /// The imports being loaded, outermost first (a cycle comes back to one of them).
        var stack: [String] = []
        var totalFiles = 0
        lazy var builtIn: [String: Google_Protobuf_FileDescriptorProto] = {
            let set = try? Google_Protobuf_FileDescriptorSet(serializedBytes: WellKnownProtoFiles.descriptorSet)
            return Dictionary((set?.file ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        }()

        /// The name a command-line file has (relative to the import path it is under), and the folder to add
        /// as an import path when it is under none (its own).
        func name(of path: String) throws(ProtoSourceError) -> (String, String?) {
            let cleaned = Self.cleaned(path)
            if !path.hasPrefix("/") {
                for root in roots where Self.exists(compiler.read, Self.joined(root, cleaned)) { return (cleaned, nil) }
            }
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            for root in roots {
                let rootPath = URL(fileURLWithPath: root).standardizedFileURL.path
                let prefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
                if absolute.hasPrefix(prefix) { return (String(absolute.dropFirst(prefix.count)), nil) }
            }
            let url = URL(fileURLWithPath: absolute)
            guard Self.exists(compiler.read, absolute) else { throw ProtoSourceError(file: path, "no such file") }
            return (url.lastPathComponent, url.deletingLastPathComponent().path)
        }

        private static func exists(_ read: (String) -> Contents, _ path: String) -> Bool {
            if case .missing = read(path) { return false }
            return true
        }

        static func cleaned(_ path: String) -> String {
            path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }.joined(separator: "/")
        }

        static func joined(_ root: String, _ name: String) -> String {
            root == "." ? name : (root.hasSuffix("/") ? root : root + "/") + name
        }

        mutating func load(
            _ name: String, importedBy importer: (file: String, at: ProtoParsedFile.Location)?, depth: Int
        ) throws(ProtoSourceError) {
            func failure(_ problem: String) -> ProtoSourceError {
                guard let importer else { return ProtoSourceError(file: name, problem) }
                return ProtoSourceError(file: importer.file, line: importer.at.line, column: importer.at.column, problem)
            }
            if parsed[name] != nil { return }
            if let start = stack.firstIndex(of: name) {
                throw failure("import cycle: " + (stack[start...] + [name]).joined(separator: " → "))
            }
            guard depth <= ProtoCompiler.maximumDepth else {
                throw failure("imports nested deeper than \(ProtoCompiler.maximumDepth) files")
            }
            guard !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else {
                throw failure("import \"\(name)\" must be a path relative to the import paths (-I), without \"..\"")
            }
            totalFiles += 1
            guard totalFiles <= ProtoCompiler.maximumFiles else {
                throw failure("more than \(ProtoCompiler.maximumFiles) files: refusing more")
            }
            var file: ProtoParsedFile?
            for root in roots {
                switch compiler.read(Self.joined(root, name)) {
                case .missing: continue
                case .tooLarge(let size):
                    throw failure("\(Self.joined(root, name)) is \(size) bytes, more than the limit of \(ProtoCompiler.maximumFileSize)")
                case .bytes(let bytes):
                    guard bytes.count <= ProtoCompiler.maximumFileSize else {
                        throw failure("\(Self.joined(root, name)) is more than \(ProtoCompiler.maximumFileSize) bytes")
                    }
                    file = try ProtoParser.parse(file: name, text: bytes)
                }
                break
            }
            if file == nil, let descriptor = builtIn[name] { file = ProtoParsedFile(descriptor: descriptor) }
            guard let file else {
                let paths = roots.map { $0 == "." ? "the current folder" : $0 }.joined(separator: ", ")
                throw failure(
                    importer == nil ? "not found in \(paths)" : "import \"\(name)\" was not found in \(paths) (add its folder with -I)")
            }
            stack.append(name)
            for dependency in file.descriptor.dependency {
                try load(dependency, importedBy: (name, file.importLocations[dependency] ?? .init(line: 0, column: 0)), depth: depth + 1)
            }
            stack.removeLast()
            parsed[name] = file
            order.append(name)
        }
    }
}
