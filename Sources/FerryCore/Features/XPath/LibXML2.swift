import CLibXML2
import Foundation

/// Debian's libxml2, loaded (`dlopen`) when the first XPath expression is compiled or body parsed,
/// never at start-up: a process without XPath maps neither it nor the ICU libraries it brings.
enum LibXML2 {
    static let fileName = "libxml2.so.2"
    /// The library to load instead (another build of libxml2), or nil.
    static let override = ProcessEnvironment.variables["FERRY_LIBXML2"]

    /// Loads the library once; nil, or why it cannot be loaded, as a sentence.
    static func load() -> String? { problem }

    /// Why the library could not be loaded, or nil once it was: tried once per process.
    private static let problem: String? = {
        let library = override ?? fileName
        var reason = [CChar](repeating: 0, count: 512)
        guard ferry_xml_load(library, &reason, reason.count) == 1 else {
            let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return "XPath needs libxml2 (\(library)), which could not be loaded: \(text) (on Debian: apt install libxml2)"
        }
        return nil
    }()

    /// A malloc'd C string of CLibXML2's as Swift's, freed.
    static func take(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        defer { ferry_xml_string_free(pointer) }
        return String(cString: pointer)
    }
}
