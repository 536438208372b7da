import FerrySession

/// `ferry run` command lines of the everyday shapes, read without ArgumentParser: request files and
/// folders with `--env`, `--var`, `--collection`, `--openapi`, `--reporter`, `--no-history`,
/// `--no-cookies`, `--bail`, `--continue-on-error` and `--dry-run`. The parser's reflection over `run`'s options is
/// a sixth of the CPU before a run's first request (Benchmarks/README.md, issue 27); as with
/// `EverydaySendLine`, any other shape goes to the parser, which says what is wrong, and
/// `EverydayRunLineTests` checks that both read a corpus of lines alike.
struct EverydayRunLine: Equatable {
    var paths: [String] = []
    var environment: String?
    var variables: [String] = []
    var collection: String?
    var openapi: String?
    var reporter: RunReporterKind?
    var noHistory = false
    var noCookies = false
    var bail = false
    var continueOnError = false
    var dryRun = false

    /// The line read from `arguments` (those after `ferry`), or nil when it is not of an everyday shape.
    init?(_ arguments: [String]) {
        guard arguments.first == "run" else { return nil }
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--no-history": noHistory = true
            case "--no-cookies": noCookies = true
            case "--bail": bail = true
            case "--continue-on-error": continueOnError = true
            case "--dry-run": dryRun = true
            case "--var":
                guard let value = Self.value(&rest) else { return nil }
                variables.append(value)
            case "--env", "--collection", "--openapi":
                let field: WritableKeyPath<EverydayRunLine, String?> =
                    argument == "--env" ? \.environment : argument == "--collection" ? \.collection : \.openapi
                guard self[keyPath: field] == nil, let value = Self.value(&rest) else { return nil }
                self[keyPath: field] = value
            case "--reporter":
                guard reporter == nil, let value = Self.value(&rest), let kind = RunReporterKind(rawValue: value) else { return nil }
                reporter = kind
            default:
                guard !argument.hasPrefix("-") else { return nil }
                paths.append(argument)
            }
        }
    }

    /// The next argument as an option's value; nil when there is none or it looks like a flag.
    private static func value(_ rest: inout ArraySlice<String>) -> String? {
        guard let value = rest.first, !value.hasPrefix("-") else { return nil }
        return rest.removeFirst()
    }

    /// `run` as the parser would make it from this line: every option given a value, the others their
    /// defaults; nil when the parser's validation would refuse it (the parser then says why).
    var command: RunCommand? {
        var command = RunCommand()
        (command.paths, command.reporter, command.output, command.bail) = (paths, reporter ?? .text, nil, bail)
        (command.continueOnError, command.jobs, command.repeatCount, command.dataFile) = (continueOnError, 1, 1, nil)
        (command.filters, command.maxTime) = ([], RequestTimeLimit.standardSeconds)
        (command.noHistory, command.noCookies) = (noHistory, noCookies)
        (command.jsonBodyLimit, command.allowInsecureRedirect, command.locationTrusted) = (65_536, false, false)
        (command.fromEntry, command.toEntry, command.location, command.maxRedirects) = (1, nil, false, nil)
        (command.headers, command.user, command.digest, command.delay) = ([], nil, false, 0)
        (command.coverage, command.dryRun) = (false, dryRun)

        var collectionOptions = CollectionOptions()
        (collectionOptions.environment, collectionOptions.variables, collectionOptions.collection) = (environment, variables, collection)
        (collectionOptions.hostEnvironment, collectionOptions.save, collectionOptions.force) = (false, nil, false)
        (collectionOptions.allowOutside, collectionOptions.allowProxy) = ([], false)
        command.collectionOptions = collectionOptions

        var contract = ContractOptions()
        (contract.openapi, contract.requestMode) = (openapi, .warn)
        command.contractOptions = contract
        return (try? command.validate()) == nil ? nil : command
    }
}
