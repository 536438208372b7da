import FerryStore
import FerryTUI
import Foundation
import Yams

/// Applies a user's `keymap.yaml` to the default keys.
///
/// Each entry is `action: key` or `action: [keys]`, optionally `context.action` (`browse.quit: Q`);
/// without a context the keys replace the action's default keys in every context that binds it.
public enum KeymapLoader {
    /// The keymap with the file's changes; a missing file changes nothing, a broken one is reported
    /// and the defaults are kept whole.
    public static func load(path: String, base: Keymap = .default) -> (keymap: Keymap, problems: [ConfigProblem]) {
        guard FileManager.default.fileExists(atPath: path) else { return (base, []) }
        do {
            return (try read(path, base: base), [])
        } catch {
            return (base, [error])
        }
    }

    static func read(_ path: String, base: Keymap) throws(ConfigProblem) -> Keymap {
        let file = try YAMLFile(path: path)
        var keymap = base
        for entry in try file.entries(of: file.root, key: "") {
            let parts = entry.key.split(separator: ".", maxSplits: 1).map(String.init)
            let actionName = parts.last ?? ""
            guard let action = Action(rawValue: actionName) else {
                throw file.problem(at: entry.keyNode, key: entry.key, "unknown action (see the help overlay, ? or F1, for the names)")
            }
            var contexts = Set(base.bindings.filter { $0.action == action }.map(\.context))
            if parts.count == 2 {
                guard let context = KeyContext(rawValue: parts[0]) else {
                    throw file.problem(
                        at: entry.keyNode, key: entry.key,
                        "unknown context (\(KeyContext.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                contexts = [context]
            } else if contexts.isEmpty {
                contexts = [.global]
            }
            let specs = entry.value.sequence.map { $0.map { $0.string ?? "" } } ?? [entry.value.string ?? ""]
            var keys: [Key] = []
            for spec in specs {
                guard let key = Key(spec: spec) else {
                    throw file.problem(
                        at: entry.value, key: entry.key, "'\(spec)' is not a key (like q, ctrl-r, f5, shift-tab, enter, esc)")
                }
                keys.append(key)
            }
            for context in KeyContext.allCases where contexts.contains(context) { keymap.rebind(action, in: context, to: keys) }
        }
        return keymap
    }
}
