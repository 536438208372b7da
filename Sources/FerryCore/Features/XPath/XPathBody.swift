import Foundation

/// A response body as XPath checks read it: parsed by libxml2 once, on the first expression, as HTML
/// when its Content-Type names HTML and as XML otherwise (in the Content-Type's charset when it
/// gives one), then shared by every check and capture of the exchange.
public final class XPathBody: @unchecked Sendable {
    private let body: Data
    /// The Content-Type as it came, read as a media type only when an expression is evaluated (a run
    /// of status checks makes one of these for every response).
    private let contentType: String?
    private let lock = NSLock()
    private var parsed: Result<XPathDocument, XPathDocument.ParseError>?

    public init(body: Data, contentType: String?) {
        self.body = body
        self.contentType = contentType
    }

    /// Evaluates `expression` on the body; throws why the body is no document or why the expression
    /// cannot be evaluated, as a sentence.
    public func evaluate(_ expression: XPathExpression) throws(CheckProblem) -> XPathResult {
        let document: XPathDocument
        do {
            document = try self.document().get()
        } catch {
            throw CheckProblem(error.description)
        }
        do {
            return try document.evaluate(expression)
        } catch {
            throw CheckProblem("`\(expression.text)`: \(error)")
        }
    }

    private func document() -> Result<XPathDocument, XPathDocument.ParseError> {
        lock.lock()
        defer { lock.unlock() }
        if let parsed { return parsed }
        let contentType = contentType.flatMap(MediaType.init)
        let html = contentType?.subtype == "html"
        let charset = contentType?.parameters.first { $0.name.lowercased() == "charset" }?.value
        let result: Result<XPathDocument, XPathDocument.ParseError>
        if body.isEmpty {
            result = .failure(XPathDocument.ParseError(description: "the body is empty"))
        } else {
            do {
                result = .success(try XPathDocument(body: body, html: html, encoding: charset))
            } catch {
                result = .failure(error)
            }
        }
        parsed = result
        return result
    }
}
