import ArgumentParser
import FerryApp
import FerryCore
import FerryStore
import Foundation

/// `ferry send`'s collection flags: variables for request files, and `--save`.
public struct CollectionOptions: ParsableArguments, Sendable {
    @Option(
        name: .customLong("env"),
        help: ArgumentHelp(
            "The environment whose variables fill a request file's {{placeholders}} (environments/NAME.yaml or NAME.env in the collection).",
            valueName: "name"), completion: ShellCompletions.environments)
    public var environment: String?

    @Option(
        name: .customLong("var"),
        help: ArgumentHelp("A variable, `name=value` (repeatable); wins over the environment's.", valueName: "name=value"))
    public var variables: [String] = []

    @Flag(name: .customLong("host-env"), help: "Allow {{$env.NAME}} to read this process's environment variables.")
    public var hostEnvironment = false

    @Option(
        name: .customLong("save"),
        help: ArgumentHelp("Save the request as this file in the collection (.ferry.yaml is added), atomically.", valueName: "path"))
    public var save: String?

    @Option(
        name: .customLong("collection"),
        help: ArgumentHelp(
            "The collection's folder (default: the nearest folder above a request file holding environments/, else its own folder; for --save, the current folder).",
            valueName: "dir"))
    public var collection: String?

    @Flag(name: .customLong("force"), help: "Let --save replace a file that does not parse, and ferry import replace files that exist.")
    public var force = false

    @Option(
        name: .customLong("allow-outside"),
        help: ArgumentHelp(
            "Let request files read this file, or anything in this folder, outside their collection (repeatable).", valueName: "path"))
    public var allowOutside: [String] = []

    @Flag(name: .customLong("allow-proxy"), help: "Let a request file, folder defaults or environment send through the proxy it names.")
    public var allowProxy = false

    public init() {}

    /// True when a flag that only means something for request files is given.
    var usesVariables: Bool { environment != nil || !variables.isEmpty || hostEnvironment }

    /// The environment's proxy and client certificate (`$options:`); none without `--env`.
    func connection(root: String) throws -> ConnectionSettings {
        guard let environment else { return ConnectionSettings() }
        do {
            return try Environment.load(named: environment, in: root).connection
        } catch {
            throw error.asInvalidRequest
        }
    }

    /// The variables: the environment's, then each `--var`; host variables when allowed.
    func resolver(root: String, processEnvironment: [String: String] = ProcessEnvironment.variables) throws -> VariableResolver {
        try variables(root: root, processEnvironment: processEnvironment).resolver
    }

    /// The variables as `resolver(root:)` makes them, and the environment's chained variables.
    func variables(
        root: String, processEnvironment: [String: String] = ProcessEnvironment.variables
    ) throws -> (resolver: VariableResolver, chains: [VariableChain]) {
        var resolver = VariableResolver(hostEnvironment: hostEnvironment ? processEnvironment : nil)
        var chains: [VariableChain] = []
        if let environment {
            do {
                let loaded = try Environment.load(named: environment, in: root)
                resolver.add(loaded.variables)
                chains = loaded.chains
            } catch {
                throw error.asInvalidRequest
            }
        }
        resolver.add(
            try variables.map { argument in
                guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
                    throw FerryError.invalidRequest(reason: .invalidArgument(name: "--var \(argument)", problem: "expected `name=value`"))
                }
                return Variable(name: String(argument[..<equals]), value: String(argument[argument.index(after: equals)...]))
            })
        return (resolver, chains)
    }

    /// What requests from the collection at `root` may read: files inside it, `--allow-outside` and the
    /// config's `trust:` paths, and `ownFiles`, the files the user named on the command line; the proxy
    /// it names with `--allow-proxy`, or when `ownProxy` (the user's `-x` replaces it).
    func fileAccess(
        root: String, ownFiles: [String] = [], ownProxy: Bool = false,
        processEnvironment: [String: String] = ProcessEnvironment.variables
    ) -> FileAccessPolicy {
        let trusted = Settings.load(environment: processEnvironment).trust
        return FileAccessPolicy(collection: root, allowing: allowOutside + trusted + ownFiles, allowsProxy: allowProxy || ownProxy)
    }

    /// Where `--save` writes: the path below the collection folder, with `.ferry.yaml` added when missing.
    var savePath: String? {
        guard let save else { return nil }
        let name = save.hasSuffix(RequestCollection.requestSuffix) ? save : save + RequestCollection.requestSuffix
        guard !name.hasPrefix("/") else { return name }
        return ((collection ?? FileManager.default.currentDirectoryPath) as NSString).appendingPathComponent(name)
    }

    /// The collection a request file belongs to: `--collection`, else the nearest folder above it
    /// holding `environments/`, else the file's own folder.
    func root(forRequestFile path: String) -> String {
        collection ?? Self.enclosingCollection(ofRequestFile: path)
    }

    /// The nearest folder above a request file holding `environments/`, else the file's own folder.
    static func enclosingCollection(ofRequestFile path: String) -> String {
        let folder = (URL(fileURLWithPath: path).standardizedFileURL.path as NSString).deletingLastPathComponent
        var candidate = folder
        while candidate != "/" && !candidate.isEmpty {
            var isDirectory: ObjCBool = false
            let environments = (candidate as NSString).appendingPathComponent(Environment.directoryName)
            if FileManager.default.fileExists(atPath: environments, isDirectory: &isDirectory), isDirectory.boolValue { return candidate }
            candidate = (candidate as NSString).deletingLastPathComponent
        }
        return folder
    }
}
