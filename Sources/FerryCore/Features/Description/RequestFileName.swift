/// Request file names made from titles: lower-case words joined by `-`, safe on every file system,
/// numbered when two requests of one folder would share a name.
public enum RequestFileName {
    public static let suffix = ".ferry.yaml"

    /// `folder/slug.ferry.yaml`, with `-2`, `-3`… added until it is not in `taken`.
    public static func path(for title: String, in folder: String, avoiding taken: Set<String>) -> String {
        let base = slug(title)
        let prefix = folder.isEmpty ? "" : folder + "/"
        var candidate = prefix + base + suffix
        var number = 2
        while taken.contains(candidate) {
            candidate = prefix + base + "-\(number)" + suffix
            number += 1
        }
        return candidate
    }

    /// A folder path from names (tags, Postman folders): each part a slug. A top folder that would
    /// be `environments` (a tag named Environments) is `environments-requests`: the collection's own
    /// `environments/` holds environments, and requests written there would never be read.
    public static func folder(_ names: [String]) -> String {
        var parts = names.map(slug)
        if parts.first == "environments" { parts[0] = "environments-requests" }
        return parts.joined(separator: "/")
    }

    /// Letters and digits kept (lower-cased), everything else a single `-`; at most 60 characters;
    /// `request` for a title with nothing usable.
    public static func slug(_ title: String) -> String {
        var result = ""
        for scalar in title.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if !result.isEmpty, !result.hasSuffix("-") {
                result += "-"
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        let trimmed = String(result.prefix(60))
        let clean = trimmed.hasSuffix("-") ? String(trimmed.dropLast()) : trimmed
        return clean.isEmpty || clean.hasPrefix(".") ? "request" : clean
    }
}
