import FerryStore
import FerryTUI
import Foundation
import Yams

/// Finds and reads theme files: the user's (`$XDG_CONFIG_HOME/ferry/themes`) first, then the built-in `Themes/`.
public struct ThemeLoader: Sendable {
    public static let defaultName = "ferry-dark"
    public var userDirectory: String
    public var builtinDirectory: String?

    /// Looks in `userDirectory` first, then in the built-in themes bundled with Ferry.
    public init(userDirectory: String) {
        self.init(userDirectory: userDirectory, builtinDirectory: Bundle.module.path(forResource: "Themes", ofType: nil))
    }

    public init(userDirectory: String, builtinDirectory: String?) {
        self.userDirectory = userDirectory
        self.builtinDirectory = builtinDirectory
    }

    /// The theme called `name` (the default when nil). A missing or broken theme is reported in the
    /// returned problems and the default is used; when even that cannot be read, `Theme.fallback`.
    public func load(_ name: String?) -> (theme: Theme, problems: [ConfigProblem]) {
        let wanted = name ?? Self.defaultName
        var problems: [ConfigProblem] = []
        do {
            return (try read(path(for: wanted)), [])
        } catch {
            problems.append(error)
        }
        if wanted != Self.defaultName, let theme = try? read(path(for: Self.defaultName)) { return (theme, problems) }
        return (.fallback, problems)
    }

    /// The names of every theme found, built-in and user, sorted.
    public var availableNames: [String] {
        let names = [userDirectory, builtinDirectory].compactMap { $0 }.flatMap { directory in
            ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".yaml") }.map {
                String($0.dropLast(5))
            }
        }
        return Array(Set(names)).sorted()
    }

    /// The file for the theme `name`: the user's when there is one, else the built-in one.
    func path(for name: String) -> String {
        let user = (userDirectory as NSString).appendingPathComponent(name + ".yaml")
        if FileManager.default.fileExists(atPath: user) { return user }
        return ((builtinDirectory ?? userDirectory) as NSString).appendingPathComponent(name + ".yaml")
    }

    /// Parses one theme file; every role must be known, every value valid.
    public func read(_ path: String) throws(ConfigProblem) -> Theme {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ConfigProblem(
                file: path, line: nil, key: nil, message: "no such theme (available: \(availableNames.joined(separator: ", ")))")
        }
        let file = try YAMLFile(path: path)
        var name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        var styles: [Theme.Role: Style] = [:]
        for entry in try file.entries(of: file.root, key: "") {
            switch entry.key {
            case "name":
                guard let value = entry.value.string else { throw file.problem(at: entry.value, key: "name", "expected a text value") }
                name = value
            case "styles":
                for style in try file.entries(of: entry.value, key: "styles") {
                    let key = "styles." + style.key
                    guard let role = Theme.Role(rawValue: style.key) else {
                        throw file.problem(
                            at: style.keyNode, key: key,
                            "unknown role (known: \(Theme.Role.allCases.map(\.rawValue).joined(separator: ", ")))")
                    }
                    styles[role] = try readStyle(style.value, key: key, in: file)
                }
            default:
                throw file.problem(at: entry.keyNode, key: entry.key, "unknown key (expected name or styles)")
            }
        }
        return Theme(name: name, styles: styles)
    }

    private func readStyle(_ node: Node, key: String, in file: YAMLFile) throws(ConfigProblem) -> Style {
        var style = Style()
        for attribute in try file.entries(of: node, key: key) {
            let path = key + "." + attribute.key
            switch attribute.key {
            case "fg", "bg":
                guard let text = attribute.value.string, let color = ThemeSpec.color(text) else {
                    throw file.problem(
                        at: attribute.value, key: path,
                        "'\(attribute.value.string ?? "")' is not a colour (default, a name like red or bright-blue, or 0-255)")
                }
                if attribute.key == "fg" { style.foreground = color } else { style.background = color }
            case let flag where ThemeSpec.attributes.contains(flag):
                guard let on = attribute.value.bool else { throw file.problem(at: attribute.value, key: path, "expected true or false") }
                ThemeSpec.set(flag, on, in: &style)
            default:
                throw file.problem(at: attribute.keyNode, key: path, "unknown attribute (expected fg, bg, bold, dim, underline, reverse)")
            }
        }
        return style
    }
}
