import FerryCore

extension ResponsePrinter {
    /// A final 401 or 407 to a request that carried credentials: says on stderr that the server
    /// refused them, with the chain that led there (`401 (challenge) → 401` for digest).
    func printRefusedCredentials(of request: Request, response: Response) {
        guard response.status == 401 || response.status == 407, let authentication = request.authentication else { return }
        let chain =
            response.redirects.filter { $0.location.isEmpty }.map { "\($0.status) (challenge)" } + [
                "\(response.status) \(response.displayReason)"
            ]
        stderr.line("ferry: the server refused the \(authentication.schemeName) credentials: " + chain.joined(separator: " → "))
    }
}
