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
        if let problem = LibXML2.load() { throw XPathSyntaxError(position: 0, message: problem) }
        var value = ferry_xml_value()
        var index: Int32 = 0
        var offset: Int32 = 0
        guard ferry_xml_xpath(nil, text, nil, 0, &value, &index, &offset) == 1 else {
            throw Self.error(index: index, offset: offset, in: text)
        }
        self.text = text
    }

    /// libxml2's XPath error (its code as an index from `XPATH_EXPRESSION_OK`, and the offset it
    /// gives) as a syntax error of `text`.
    static func error(index: Int32, offset: Int32, in text: String) -> XPathSyntaxError {
        let message = messages.indices.contains(Int(index)) ? messages[Int(index)] : "libxml2 error \(index)"
        return XPathSyntaxError(position: max(0, min(Int(offset), text.utf8.count)), message: message)
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
