import FerryCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The regular files below a collection's folder, each real folder walked once: the real folders
/// first, then the links to folders; a link to a folder already walked (a loop back to a folder
/// that holds it, or a second way into one) is not followed and is named as a problem. Hidden
/// entries and the top's environments folder are skipped; abandoned temporary files are removed.
struct FolderWalk {
    /// Relative paths of the regular files (links to files included), in no particular order.
    private(set) var files: [String] = []
    /// The links to folders that were not followed (and folders met again below one), each named at its absolute path.
    private(set) var skippedLinks: [ConfigProblem] = []

    private struct FolderID: Hashable {
        var device: UInt
        var inode: UInt
    }

    private let root: String
    /// The folders walked, each with the path below the root it was walked at.
    private var walked: [FolderID: String] = [:]
    /// Links to folders met on the way, walked after the real folders.
    private var links: [(path: String, folder: FolderID)] = []

    init(root: String) {
        self.root = root
        guard let top = Self.folderID(of: root) else { return }
        walked[top] = ""
        walk("")
        while !links.isEmpty {
            let link = links.removeFirst()
            enter(link.path, link.folder)
        }
    }

    /// Walks the folder `folder` at `path` unless it was walked already, which is then named.
    private mutating func enter(_ path: String, _ folder: FolderID) {
        if let seen = walked[folder] {
            skippedLinks.append(ConfigProblem(file: absolute(path), line: nil, key: nil, message: Self.why(path, leadsTo: seen)))
        } else {
            walked[folder] = path
            walk(path)
        }
    }

    /// Why the folder at `path` is not walked, when the real folder it leads to was walked at `seen`.
    private static func why(_ path: String, leadsTo seen: String) -> String {
        let folder = seen.isEmpty ? "the collection's folder" : seen
        return seen.isEmpty || path.hasPrefix(seen + "/")
            ? "leads back to \(folder), which holds it (a link loop): not followed"
            : "leads to \(folder), listed already: not followed"
    }

    private func absolute(_ path: String) -> String { path.isEmpty ? root : (root as NSString).appendingPathComponent(path) }

    /// Lists the folder at `prefix`: files kept, real folders walked, links to folders put aside.
    private mutating func walk(_ prefix: String) {
        guard let directory = opendir(absolute(prefix)) else { return }
        var names: [(name: String, type: Int32)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            names.append((name, Int32(entry.pointee.d_type)))
        }
        closedir(directory)
        for (name, listedType) in names.sorted(by: { $0.name < $1.name }) {
            let path = prefix.isEmpty ? name : prefix + "/" + name
            if name.hasPrefix(AtomicFile.temporaryPrefix) { AtomicFile.removeIfAbandoned(absolute(path)) }
            guard !name.hasPrefix("."), !(prefix.isEmpty && name == Environment.directoryName) else { continue }
            var type = listedType
            if type == DT_UNKNOWN {
                var info = stat()
                guard lstat(absolute(path), &info) == 0 else { continue }
                type = Self.type(of: info.st_mode)
            }
            if type == DT_LNK {
                var info = stat()
                guard stat(absolute(path), &info) == 0 else { continue }
                if Self.type(of: info.st_mode) == DT_DIR {
                    links.append((path, FolderID(device: UInt(info.st_dev), inode: UInt(info.st_ino))))
                } else if Self.type(of: info.st_mode) == DT_REG {
                    files.append(path)
                }
            } else if type == DT_DIR, let folder = Self.folderID(of: absolute(path)) {
                enter(path, folder)
            } else if type == DT_REG {
                files.append(path)
            }
        }
    }

    private static func folderID(of path: String) -> FolderID? {
        var info = stat()
        guard stat(path, &info) == 0, type(of: info.st_mode) == DT_DIR else { return nil }
        return FolderID(device: UInt(info.st_dev), inode: UInt(info.st_ino))
    }

    private static func type(of mode: mode_t) -> Int32 {
        switch mode & S_IFMT {
        case S_IFDIR: Int32(DT_DIR)
        case S_IFREG: Int32(DT_REG)
        case S_IFLNK: Int32(DT_LNK)
        default: Int32(DT_UNKNOWN)
        }
    }
}
