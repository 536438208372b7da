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

    private let document: xmlDocPtr
    private let namespaces: [(prefix: String, uri: String)]
    /// libxml2's XPath evaluation is not to be run from two threads on one context: one at a time.
    private let lock = NSLock()

    /// Parses `body` as XML, or as HTML (which never fails on tag soup but needs a root element), in
    /// `encoding` (a charset name) when given, else as the XML declaration says, HTML as UTF-8.
    public init(body: Data, html: Bool, encoding: String? = nil) throws(ParseError) {
        LibXML2.start()
        guard body.count < Int(Int32.max) else { throw ParseError(description: "the body is too large for libxml2 (2 GB)") }
        // An empty body is read from a one-byte buffer (count 0): libxml2 wants a pointer, Data has none.
        let parsed: Result<xmlDocPtr, ParseError> = (body.isEmpty ? Data([0]) : body).withUnsafeBytes { raw in
            Self.parse(
                raw.bindMemory(to: CChar.self).baseAddress!, count: Int32(body.count), encoding: html ? encoding ?? "UTF-8" : encoding,
                html: html)
        }
        document = try parsed.get()
        namespaces = html ? [] : Self.declaredNamespaces(in: document)
    }

    deinit { xmlFreeDoc(document) }

    /// Evaluates `expression` with the document's root as the context node; throws what libxml2
    /// says of an unknown function, an undeclared prefix or a wrong argument.
    public func evaluate(_ expression: XPathExpression) throws(XPathSyntaxError) -> XPathResult {
        lock.lock()
        defer { lock.unlock() }
        guard let context = xmlXPathNewContext(document) else { throw XPathSyntaxError(position: 0, message: "libxml2 has no memory left") }
        defer { xmlXPathFreeContext(context) }
        LibXML2.silence(context)
        for (prefix, uri) in namespaces { xmlXPathRegisterNs(context, prefix, uri) }
        guard let compiled = xmlXPathCtxtCompile(context, expression.text) else {
            throw XPathExpression.error(of: context, in: expression.text)
        }
        defer { xmlXPathFreeCompExpr(compiled) }
        guard let object = xmlXPathCompiledEval(compiled, context) else { throw XPathExpression.error(of: context, in: expression.text) }
        defer { xmlXPathFreeObject(object) }
        switch object.pointee.type {
        case XPATH_NODESET:
            guard let set = object.pointee.nodesetval, let table = set.pointee.nodeTab else { return .nodes([]) }
            return .nodes((0..<Int(set.pointee.nodeNr)).map { LibXML2.take(xmlXPathCastNodeToString(table[$0])) })
        case XPATH_BOOLEAN: return .boolean(object.pointee.boolval != 0)
        case XPATH_NUMBER: return .number(object.pointee.floatval)
        case XPATH_STRING: return .string(object.pointee.stringval.map { String(cString: $0) } ?? "")
        default: throw XPathSyntaxError(position: 0, message: "the expression gives a value of no XPath 1.0 type")
        }
    }

    private static let xmlOptions = Int32(XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NONET.rawValue)
    private static let htmlOptions = Int32(
        HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)

    private static func parse(_ bytes: UnsafePointer<CChar>, count: Int32, encoding: String?, html: Bool) -> Result<xmlDocPtr, ParseError> {
        let kind = html ? "HTML" : "XML"
        guard let parser = html ? htmlNewParserCtxt() : xmlNewParserCtxt() else {
            return .failure(ParseError(description: "libxml2 has no memory left"))
        }
        defer { html ? htmlFreeParserCtxt(parser) : xmlFreeParserCtxt(parser) }
        let read =
            html
            ? htmlCtxtReadMemory(parser, bytes, count, nil, encoding, htmlOptions)
            : xmlCtxtReadMemory(parser, bytes, count, nil, encoding, xmlOptions)
        guard let document = read else { return .failure(problem(parser.pointee.lastError, kind: kind)) }
        guard xmlDocGetRootElement(document) != nil else {
            xmlFreeDoc(document)
            return .failure(ParseError(description: "the body is not \(kind): it has no root element"))
        }
        return .success(document)
    }

    /// `the body is not XML: line 3, column 7: Opening and ending tag mismatch: a line 1 and b`.
    private static func problem(_ error: xmlError, kind: String) -> ParseError {
        let message = error.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "it could not be read"
        let place = error.line > 0 ? "line \(error.line), column \(max(1, error.int2)): " : ""
        return ParseError(description: "the body is not \(kind): \(place)\(message)")
    }

    /// Every prefix declared on an element of the document (the first declaration of a prefix wins),
    /// the default namespace as `_`.
    private static func declaredNamespaces(in document: xmlDocPtr) -> [(prefix: String, uri: String)] {
        var found: [(prefix: String, uri: String)] = []
        var seen: Set<String> = []
        var node = xmlDocGetRootElement(document)
        while let current = node {
            if current.pointee.type == XML_ELEMENT_NODE {
                var declaration = current.pointee.nsDef
                while let ns = declaration {
                    let prefix = ns.pointee.prefix.map { String(cString: $0) } ?? "_"
                    if let href = ns.pointee.href, seen.insert(prefix).inserted { found.append((prefix, String(cString: href))) }
                    declaration = ns.pointee.next
                }
            }
            node = next(after: current, descending: current.pointee.type == XML_ELEMENT_NODE)
        }
        return found
    }

    /// The node after `node` in document order (its first child when `descending`), or nil at the end.
    private static func next(after node: xmlNodePtr, descending: Bool) -> xmlNodePtr? {
        if descending, let child = node.pointee.children { return child }
        var current: xmlNodePtr? = node
        while let at = current {
            if let sibling = at.pointee.next { return sibling }
            current = at.pointee.parent
            if current?.pointee.type == XML_DOCUMENT_NODE { return nil }
        }
        return nil
    }
}
