/// `ferry send` command lines of the everyday shapes, read without ArgumentParser: a URL with `-X`,
/// `-H`, `-d`, `-o`, `-i`, `-k`, `--json`, `--no-history`, `--no-cookies`, `--env`, `--var`,
/// `--collection`, and curl's no-op `-s`, `-S`, `-L` (`-sSL`) and `--compressed`. ArgumentParser finds send's 85 options by reflection, and the Swift runtime's
/// look-ups behind it were 60% of a GET's instructions (Documentation/DECISIONS.md, "The pipeline's
/// cost"). Any other shape — help, another flag, `--name=value`, joined short flags, a value that
/// looks like a flag, a single-valued flag given twice — is nil and goes to the parser, which says
/// what is wrong; `EverydaySendLineTests` checks that both read a corpus of command lines alike.
struct EverydaySendLine: Equatable {
    var url: String
    var method: String?
    var headers: [String] = []
    var data: [String] = []
    var output: String?
    var include = false
    var insecure = false
    var json = false
    var noHistory = false
    var noCookies = false
    /// How many of curl's no-op flags were given (`-sSL` is three).
    var curlDefaults = 0
    var environment: String?
    var variables: [String] = []
    var collection: String?

    /// The line read from `arguments` (those after `ferry`), or nil when it is not of an everyday shape.
    init?(_ arguments: [String]) {
        guard arguments.first == "send" else { return nil }
        var url: String?
        var rest = arguments.dropFirst()
        var line = EverydaySendLine(url: "")
        while let argument = rest.popFirst() {
            switch argument {
            case "-i", "--include": line.include = true
            case "-k", "--insecure": line.insecure = true
            case "--json": line.json = true
            case "--no-history": line.noHistory = true
            case "--no-cookies": line.noCookies = true
            case "--silent", "--show-error", "--location", "--compressed": line.curlDefaults += 1
            case _ where argument.count > 1 && argument.hasPrefix("-") && argument.dropFirst().allSatisfy({ "sSL".contains($0) }):
                line.curlDefaults += argument.count - 1  // -s, -sS, -sSL: curl's, changing nothing
            case "-H", "--header", "-d", "--data", "--var":
                guard let value = Self.value(&rest) else { return nil }
                switch argument {
                case "--var": line.variables.append(value)
                case "-d", "--data": line.data.append(value)
                default: line.headers.append(value)
                }
            case "-X", "--request", "-o", "--output", "--env", "--collection":
                let field: WritableKeyPath<EverydaySendLine, String?> =
                    switch argument {
                    case "-X", "--request": \.method
                    case "-o", "--output": \.output
                    case "--env": \.environment
                    default: \.collection
                    }
                guard line[keyPath: field] == nil, let value = Self.value(&rest) else { return nil }
                line[keyPath: field] = value
            default:
                guard url == nil, !argument.hasPrefix("-") else { return nil }
                url = argument
            }
        }
        guard let url else { return nil }
        line.url = url
        self = line
    }

    private init(url: String) { self.url = url }

    /// The next argument as an option's value; nil when there is none or it looks like a flag.
    private static func value(_ rest: inout ArraySlice<String>) -> String? {
        guard let value = rest.first, !value.hasPrefix("-") else { return nil }
        return rest.removeFirst()
    }

    /// `send` as the parser would make it from this line: every option given a value, the others their defaults.
    var command: SendCommand {
        var options = SendOptions()
        (options.url, options.method, options.headers, options.data, options.output) = (url, method, headers, data, output)
        (options.include, options.insecure, options.json, options.noHistory) = (include, insecure, json, noHistory)
        (options.dataBinary, options.formParts, options.graphQLQuery, options.graphQLVariables) = (nil, [], nil, nil)
        (options.graphQLOperation, options.graphQLGET, options.params, options.paramsJSON) = (nil, false, [], nil)
        (options.encode, options.plistFormat, options.prettyJSON, options.arrayStyle) = (nil, nil, false, nil)
        (options.keepKeyOrder, options.baseURL, options.dumpBody, options.dryRun) = (false, nil, nil, false)
        (options.continueAt, options.noFollow, options.allowInsecureRedirect, options.locationTrusted) = (nil, false, false, false)
        (options.maxRedirects, options.caFile, options.pinnedPublicKey, options.maxTime) = (10, nil, nil, nil)
        (options.protosets, options.protoFiles, options.importPaths, options.grpcWeb, options.grpcWebText) = ([], [], [], false, false)
        (options.connectTimeout, options.http11, options.http2, options.noDecompress) = (nil, false, false, false)
        options.grpcCompression = nil
        (options.maxDecodedSize, options.maxMessageSize, options.limitRate, options.timeline) = (nil, nil, nil, false)
        (options.stream, options.keepOpen, options.jsonBodyLimit, options.verbose) = (false, false, 1 << 20, false)
        (options.dataRaw, options.dataURLEncode, options.dataInQuery, options.userAgent) = ([], [], false, nil)
        (options.referer, options.head, options.fail, options.failWithBody, options.curlDefaults) = (nil, false, false, false, curlDefaults)
        (options.remoteName, options.uploadFile, options.retry, options.retryDelay) = (false, nil, 0, nil)
        (options.retryMaxTime, options.retryConnectionRefused, options.retryAllErrors, options.writeOut) = (nil, false, false, nil)

        var value = ValueOptions()
        (value.kind, value.removeNulls, value.hex) = (nil, false, false)
        var response = ResponseOptions()
        (response.value, response.expectStatus, response.expectType, response.expectSchema) = (value, nil, nil, nil)

        var session = SessionOptions()
        session.noCookies = noCookies
        (session.user, session.digest, session.awsSigV4, session.bearer, session.oauth2TokenURL) = (nil, false, nil, nil, nil)
        (session.oauth2Grant, session.oauth2AuthorizationURL, session.oauth2CallbackURL, session.oauth2ClientID) = (nil, nil, nil, nil)
        (session.oauth2ClientSecret, session.oauth2Scope, session.oauth2Audience, session.oauth2CredentialsPlacement) = (nil, nil, nil, nil)
        (session.apiKeyHeader, session.apiKeyQuery, session.cookie, session.cookieJar, session.unixSocket) = (nil, nil, nil, nil, nil)
        (session.proxy, session.proxyUser, session.noProxy, session.certificate, session.key) = (nil, nil, nil, nil, nil)
        (session.certificateType, session.passphrase) = (nil, nil)

        var collectionOptions = CollectionOptions()
        (collectionOptions.environment, collectionOptions.variables, collectionOptions.collection) = (environment, variables, collection)
        (collectionOptions.hostEnvironment, collectionOptions.save, collectionOptions.force) = (false, nil, false)
        (collectionOptions.allowOutside, collectionOptions.allowProxy) = ([], false)

        var contract = ContractOptions()
        (contract.openapi, contract.requestMode) = (nil, .warn)

        var command = SendCommand()
        (command.options, command.responseOptions, command.sessionOptions) = (options, response, session)
        (command.collectionOptions, command.contractOptions) = (collectionOptions, contract)
        return command
    }
}
