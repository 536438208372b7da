import Foundation

/// A date format in strftime's words, as Hurl's `toDate` and `format` filters take it: `%Y-%m-%d`,
/// `%a, %d %b %Y %H:%M:%S GMT`, `%Y-%m-%dT%H:%M:%S%.fZ`. Reads and writes `%Y %y %m %d %e %H %I %p
/// %M %S %f %.f %.3f %.6f %.9f %z %:z %Z %b %B %h %a %A %j %s %T %F %D %R %+ %%` (`%+` is RFC 3339);
/// dates are written in UTC.
public struct DatePattern: Sendable, Hashable {
    public let text: String

    public init(_ text: String) { self.text = text }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let monthNames = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
    ]
    private static let days = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
    private static let dayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    private static let shorthands: [Character: String] = [
        "T": "%H:%M:%S", "F": "%Y-%m-%d", "D": "%m/%d/%y", "R": "%H:%M", "+": "%Y-%m-%dT%H:%M:%S%.f%:z",
    ]

    /// The date `string` names in this format; nil when it does not follow it.
    public func date(from string: String) -> Date? {
        var reader = Reader(text: Array(string))
        var fields = Fields()
        guard read(Array(text), with: &reader, into: &fields), reader.atEnd else { return nil }
        return fields.date
    }

    /// `date` in this format, in UTC.
    public func string(from date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond, .weekday], from: date)
        return write(Array(text), parts: parts, date: date, calendar: calendar)
    }

    // MARK: - Reading

    private struct Fields {
        var year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0, nanosecond = 0, offset = 0
        var pm: Bool?
        var epoch: Int?

        var date: Date? {
            if let epoch { return Date(timeIntervalSince1970: TimeInterval(epoch)) }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(secondsFromGMT: offset) ?? TimeZone(identifier: "UTC")!
            var hour24 = hour
            if let pm { hour24 = hour % 12 + (pm ? 12 : 0) }
            let parts = DateComponents(
                year: year, month: month, day: day, hour: hour24, minute: minute, second: second, nanosecond: nanosecond)
            guard (1...12).contains(month), (1...31).contains(day), hour24 < 24, minute < 60, second < 61 else { return nil }
            return calendar.date(from: parts)
        }
    }

    private struct Reader {
        let text: [Character]
        var index = 0
        var atEnd: Bool { index == text.count }

        mutating func number(maxDigits: Int, signed: Bool = false) -> Int? {
            var sign = 1
            if signed, index < text.count, text[index] == "-" || text[index] == "+" {
                sign = text[index] == "-" ? -1 : 1
                index += 1
            }
            while index < text.count, text[index] == " ", maxDigits <= 2 { index += 1 }  // %e pads with a space
            let start = index
            while index < text.count, index - start < maxDigits, let digit = text[index].wholeNumberValue, text[index].isASCII {
                _ = digit
                index += 1
            }
            guard index > start else { return nil }
            return Int(String(text[start..<index])).map { $0 * sign }
        }

        mutating func name(from names: [String], minimum: Int) -> Int? {
            for (offset, name) in names.enumerated() {
                let candidate = String(text[index..<min(text.count, index + name.count)]).lowercased()
                if candidate == name {
                    index += name.count
                    return offset
                }
            }
            let short = String(text[index..<min(text.count, index + minimum)]).lowercased()
            guard let offset = names.firstIndex(where: { $0.hasPrefix(short) }), short.count == minimum else { return nil }
            index += minimum
            return offset
        }

        mutating func literal(_ character: Character) -> Bool {
            guard index < text.count, text[index] == character else { return false }
            index += 1
            return true
        }
    }

    private func read(_ pattern: [Character], with reader: inout Reader, into fields: inout Fields) -> Bool {
        var position = 0
        while position < pattern.count {
            let character = pattern[position]
            position += 1
            guard character == "%", position < pattern.count else {
                if character == " " {
                    while reader.literal(" ") {}
                    continue
                }
                guard reader.literal(character) else { return false }
                continue
            }
            var spec = pattern[position]
            position += 1
            if spec == ".", position < pattern.count {
                // %.f, %.3f…: a dot and a fraction, both optional for %.f.
                while position < pattern.count, pattern[position].isNumber { position += 1 }
                guard position < pattern.count, pattern[position] == "f" else { return false }
                position += 1
                if reader.literal(".") { guard readFraction(&reader, into: &fields) else { return false } }
                continue
            }
            if spec == ":", position < pattern.count, pattern[position] == "z" {
                position += 1
                spec = "z"
            }
            if let shorthand = Self.shorthands[spec] {
                guard read(Array(shorthand), with: &reader, into: &fields) else { return false }
                continue
            }
            guard readField(spec, &reader, into: &fields) else { return false }
        }
        return true
    }

    private func readFraction(_ reader: inout Reader, into fields: inout Fields) -> Bool {
        let start = reader.index
        guard let value = reader.number(maxDigits: 9) else { return false }
        let digits = reader.index - start
        fields.nanosecond = value * Int(pow(10, Double(9 - digits)))
        return true
    }

    private func readField(_ spec: Character, _ reader: inout Reader, into fields: inout Fields) -> Bool {
        func set(_ value: Int?, _ field: WritableKeyPath<Fields, Int>) -> Bool {
            guard let value else { return false }
            fields[keyPath: field] = value
            return true
        }
        switch spec {
        case "Y": return set(reader.number(maxDigits: 4, signed: true), \.year)
        case "y": return set(reader.number(maxDigits: 2).map { $0 < 70 ? 2000 + $0 : 1900 + $0 }, \.year)
        case "m": return set(reader.number(maxDigits: 2), \.month)
        case "d", "e": return set(reader.number(maxDigits: 2), \.day)
        case "H", "I": return set(reader.number(maxDigits: 2), \.hour)
        case "M": return set(reader.number(maxDigits: 2), \.minute)
        case "S": return set(reader.number(maxDigits: 2), \.second)
        case "f": return readFraction(&reader, into: &fields)
        case "j": return reader.number(maxDigits: 3) != nil
        case "s":
            fields.epoch = reader.number(maxDigits: 19, signed: true)
            return fields.epoch != nil
        case "b", "h": return set(reader.name(from: Self.months, minimum: 3).map { $0 + 1 }, \.month)
        case "B": return set(reader.name(from: Self.monthNames, minimum: 3).map { $0 + 1 }, \.month)
        case "a": return reader.name(from: Self.days, minimum: 3) != nil
        case "A": return reader.name(from: Self.dayNames, minimum: 3) != nil
        case "p":
            guard let half = reader.name(from: ["am", "pm"], minimum: 2) else { return false }
            fields.pm = half == 1
            return true
        case "z", "Z":
            if reader.literal("Z") { return true }
            if spec == "Z", reader.name(from: ["gmt", "utc"], minimum: 3) != nil { return true }
            guard let sign = reader.index < reader.text.count ? reader.text[reader.index] : nil, sign == "+" || sign == "-" else {
                return false
            }
            reader.index += 1
            guard let hours = reader.number(maxDigits: 2) else { return false }
            _ = reader.literal(":")
            let minutes = reader.number(maxDigits: 2) ?? 0
            fields.offset = (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
            return true
        case "%": return reader.literal("%")
        default: return false
        }
    }

    // MARK: - Writing

    private func write(_ pattern: [Character], parts: DateComponents, date: Date, calendar: Calendar) -> String {
        var out = ""
        var position = 0
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        while position < pattern.count {
            let character = pattern[position]
            position += 1
            guard character == "%", position < pattern.count else {
                out.append(character)
                continue
            }
            let spec = pattern[position]
            position += 1
            if spec == "." {
                var digits = ""
                while position < pattern.count, pattern[position].isNumber {
                    digits.append(pattern[position])
                    position += 1
                }
                position += 1  // the f
                let count = Int(digits) ?? 9
                let nanos = String(format: "%09d", parts.nanosecond ?? 0)
                out += digits.isEmpty && parts.nanosecond == 0 ? "" : "." + nanos.prefix(count)
                continue
            }
            if let shorthand = Self.shorthands[spec] {
                out += write(Array(shorthand), parts: parts, date: date, calendar: calendar)
                continue
            }
            switch spec {
            case "Y": out += String(format: "%04d", parts.year ?? 0)
            case "y": out += two((parts.year ?? 0) % 100)
            case "m": out += two(parts.month)
            case "d": out += two(parts.day)
            case "e": out += String(format: "%2d", parts.day ?? 0)
            case "H": out += two(parts.hour)
            case "I": out += two(((parts.hour ?? 0) + 11) % 12 + 1)
            case "p": out += (parts.hour ?? 0) < 12 ? "AM" : "PM"
            case "M": out += two(parts.minute)
            case "S": out += two(parts.second)
            case "f": out += String(format: "%09d", parts.nanosecond ?? 0)
            case "j": out += String(format: "%03d", calendar.ordinality(of: .day, in: .year, for: date) ?? 0)
            case "s": out += String(Int(date.timeIntervalSince1970.rounded(.down)))
            case "b", "h": out += Self.months[(parts.month ?? 1) - 1].capitalized
            case "B": out += Self.monthNames[(parts.month ?? 1) - 1].capitalized
            case "a": out += Self.days[(parts.weekday ?? 1) - 1].capitalized
            case "A": out += Self.dayNames[(parts.weekday ?? 1) - 1].capitalized
            case "z": out += "+0000"
            case ":": out += "+00:00"; position += 1
            case "Z": out += "UTC"
            case "%": out += "%"
            default: out += "%" + String(spec)
            }
        }
        return out
    }
}
