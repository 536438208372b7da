import Foundation

/// Turns the values of a theme file into styles: colour names and numbers, and attribute flags.
public enum ThemeSpec {
    /// The names a theme file may use for the first 16 colours.
    public static let colorNames: [String: UInt8] = [
        "black": 0, "red": 1, "green": 2, "yellow": 3, "blue": 4, "magenta": 5, "cyan": 6, "white": 7,
        "bright-black": 8, "gray": 8, "grey": 8, "bright-red": 9, "bright-green": 10, "bright-yellow": 11,
        "bright-blue": 12, "bright-magenta": 13, "bright-cyan": 14, "bright-white": 15,
    ]

    /// Parses a colour: `default`, a name, or a number 0–255. Nil when it is none of these.
    public static func color(_ text: String) -> Style.Color? {
        let value = text.trimmingCharacters(in: .whitespaces).lowercased()
        if value == "default" { return .default }
        if let index = colorNames[value] { return .indexed(index) }
        if let number = Int(value), (0...255).contains(number) { return .indexed(UInt8(number)) }
        return nil
    }

    /// The attribute keys a style may set besides `fg` and `bg`.
    public static let attributes: Set<String> = ["bold", "dim", "underline", "reverse"]

    /// Sets attribute `name` on `style`.
    public static func set(_ name: String, _ on: Bool, in style: inout Style) {
        switch name {
        case "bold": style.bold = on
        case "dim": style.dim = on
        case "underline": style.underline = on
        case "reverse": style.reverse = on
        default: break
        }
    }
}
