/// A number as written in a document or a file (`-12.50`, `1e3`, `12345678901234567890`), compared
/// exactly: digits and a power of ten, never a rounded binary floating point value.
struct DecimalNumber: Comparable, Hashable {
    private let negative: Bool
    /// Significant digits without leading or trailing zeros; empty for zero.
    private let digits: [UInt8]
    /// The value is 0.digits × 10^exponent.
    private let exponent: Int

    /// Reads JSON's number syntax, also accepting a leading `+` and leading zeros (YAML, headers).
    init?(_ text: some StringProtocol) {
        var bytes = Array(text.utf8)[...]
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        let integer = bytes.prefix { (48...57).contains($0) }
        bytes = bytes.dropFirst(integer.count)
        var fraction: ArraySlice<UInt8> = []
        if bytes.first == UInt8(ascii: ".") {
            fraction = bytes.dropFirst().prefix { (48...57).contains($0) }
            bytes = bytes.dropFirst(1 + fraction.count)
        }
        guard !integer.isEmpty || !fraction.isEmpty else { return nil }
        var power = 0
        if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            var exponentNegative = false
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                exponentNegative = sign == UInt8(ascii: "-")
                bytes = bytes.dropFirst()
            }
            let exponentDigits = bytes.prefix { (48...57).contains($0) }
            guard !exponentDigits.isEmpty else { return nil }
            bytes = bytes.dropFirst(exponentDigits.count)
            // Clamped: a power beyond a billion orders of magnitude compares the same.
            for digit in exponentDigits.prefix(10) { power = power * 10 + Int(digit - 48) }
            if exponentNegative { power = -power }
        }
        guard bytes.isEmpty else { return nil }
        var all = Array(integer) + Array(fraction)
        var exponent = integer.count + power
        let leadingZeros = all.prefix { $0 == 48 }.count
        all.removeFirst(leadingZeros)
        exponent -= leadingZeros
        while all.last == 48 { all.removeLast() }
        self.negative = negative && !all.isEmpty
        self.digits = all
        self.exponent = all.isEmpty ? 0 : exponent
    }

    static func == (lhs: DecimalNumber, rhs: DecimalNumber) -> Bool {
        lhs.negative == rhs.negative && lhs.digits == rhs.digits && lhs.exponent == rhs.exponent
    }

    static func < (lhs: DecimalNumber, rhs: DecimalNumber) -> Bool {
        if lhs.negative != rhs.negative { return lhs.negative }
        let magnitudeLess = lhs.magnitude(isLessThan: rhs)
        return lhs.negative ? rhs.magnitude(isLessThan: lhs) : magnitudeLess
    }

    private func magnitude(isLessThan other: DecimalNumber) -> Bool {
        if digits.isEmpty || other.digits.isEmpty { return digits.isEmpty && !other.digits.isEmpty }
        if exponent != other.exponent { return exponent < other.exponent }
        for (a, b) in zip(digits, other.digits) where a != b { return a < b }
        return digits.count < other.digits.count
    }

    /// True when the number has no fractional part (`1.0`, `1e3`, `-0`).
    var isInteger: Bool { exponent >= digits.count }

    /// True when `self` divided by `divisor` is an integer, computed exactly; nil when the divisor
    /// has more than 18 significant digits or the powers of ten are too far apart to say cheaply.
    func isMultiple(of divisor: DecimalNumber) -> Bool? {
        guard !divisor.digits.isEmpty, divisor.digits.count <= 18 else { return nil }
        if digits.isEmpty { return true }
        // self = A × 10^a and divisor = B × 10^b with integers A and B (their significant digits).
        let a = exponent - digits.count
        let b = divisor.exponent - divisor.digits.count
        // A has no trailing zero, so A × 10^a / (B × 10^b) with a < b divides only when B × 10^(b-a)
        // divides A, which needs A to end in a zero.
        guard a >= b else { return false }
        guard a - b <= 100_000 else { return nil }
        let modulus = divisor.digits.reduce(UInt64(0)) { $0 * 10 + UInt64($1 - 48) }
        var remainder: UInt64 = 0
        for digit in digits { remainder = (remainder * 10 + UInt64(digit - 48)) % modulus }
        for _ in 0..<(a - b) where remainder != 0 { remainder = remainder * 10 % modulus }
        return remainder == 0
    }
}
