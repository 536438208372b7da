import Foundation

/// The headers every request carries unless the user sets or removes them, as AFHTTPRequestSerializer
/// adds them: `Accept-Language` from the locale and Ferry's `User-Agent`. The transport applies them,
/// so this is the one place that owns them.
public enum DefaultHeaders {
    /// `Accept-Language` for the process's locale, read once.
    public static let acceptLanguage = acceptLanguage(for: preferredLanguages(environment: ProcessEnvironment.variables))

    /// `headers` with the defaults added where absent (only `User-Agent` when `all` is false). A
    /// header the user gave with an empty value stays, which tells the transport to send none.
    public static func applied(to headers: HTTPHeaders, all: Bool = true) -> HTTPHeaders {
        var result = headers
        if !headers.contains("User-Agent") { result.add(name: "User-Agent", value: FerryInfo.userAgent) }
        if all, !headers.contains("Accept-Language") { result.add(name: "Accept-Language", value: acceptLanguage) }
        return result
    }

    /// AFNetworking's format: up to six languages with falling quality, `en-US;q=1, fr;q=0.9`.
    public static func acceptLanguage(for languages: [String]) -> String {
        let tags = languages.isEmpty ? ["en"] : Array(languages.prefix(6))
        return tags.enumerated().map { index, tag in
            let quality = 10 - index
            return quality == 10 ? "\(tag);q=1" : "\(tag);q=0.\(quality)"
        }.joined(separator: ", ")
    }

    /// Language tags from the POSIX locale variables, in glibc's order of precedence: `LANGUAGE`
    /// (a `:` list), then `LC_ALL`, `LC_MESSAGES`, `LANG`. `fr_FR.UTF-8@euro` becomes `fr-FR`;
    /// `C` and `POSIX` name no language.
    public static func preferredLanguages(environment: [String: String]) -> [String] {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        var candidates = locale.map { [$0] } ?? []
        if let list = environment["LANGUAGE"], !list.isEmpty, locale.flatMap(tag(for:)) != nil {
            candidates = list.split(separator: ":").map(String.init) + candidates
        }
        var tags: [String] = []
        for tag in candidates.compactMap(tag(for:)) where !tags.contains(tag) { tags.append(tag) }
        return tags
    }

    private static func tag(for locale: String) -> String? {
        let name = locale.prefix { $0 != "." && $0 != "@" }
        guard !name.isEmpty, name != "C", name != "POSIX", name.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "_" || $0 == "-") }) else {
            return nil
        }
        return name.replacingOccurrences(of: "_", with: "-")
    }
}
