import FerryCore

/// One grpcurl command line read as grpcurl's flag package reads it (`-flag value`, `-flag=value`,
/// `--flag` alike; booleans take no value): the call's server, method, messages, metadata and
/// options. Pure: words in, fields out, a problem naming the word at fault.
struct GRPCurlCommand {
    var address: String?
    var method: String?
    var plaintext = false
    var insecure = false
    var data: String?
    var headers: [String] = []
    var protosets: [String] = []
    var caFile: String?
    var maxTime: Double?
    var connectTimeout: Double?
    /// Flags read but not carried over (`-proto`, `-v`), for the report.
    var ignored: [String] = []

    /// The boolean flags; any other flag takes a value.
    static let booleans: Set<String> = [
        "plaintext", "insecure", "v", "vv", "veryverbose", "emit-defaults", "allow-unknown-fields", "format-error", "use-reflection",
        "msg-template", "expand-headers", "help", "version",
    ]
    /// Flags that change only how grpcurl prints or reads, or schemas Ferry reads otherwise.
    static let printing: Set<String> = [
        "v", "vv", "veryverbose", "emit-defaults", "format", "format-error", "msg-template", "allow-unknown-fields", "use-reflection",
        "proto", "import-path", "max-msg-sz", "user-agent", "authority", "servername", "keepalive-time", "unix", "cert", "key",
        "alts", "expand-headers",
    ]

    init(words: [String]) throws(GRPCurlProblem) {
        var positional: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            guard word.hasPrefix("-"), word != "-" else {
                positional.append(word)
                continue
            }
            var name = String(word.drop { $0 == "-" })
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard !name.isEmpty else { throw GRPCurlProblem(word: word, "is not a flag") }
            let isBoolean = Self.booleans.contains(name)
            if !isBoolean, value == nil {
                guard index < words.count else { throw GRPCurlProblem(word: word, "needs a value") }
                value = words[index]
                index += 1
            }
            try apply(name, value: value ?? "true", word: word)
        }
        guard positional.count <= 2 else {
            throw GRPCurlProblem(word: positional[2], "is one word too many (grpcurl takes ADDRESS METHOD)")
        }
        if positional.count == 2 {
            (address, method) = (positional[0], positional[1])
        } else if let only = positional.first {
            address = only
        }
        if let method, ["list", "describe"].contains(method) || ["list", "describe"].contains(address ?? "") {
            throw GRPCurlProblem(word: "list", "asks for the server's services: run ferry grpc list or describe; only calls are imported")
        }
    }

    private mutating func apply(_ name: String, value: String, word: String) throws(GRPCurlProblem) {
        func seconds() throws(GRPCurlProblem) -> Double {
            guard let seconds = Double(value), seconds.isFinite, seconds >= 0 else {
                throw GRPCurlProblem(word: word, "needs seconds, not `\(value)`")
            }
            return seconds
        }
        switch name {
        case "plaintext": plaintext = value != "false"
        case "insecure": insecure = value != "false"
        case "d": data = value
        case "H", "rpc-header": headers.append(value)
        case "reflect-header": ignored.append("-reflect-header \(value) (Ferry sends the call's metadata with reflection)")
        case "protoset": protosets.append(value)
        case "cacert": caFile = value
        case "max-time": maxTime = try seconds()
        case "connect-timeout": connectTimeout = try seconds()
        default:
            guard Self.printing.contains(name) else { throw GRPCurlProblem(word: word, "is not a grpcurl flag Ferry knows") }
            ignored.append("-\(name)" + (Self.booleans.contains(name) ? "" : " \(value)"))
        }
    }
}

/// A grpcurl command Ferry cannot import, with the word at fault.
struct GRPCurlProblem: Error {
    var word: String
    var message: String

    init(word: String, _ message: String) {
        self.word = word
        self.message = message
    }
}
