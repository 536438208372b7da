import Foundation

/// Ferry's built-in variables: `{{$uuid}}`, `{{$timestamp}}`, `{{$isoTimestamp}}`, `{{$randomInt}}`
/// (`{{$randomInt 10 99}}` in a range), `{{$randomString 32}}`, and Postman's dynamic variables
/// (`{{$guid}}`, `{{$randomIP}}`, `{{$randomEmail}}`, `{{$randomFirstName}}`…), so collections
/// from Postman and Hurl send as they sent there. Names, words, e-mail addresses and URLs are made
/// of random letters (under `example.com`, RFC 2606), never real-looking people or hosts.
public enum BuiltInVariable {
    /// The value of the built-in `name` at `now`, or nil when there is no such built-in.
    public static func value(of name: String, now: Date, randomInt: () -> Int) -> String? {
        var random = SystemRandomNumberGenerator()
        func letters(_ count: Int) -> String { String((0..<count).map { _ in alphanumerics.randomElement(using: &random)! }) }
        func hex(_ count: Int) -> String { String((0..<count).map { _ in hexDigits.randomElement(using: &random)! }) }
        func word(_ count: Int) -> String { String((0..<count).map { _ in lowercase.randomElement(using: &random)! }) }
        if let (base, numbers) = withArguments(name) {
            switch (base, numbers.count) {
            case ("$randomInt", 2): return String(Int.random(in: numbers[0]...numbers[1], using: &random))
            case ("$randomString", 1): return letters(numbers[0])
            default: return nil
            }
        }
        switch name {
        case "$uuid", "$guid", "$randomUUID": return UUID().uuidString.lowercased()
        case "$timestamp": return String(Int(now.timeIntervalSince1970))
        case "$isoTimestamp": return now.formatted(.iso8601)
        case "$randomInt": return String(randomInt())
        case "$randomAlphaNumeric": return letters(1)
        case "$randomBoolean": return Bool.random(using: &random) ? "true" : "false"
        case "$randomHexColor": return "#" + hex(6)
        case "$randomIP": return (0..<4).map { _ in String(Int.random(in: 1...254, using: &random)) }.joined(separator: ".")
        case "$randomIPV6": return (0..<8).map { _ in hex(4) }.joined(separator: ":")
        case "$randomMACAddress": return (0..<6).map { _ in hex(2) }.joined(separator: ":")
        case "$randomPassword": return letters(15)
        case "$randomSemver": return (0..<3).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined(separator: ".")
        case "$randomPrice":
            return String(format: "%d.%02d", Int.random(in: 1...999, using: &random), Int.random(in: 0...99, using: &random))
        case "$randomLatitude": return String(format: "%.4f", Double.random(in: -90...90, using: &random))
        case "$randomLongitude": return String(format: "%.4f", Double.random(in: -180...180, using: &random))
        case "$randomUserName": return "user_" + letters(8)
        case "$randomEmail", "$randomExampleEmail": return "user_" + letters(8) + "@example.com"
        case "$randomDomainName": return letters(8) + ".example.com"
        case "$randomUrl": return "https://" + letters(8) + ".example.com"
        case "$randomProtocol": return Bool.random(using: &random) ? "https" : "http"
        case "$randomFirstName": return word(6).capitalized
        case "$randomLastName": return word(8).capitalized
        case "$randomFullName": return word(6).capitalized + " " + word(8).capitalized
        case "$randomWord": return word(7)
        default: return nil
        }
    }

    /// True when `name` is a built-in, with its arguments when it takes some.
    public static func isBuiltIn(_ name: String) -> Bool {
        names.contains(name) || withArguments(name).map { ["$randomInt": 2, "$randomString": 1][$0.base] == $0.numbers.count } == true
    }

    /// `$randomInt 10 99` as its name and numbers (`$randomString` at most 4096, ranges in order); nil for another text.
    private static func withArguments(_ name: String) -> (base: String, numbers: [Int])? {
        let words = name.split(separator: " ")
        guard words.count > 1, ["$randomInt", "$randomString"].contains(words[0]) else { return nil }
        let numbers = words.dropFirst().compactMap { Int($0) }
        guard numbers.count == words.count - 1 else { return nil }
        if words[0] == "$randomString", numbers.count == 1, !(1...4096).contains(numbers[0]) { return nil }
        if words[0] == "$randomInt", numbers.count == 2, numbers[0] > numbers[1] { return nil }
        return (String(words[0]), numbers)
    }

    /// Every built-in name (`$env.NAME` aside, which reads the host's environment when allowed).
    public static let names: Set<String> = [
        "$uuid", "$guid", "$randomUUID", "$timestamp", "$isoTimestamp", "$randomInt", "$randomAlphaNumeric", "$randomBoolean",
        "$randomHexColor", "$randomIP", "$randomIPV6", "$randomMACAddress", "$randomPassword", "$randomSemver", "$randomPrice",
        "$randomLatitude", "$randomLongitude", "$randomUserName", "$randomEmail", "$randomExampleEmail", "$randomDomainName",
        "$randomUrl", "$randomProtocol", "$randomFirstName", "$randomLastName", "$randomFullName", "$randomWord",
    ]

    private static let alphanumerics = Array("abcdefghijklmnopqrstuvwxyz0123456789")
    private static let hexDigits = Array("0123456789abcdef")
    private static let lowercase = Array("abcdefghijklmnopqrstuvwxyz")
}
