import FerryCore

extension DocumentParseError {
    /// The error as the Body tab and the composer show it: where, and what went wrong.
    var located: String {
        "line \(line), column \(column): \(message)" + (expected.map { " (expected \($0))" } ?? "")
    }
}
