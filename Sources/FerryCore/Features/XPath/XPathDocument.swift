import CLibXML2
import Foundation

/// A response body parsed by libxml2 (its XML parser, or its forgiving HTML parser) to evaluate
/// XPath expressions on. Every namespace the document declares can be used with its prefix, and a
/// default namespace with `_` (as Hurl does): `//_:svg/_:circle`, `//bk:book/isbn:number`.
public final class XPathDocument: @unchecked Sendable {
    /// Why a body could not be parsed, with libxml2's line and column when it gives them.
    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// libxml2's document (CLibXML2's opaque pointer).
    private let document: UnsafeMutableRawPointer
    /// The declared prefixes and URIs, prefix then URI, as C strings for each evaluation.
    private let namespaces: [String]
    /// libxml2's XPath evaluation is not to be run from two threads on one context: one at a time.
    private let lock = NSLock()

    /// Parses `body` as XML, or as HTML (which never fails on tag soup but needs a root element), in
    /// `encoding` (a charset name) when given, else as the XML declaration says, HTML as UTF-8.
    public init(body: Data, html: Bool, encoding: String? = nil) throws(ParseError) {
        if let problem = LibXML2.load() { throw ParseError(description: problem) }
        guard body.count < Int(Int32.max) else { throw ParseError(description: "the body is too large for libxml2 (2 GB)") }
        let kind = html ? "HTML" : "XML"
        var problem = ferry_xml_parse_error()
        var noRoot: Int32 = 0
        // An empty body is read from a one-byte buffer (count 0): libxml2 wants a pointer, Data has none.
        let parsed = (body.isEmpty ? Data([0]) : body).withUnsafeBytes { raw in
            ferry_xml_parse(
                raw.bindMemory(to: CChar.self).baseAddress!, Int32(body.count), html ? encoding ?? "UTF-8" : encoding, html ? 1 : 0,
                &problem, &noRoot)
        }
        guard let parsed else {
            if noRoot == 1 { throw ParseError(description: "the body is not \(kind): it has no root element") }
            let message = LibXML2.take(problem.message).trimmingCharacters(in: .whitespacesAndNewlines)
            let place = problem.line > 0 ? "line \(problem.line), column \(max(1, problem.column)): " : ""
            throw ParseError(description: "the body is not \(kind): \(place)\(message.isEmpty ? "it could not be read" : message)")
        }
        document = parsed
        namespaces = html ? [] : Self.declaredNamespaces(in: parsed)
    }

    deinit { ferry_xml_document_free(document) }

    /// Evaluates `expression` with the document's root as the context node; throws what libxml2
    /// says of an unknown function, an undeclared prefix or a wrong argument.
    public func evaluate(_ expression: XPathExpression) throws(XPathSyntaxError) -> XPathResult {
        lock.lock()
        defer { lock.unlock() }
        var value = ferry_xml_value()
        var index: Int32 = 0
        var offset: Int32 = 0
        let evaluated = Self.withCStrings(namespaces) { pointers in
            ferry_xml_xpath(document, expression.text, pointers, Int32(namespaces.count / 2), &value, &index, &offset)
        }
        guard evaluated == 1 else { throw XPathExpression.error(index: index, offset: offset, in: expression.text) }
        defer { ferry_xml_value_free(&value) }
        switch value.kind {
        case 1: return .nodes((0..<Int(value.count)).map { value.nodes[$0].map { String(cString: $0) } ?? "" })
        case 2: return .boolean(value.boolean != 0)
        case 3: return .number(value.number)
        case 4: return .string(value.text.map { String(cString: $0) } ?? "")
        default: throw XPathSyntaxError(position: 0, message: "the expression gives a value of no XPath 1.0 type")
        }
    }

    /// Every prefix declared on an element of the document (the first declaration of a prefix wins),
    /// the default namespace as `_`: prefix, URI, prefix, URI…
    private static func declaredNamespaces(in document: UnsafeMutableRawPointer) -> [String] {
        var count: Int32 = 0
        guard let block = ferry_xml_namespaces(document, &count) else { return [] }
        defer { ferry_xml_string_free(block) }
        var found: [String] = []
        var seen: Set<String> = []
        var at = UnsafePointer(block)
        for _ in 0..<count {
            let prefix = String(cString: at)
            at += prefix.utf8.count + 1
            let uri = String(cString: at)
            at += uri.utf8.count + 1
            let name = prefix.isEmpty ? "_" : prefix
            if seen.insert(name).inserted { found += [name, uri] }
        }
        return found
    }

    /// `strings` as an array of C strings for the length of `body`.
    private static func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> Result) -> Result {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}
