import FerryCore
import FerrySession
import FerryStore
import Foundation

/// What `ferry send` sends and how it reports it: the request from the URL and flags, or from a
/// `.ferry.yaml` file with the flags laid over it and its variables resolved; the redaction of its
/// secrets; and what the response must be: the response flags' expectations, else the file's.
struct RequestFileInput {
    var request: Request
    var redaction: Redaction
    /// The local files the request reads, for `--dry-run`.
    var files: [String]
    /// The file's `output:` (`-`, or a path inside the collection): where the body goes unless `-o` says.
    var output: String?
    /// Nil when neither the flags nor the file ask for validation.
    var expectations: ResponseExpectations?
    /// The request as it is saved by `--save` (variables unresolved).
    var document: RequestDescription?
    /// The file's `expect:` and `capture:` with its variables filled into expected values.
    var checks = ResponseChecks()
    /// Where the request came from, for the history: the collection, the file in it, the environment.
    var origin = HistoryOrigin.adHoc
    /// The file's scripts (and its folders'), with what its pre-request scripts left and what the
    /// ones after the response need; nil when there are none.
    var scripts: PendingScripts?

    /// True when the positional argument names a request file rather than a URL.
    static func isRequestFile(_ argument: String) -> Bool { argument.hasSuffix(RequestCollection.requestSuffix) }

    /// Builds the request (`given`: made already, by `ferry curl`, else from the flags or the file);
    /// nothing is saved yet, and nothing is sent but the requests that chained variables it needs
    /// come from (through the collection's pipeline of `pipelines`; each reported to `onChainSent`).
    init(
        _ options: SendOptions, given: RequestDescription? = nil, collection: CollectionOptions, responseOptions: ResponseOptions,
        session: SessionOptions, pipelines: ExchangePipelines, onChainSent: @escaping @Sendable (VariableChainer.Sent) -> Void = { _ in },
        readStandardInput: @escaping () -> Data = { FileHandle.standardInput.readDataToEndOfFile() }
    ) async throws {
        expectations = try responseOptions.expectations()
        guard given == nil, Self.isRequestFile(options.url) else {
            guard !collection.usesVariables else {
                throw FerryError.invalidRequest(
                    reason: .invalidArgument(
                        name: "--env/--var/--host-env", problem: "apply to request files (ferry send path/to/request.ferry.yaml)"))
            }
            var description = try given ?? options.description(readStandardInput: readStandardInput)
            try session.apply(to: &description)
            let resolved = try description.resolved(
                with: .literal, defaults: FolderDefaults(baseURL: options.baseURL),
                access: .unbounded(directory: FileManager.default.currentDirectoryPath))
            request = resolved.request
            redaction = resolved.redaction
            files = resolved.files
            readGraphQLErrors(of: description)
            if collection.save != nil {
                if options.baseURL != nil { description.url = try options.resolvedURL().absoluteString }
                document = description
            }
            return
        }
        let path = options.url
        let root = collection.root(forRequestFile: path)
        var document = try Self.read(path, collection: root)
        try options.apply(to: &document, stdin: options.readsStandardInput ? readStandardInput() : Data(), parametersDefaultToQuery: true)
        try session.apply(to: &document)
        var defaults: FolderDefaults
        do {
            defaults = try FolderDefaults.inherited(byFileAt: path, root: root)
        } catch {
            throw error.asInvalidRequest
        }
        defaults.baseURL = options.baseURL ?? defaults.baseURL
        let scripts = ExchangeScripts(request: document, defaults: defaults)
        scripts.warmUp()  // meanwhile, the variables are read and the request resolved and sent
        let connection = try collection.connection(root: root)
        defaults = defaults.under(environment: connection)
        let (variables, chains) = try collection.variables(root: root)
        let access = collection.fileAccess(root: root, ownFiles: options.namedFiles + session.namedFiles, ownProxy: session.proxy != nil)
        let chainer = VariableChainer(
            root: root, environment: collection.environment, chains: chains, connection: connection,
            pipeline: pipelines.pipeline(collection: root, environment: collection.environment),
            cache: ChainValueCache(
                locations: pipelines.locations, collection: root,
                environment: collection.environment),
            access: access, onSent: onChainSent)
        var sendable = document
        var resolver = variables
        var ran: (ExchangeScripts.Context, ExchangeScripts.Report)?
        if !scripts.isEmpty {
            let requestPath = Self.relativePath(of: path, in: root)
            let context = ExchangeScripts.Context(
                requestName: document.name ?? String((path as NSString).lastPathComponent.dropLast(RequestCollection.requestSuffix.count)),
                requestPath: requestPath, environment: collection.environment,
                send: pipelines.pipeline(collection: root, environment: collection.environment)
                    .scriptSender(
                        origin: HistoryOrigin(collection: root, requestPath: requestPath, environment: collection.environment),
                        files: chainer.scriptFileRunner(resolver: variables)))
            ran = (context, await scripts.runBefore(on: &sendable, resolver: &resolver, context: context))
        }
        let ((resolved, checks), used) = try await chainer.resolving(resolver, own: sendable.chains) { [sendable] resolver in
            (
                try sendable.resolved(with: resolver, defaults: defaults, access: access.naming(path)),
                try sendable.checks.rendered(with: sendable.ownVariables(over: resolver))
            )
        }
        self.scripts = ran.map { [sendable] context, before in
            PendingScripts(scripts: scripts, description: sendable, resolver: used, context: context, before: before)
        }
        self.checks = checks
        request = resolved.request
        redaction = resolved.redaction
        files = resolved.files
        output = resolved.output
        self.document = document
        origin = HistoryOrigin(collection: root, requestPath: Self.relativePath(of: path, in: root), environment: collection.environment)
        expectations = expectations ?? document.expectations
        readGraphQLErrors(of: document)
    }

    /// A GraphQL request's answer is rejected when its JSON holds `errors`, whatever its status
    /// (which is then checked only when asked for).
    private mutating func readGraphQLErrors(of description: RequestDescription) {
        guard description.graphQL != nil else { return }
        expectations = expectations ?? ResponseExpectations(statusCodes: StatusCodeSet([100...599]))
        expectations?.readsGraphQLErrors = true
    }

    /// `path` relative to the collection folder `root` (as given when it is not inside it).
    private static func relativePath(of path: String, in root: String) -> String {
        let file = URL(fileURLWithPath: path).standardizedFileURL.path
        let folder = URL(fileURLWithPath: root).standardizedFileURL.path
        return file.hasPrefix(folder + "/") ? String(file.dropFirst(folder.count + 1)) : path
    }

    /// Reads a request file: a missing or unreadable one, or one that is not a regular file (a FIFO,
    /// a device; never opened), is a local file error, a malformed one an input error.
    private static func read(_ path: String, collection: String) throws -> RequestDescription {
        if let kind = FileKind.irregular(path) { throw FerryError.localFile(reason: .notARegularFile(path: path, kind: kind)) }
        do {
            return try RequestDescription(contentsOf: path, collection: collection)
        } catch  where error.line == nil && !FileManager.default.isReadableFile(atPath: path) {
            throw FerryError.localFile(reason: .unreadable(path: path, error: error))
        } catch {
            throw error.asInvalidRequest
        }
    }
}
