import ArgumentParser
import FerryCore
import FerryStore
import Foundation

/// Completions from the current collection and history for the bash, zsh and fish scripts
/// swift-argument-parser generates: the scripts run `ferry ---completion …` with the words typed so
/// far, and these closures answer with candidates that start with the word being completed.
enum ShellCompletions {
    /// `ferry send <TAB>`: the collection's request files, as paths to type from here.
    static let requestFiles = CompletionKind.custom { words, _, prefix in
        let collection = collection(in: words)
        return matching(RequestCollection.requestPaths(under: collection.root).map { collection.shown + $0 }, prefix)
    }

    /// `ferry run <TAB>`: the request files and the folders holding them.
    static let requestFilesAndFolders = CompletionKind.custom { words, _, prefix in
        let collection = collection(in: words)
        let files = RequestCollection.requestPaths(under: collection.root)
        let folders = Set(
            files.flatMap { file in
                let parts = file.split(separator: "/").dropLast()
                return parts.indices.map { parts[...$0].joined(separator: "/") + "/" }
            })
        return matching((folders.sorted() + files).map { collection.shown + $0 }, prefix)
    }

    /// `--env <TAB>`: the environments of the collection given, or of the request file's, or here.
    static let environments = CompletionKind.custom { words, _, prefix in
        let root =
            value(of: "--collection", in: words)
            ?? words.first(where: RequestFileInput.isRequestFile).map(CollectionOptions.enclosingCollection(ofRequestFile:))
            ?? FileManager.default.currentDirectoryPath
        return matching(Environment.names(in: root), prefix)
    }

    /// `ferry history show <TAB>` and the other id arguments: the ids of the latest exchanges, newest first.
    static let historyIDs = CompletionKind.custom { _, _, prefix in
        guard let store = try? HistoryStore(locations: StoreLocations(environment: ProcessEnvironment.variables)),
            let latest = try? store.list(limit: 50)
        else { return [] }
        return matching(latest.map { String($0.id) }, prefix)
    }

    /// The collection's folder and how its paths are shown: `--collection DIR`'s as `DIR/…`, the
    /// current folder's as they are.
    private static func collection(in words: [String]) -> (root: String, shown: String) {
        guard let folder = value(of: "--collection", in: words) else { return (FileManager.default.currentDirectoryPath, "") }
        return (folder, folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// The value given to `option` as `--option value` or `--option=value`, the last one winning.
    private static func value(of option: String, in words: [String]) -> String? {
        var found: String?
        for (index, word) in words.enumerated() {
            if word == option, index + 1 < words.count {
                found = words[index + 1]
            } else if word.hasPrefix(option + "=") {
                found = String(word.dropFirst(option.count + 1))
            }
        }
        return found.flatMap { $0.isEmpty ? nil : $0 }
    }

    private static func matching(_ candidates: [String], _ prefix: String) -> [String] {
        candidates.filter { $0.hasPrefix(prefix) }
    }
}
