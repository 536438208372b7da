/// Words written for a POSIX shell: left bare when safe, else in single quotes, inside which every
/// character but `'` stands for itself (newlines and control characters included).
enum ShellQuoting {
    /// `word` as one shell word.
    static func quote(_ word: String) -> String {
        if !word.isEmpty, word.unicodeScalars.allSatisfy(isBare) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    private static func isBare(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_@%+=:,./-".unicodeScalars.contains(scalar))
    }
}
