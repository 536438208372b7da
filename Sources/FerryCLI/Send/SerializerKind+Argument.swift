import ArgumentParser
import FerryCore

/// `--as KIND` parses a serializer kind by its name. The lists of values are spelled out: the
/// defaults describe every case with `String(describing:)` (reflection) while any command line is
/// parsed, 1.5 M of a `ferry send`'s 82 M instructions.
extension SerializerKind: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public static var allValueDescriptions: [String: String] { [:] }
}
