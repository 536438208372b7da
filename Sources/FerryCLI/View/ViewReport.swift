import FerryCore
import Foundation

/// The machine-readable result of `ferry view --json`: the file, what the serializer made of it,
/// or the error chain. Documented in the README; fields are only ever added.
public struct ViewReport: Codable, Sendable {
    public var ferryVersion = FerryInfo.version
    public var file: FilePart
    public var value: ValueSummary?
    public var error: ExchangeReport.ErrorPart?
    public var exitCode: Int32

    public struct FilePart: Codable, Sendable {
        /// The path given, or `-` for standard input.
        public var path: String
        public var size: Int64
    }

    public init(path: String, size: Int64, value: ValueSummary?, error: FerryError?, exitCode: ExitStatus) {
        file = FilePart(path: path, size: size)
        self.value = value
        self.error = error.map(ExchangeReport.ErrorPart.init)
        self.exitCode = exitCode.rawValue
    }
}
