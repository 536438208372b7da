/// The well-known types whose JSON has a form of its own (proto3 JSON mapping). Their layouts are
/// fixed, so the codec reads and writes them without their descriptors.
enum WellKnownType: String {
    case any = "google.protobuf.Any"
    case timestamp = "google.protobuf.Timestamp"
    case duration = "google.protobuf.Duration"
    case structType = "google.protobuf.Struct"
    case value = "google.protobuf.Value"
    case listValue = "google.protobuf.ListValue"
    case fieldMask = "google.protobuf.FieldMask"
    case empty = "google.protobuf.Empty"
    case doubleValue = "google.protobuf.DoubleValue"
    case floatValue = "google.protobuf.FloatValue"
    case int64Value = "google.protobuf.Int64Value"
    case uint64Value = "google.protobuf.UInt64Value"
    case int32Value = "google.protobuf.Int32Value"
    case uint32Value = "google.protobuf.UInt32Value"
    case boolValue = "google.protobuf.BoolValue"
    case stringValue = "google.protobuf.StringValue"
    case bytesValue = "google.protobuf.BytesValue"

    /// A wrapper's value kind (its field 1).
    var wrapped: ProtoField.Kind? {
        switch self {
        case .doubleValue: .double
        case .floatValue: .float
        case .int64Value: .int64
        case .uint64Value: .uint64
        case .int32Value: .int32
        case .uint32Value: .uint32
        case .boolValue: .bool
        case .stringValue: .string
        case .bytesValue: .bytes
        default: nil
        }
    }

    /// Seconds of Timestamp's range, 0001-01-01T00:00:00Z through 9999-12-31T23:59:59Z.
    static let timestampSeconds: ClosedRange<Int64> = -62_135_596_800...253_402_300_799
    /// Duration's range: ±10,000 years.
    static let durationSeconds: ClosedRange<Int64> = -315_576_000_000...315_576_000_000

    /// Days since 1970-01-01 → civil date (Howard Hinnant's algorithm).
    static func civil(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Civil date → days since 1970-01-01.
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Nanoseconds as 0, 3, 6 or 9 fraction digits (with the dot), as the JSON mapping prints them.
    static func fraction(_ nanos: Int32) -> String {
        guard nanos != 0 else { return "" }
        let digits = String(nanos + 1_000_000_000).dropFirst()
        if nanos % 1_000_000 == 0 { return "." + digits.prefix(3) }
        if nanos % 1000 == 0 { return "." + digits.prefix(6) }
        return "." + digits
    }
}
