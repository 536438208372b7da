import CLibXML2
import Foundation

/// An XPath 1.0 expression that libxml2 compiles: `//item[@id='4']/name`, `count(//item)`,
/// `string(//_:book/_:title)`. Checked when it is made, so a request file refuses a malformed one
/// before anything is sent; functions and namespace prefixes are looked up when it is evaluated
/// (the prefixes are the response document's own).
public struct XPathExpression: Sendable, Hashable {
    public let text: String

    /// Compiles `text`; throws where libxml2's compiler stops.
    public init(_ text: String) throws(XPathSyntaxError) {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw XPathSyntaxError(position: 0, message: "an empty expression")
        }
        guard !text.utf8.contains(0) else { throw XPathSyntaxError(position: 0, message: "a NUL character") }
        LibXML2.start()
        guard let context = xmlXPathNewContext(nil) else { throw XPathSyntaxError(position: 0, message: "libxml2 has no memory left") }
        defer { xmlXPathFreeContext(context) }
        LibXML2.silence(context)
        guard let compiled = xmlXPathCtxtCompile(context, text) else { throw Self.error(of: context, in: text) }
        xmlXPathFreeCompExpr(compiled)
        self.text = text
    }

    /// The last error of `context` as a syntax error of `text` (libxml2 keeps the code and the
    /// offset there, not its message, when the context has an error handler).
    static func error(of context: xmlXPathContextPtr, in text: String) -> XPathSyntaxError {
        let error = context.pointee.lastError
        let index = Int(error.code) - Int(XML_XPATH_EXPRESSION_OK.rawValue)
        let message = messages.indices.contains(index) ? messages[index] : "libxml2 error \(error.code)"
        return XPathSyntaxError(position: max(0, min(Int(error.int1), text.utf8.count)), message: message)
    }

    /// libxml2's `xmlXPathError` codes in order, from `XPATH_EXPRESSION_OK`.
    private static let messages = [
        "no error", "a malformed number", "an unfinished literal", "a literal expected", "`$` expected for a variable",
        "an undefined variable", "an invalid predicate", "an invalid expression", "a missing closing brace", "an unknown function",
        "an invalid operand", "an argument of the wrong type", "a wrong number of arguments", "an invalid context size",
        "an invalid context position", "no memory left", "a syntax error", "a resource error", "a sub-resource error",
        "an undeclared namespace prefix (the document declares the prefixes; `_` is its default namespace)", "an encoding error",
        "a character outside XML's range", "an invalid context", "a stack error", "a variable (none can be used)",
        "too many operations", "too deep a recursion",
    ]
}
