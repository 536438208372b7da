/// What an XPath 1.0 expression evaluates to (XPath 1.0 §1): a node-set, here the string value of
/// each node in document order, or a string, a number or a boolean.
public enum XPathResult: Sendable, Hashable {
    case nodes([String])
    case string(String)
    case number(Double)
    case boolean(Bool)
}
