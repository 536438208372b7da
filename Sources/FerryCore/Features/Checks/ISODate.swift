import Foundation

/// RFC 3339 / ISO 8601 date-times as JSON APIs write them: `2024-03-01T12:30:00Z`,
/// `2024-03-01T12:30:00.123+01:00` (what `isIsoDate` accepts and dates compare with).
enum ISODate {
    private static let pattern = try! NSRegularExpression(
        pattern: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$"#)

    static func parse(_ text: String) -> Date? {
        guard pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil else { return nil }
        let fraction = text.contains(".")
        return DatePattern(fraction ? "%Y-%m-%dT%H:%M:%S%.f%:z" : "%Y-%m-%dT%H:%M:%S%:z").date(from: text)
    }

    /// `date` as `2024-03-01T12:30:00.123456789Z` (the fraction only when there is one).
    static func text(_ date: Date) -> String { DatePattern("%Y-%m-%dT%H:%M:%S%.fZ").string(from: date) }
}
