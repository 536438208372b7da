/// Why a text is not an XPath 1.0 expression libxml2 compiles, or why it could not be evaluated
/// (an unknown function, an undeclared prefix): libxml2's error code in words, at its offset.
public typealias XPathSyntaxError = QuerySyntaxError
