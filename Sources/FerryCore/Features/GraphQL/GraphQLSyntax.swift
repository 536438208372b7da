import GraphQL

/// Checks a GraphQL document with GraphQLSwift's parser (the reference implementation's grammar)
/// before anything is sent.
public enum GraphQLSyntax {
    /// Throws `invalidGraphQL` with the parser's message, line and column when `query` is not a
    /// syntactically valid GraphQL document.
    public static func check(_ query: String) throws {
        do {
            _ = try GraphQL.parse(source: query, noLocation: true)
        } catch let error as GraphQLError {
            let location = error.locations.first
            throw FerryError.requestSerializationFailed(
                reason: .invalidGraphQL(
                    message: Self.message(error.message), line: location?.line ?? 1, column: location?.column ?? 1))
        }
    }

    /// The parser's message without its `Syntax Error <source> (line:column) ` lead and the excerpt
    /// it appends after a blank line (Ferry names the place itself).
    private static func message(_ text: String) -> String {
        let firstParagraph = text.components(separatedBy: "\n\n").first ?? text
        guard firstParagraph.hasPrefix("Syntax Error"), let end = firstParagraph.range(of: ") ") else { return firstParagraph }
        return String(firstParagraph[end.upperBound...])
    }
}
