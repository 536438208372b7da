import FerryCore

/// What a `-C` exchange did to the download, told on stderr: continued, started over, already
/// complete, or refused (the kept file unchanged).
struct ResumeOutcome {
    enum Kind: Equatable {
        /// A 206 from the kept offset: the new bytes were appended.
        case continued
        /// A 200: the server sent the whole file (the validator changed, or it ignores ranges).
        case restarted
        /// A 416 for exactly the kept length: the file was whole already.
        case alreadyComplete
        /// Any other answer: nothing was written.
        case refused
    }

    let kind: Kind
    let message: String

    init(response: Response, offset: Int64, output: String) {
        let total = ContentRange(response.headers["Content-Range"])?.total
        switch response.status {
        case 206:
            kind = .continued
            message = "ferry: continued \(output) from byte \(offset) (\(response.body.count) more bytes)"
        case 200:
            kind = .restarted
            message =
                "ferry: the server sent the whole file (it changed since, or it does not send parts), so \(output) was downloaded again from the start"
        case 416 where total == offset:
            kind = .alreadyComplete
            message = "ferry: \(output) is already complete (\(offset) bytes); nothing more to download"
        default:
            kind = .refused
            let what =
                response.status == 416
                ? "cannot continue from byte \(offset)\(total.map { ": the file on the server has \($0) bytes" } ?? "")"
                : "answered \(response.status) \(response.reasonPhrase)"
            message = "ferry: the server \(what); the kept download is unchanged"
        }
    }

    /// The body went into the file (and is not printed).
    var bodyWentToFile: Bool { kind == .continued || kind == .restarted }
}
