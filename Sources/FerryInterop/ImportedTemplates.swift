import FerryCore
import Foundation

/// `{{variables}}` of other tools in Ferry's spelling: spaces inside the braces trimmed
/// (`{{ host }}` → `{{host}}`), and the tool's built-ins renamed to Ferry's where Ferry has them.
struct ImportedTemplates {
    /// The tool's built-in names and Ferry's for them (`$guid` → `$uuid`).
    var builtIns: [String: String]
    /// Built-ins that take an argument after a space, and Ferry's prefix for them
    /// (`$processEnv HOME` → `$env.HOME`).
    var withArgument: [String: String] = [:]

    /// `text` in Ferry's spelling, and the built-ins of the tool that Ferry cannot fill (left as written).
    func rewrite(_ text: String) -> (text: String, unknown: [String]) {
        guard text.contains("{{") else { return (text, []) }
        var result = ""
        var unknown: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            result += rest[..<open.lowerBound]
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            var renamed = builtIns[name] ?? name
            if let space = name.firstIndex(of: " "), let prefix = withArgument[String(name[..<space])] {
                renamed = prefix + name[name.index(after: space)...].trimmingCharacters(in: .whitespaces)
            }
            if renamed.hasPrefix("$"), !BuiltInVariable.isBuiltIn(renamed), !renamed.hasPrefix("$env.") { unknown.append(name) }
            result += "{{" + renamed + "}}"
            rest = rest[close.upperBound...]
        }
        return (result + rest, unknown)
    }
}
