import ArgumentParser
import FerryCore
import FerrySession
import FerryStore
import FerryTransport
import Foundation

/// `ferry graphql schema URL|FILE.ferry.yaml`: the endpoint's schema, fetched by the standard
/// introspection query with the request's headers, auth and TLS options (the send flags), kept in
/// the cache per URL, and printed as SDL (`--json`: the introspection result as it came).
struct GraphQLSchemaCommand: AsyncCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Fetch a GraphQL endpoint's schema by introspection (cached per URL) and print it as SDL.",
        discussion:
            "Exit codes as ferry send's: 1 usage, 2 transport, 3 the answer is not a schema (or holds GraphQL errors), 4 local file.")

    @OptionGroup var options: SendOptions
    @OptionGroup(title: "Sessions and authentication") var sessionOptions: SessionOptions
    @OptionGroup(title: "Request files and collections") var collectionOptions: CollectionOptions

    @Flag(name: .customLong("refresh"), help: "Fetch the schema again even when it is cached.")
    var refresh = false

    func execute() async throws {
        let status = await run()
        if status != .success { throw status.exitCode }
    }

    private func run() async -> ExitStatus {
        var printer = ResponsePrinter()
        var introspection = options
        introspection.graphQLQuery = IntrospectedSchema.introspectionQuery
        introspection.graphQLVariables = ""
        introspection.graphQLOperation = "IntrospectionQuery"
        let cache = GraphQLSchemaCache(locations: StoreLocations(environment: ProcessEnvironment.variables))
        do {
            let pipelines = ExchangePipelines.commandLine(
                transport: CurlTransport(), keepsCookies: !sessionOptions.noCookies, history: nil, printer: printer)
            let input = try await RequestFileInput(
                introspection, collection: collectionOptions, responseOptions: try ResponseOptions.parse([]),
                session: sessionOptions, pipelines: pipelines)
            printer.redaction = input.redaction
            let endpoint = input.request.graphQLEndpoint
            if !refresh, let cached = cache.load(url: endpoint) {
                printer.stderr.line(
                    "ferry: the schema of \(endpoint) as cached \(cached.fetched.formatted(.iso8601)); --refresh fetches it again")
                print(cached.schema, json: cached.json, printer: printer)
                return .success
            }
            let evaluator = ResponseEvaluator(
                validator: ResponseValidator(acceptableContentTypes: ["*/*"]), serializer: DataResponseSerializer(),
                readsGraphQLErrors: true)
            let outcome = await pipelines.pipeline(collection: input.origin.collection, environment: input.origin.environment)
                .exchange(input.request, concluding: ResponseConclusion(evaluator: evaluator), origin: nil, redaction: input.redaction)
            if let error = outcome.error { throw error }
            let json = try outcome.response?.body.mappedData() ?? Data()
            let schema = try IntrospectedSchema(introspection: json)
            try cache.save(json, url: endpoint)
            print(schema, json: json, printer: printer)
            return .success
        } catch {
            let failure = error as? FerryError ?? .invalidRequest(reason: .invalidArgument(name: "schema", problem: "\(error)"))
            printer.printError(failure)
            return ExitStatus(for: failure)
        }
    }

    private func print(_ schema: IntrospectedSchema, json: Data, printer: ResponsePrinter) {
        if options.json {
            printer.stdout.write(json)
            printer.stdout.write("\n")
        } else {
            printer.stdout.write(schema.sdl)
        }
    }
}
