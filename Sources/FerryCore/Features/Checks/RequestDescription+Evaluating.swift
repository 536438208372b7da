/// Reading a response as a request file asks, for `ferry run` and chained variables alike.
extension RequestDescription {
    /// `response` evaluated by the file's `validation:` and `serializer:` (as it came when it asks for
    /// neither), the evaluation's failure, and the facts its checks and captures look at (the body
    /// parsed for them only when `parsesBody`).
    public func evaluate(
        _ response: Response, of request: Request, parsesBody: Bool = true
    ) -> (response: Response, error: FerryError?, facts: ResponseFacts) {
        var evaluated = response
        var failure: FerryError?
        var document: Document?
        if let expectations {
            let evaluation = expectations.evaluator(accept: request.headers["Accept"], fallback: .auto).evaluate(
                response, method: request.method)
            evaluated = evaluation.response
            failure = evaluation.error
            if case .document(let parsed)? = evaluation.value { document = parsed }
        }
        return (
            evaluated, failure,
            ResponseFacts(response: evaluated, method: request.method, document: document, examples: examples, parsesBody: parsesBody)
        )
    }
}
