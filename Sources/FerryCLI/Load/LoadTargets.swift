import FerryCore
import FerryGRPC
import FerrySession
import FerryStore
import FerryTransport
import Foundation
import Synchronization

/// The requests of a load: TARGET as a URL with `send`'s flags, one request file, or a collection
/// folder (each request file in it, weighted by `--weight`), each resolved as `ferry send` resolves
/// it, with its `expect:` as the check of sampled responses.
struct LoadTargets {
    var targets: [LoadTarget] = []
    /// Where the requests came from, for the history row.
    var origin = HistoryOrigin.adHoc
    var redaction = Redaction()
    /// What the summary names: the request line, or the collection and how many files.
    var description = ""
    /// The first response sampled (checked or not), for the history row.
    let firstSample = FirstSample()

    init(_ options: SendOptions, load: LoadOptions, collection: CollectionOptions, pipelines: ExchangePipelines) async throws {
        var isFolder: ObjCBool = false
        let folder = FileManager.default.fileExists(atPath: options.url, isDirectory: &isFolder) && isFolder.boolValue
        guard folder else {
            try await add(options, weight: 1, collection: collection, pipelines: pipelines)
            let request = targets[0].request
            description = "\(request.method.rawValue) \(request.url.absoluteString)"
            return
        }
        let paths = RequestCollection.requestPaths(under: options.url)
        guard !paths.isEmpty else {
            throw FerryError.invalidRequest(reason: .invalidArgument(name: options.url, problem: "holds no request file (*.ferry.yaml)"))
        }
        for path in paths {
            var fileOptions = options
            fileOptions.url = (options.url as NSString).appendingPathComponent(path)
            let weight = try load.weight(of: fileOptions.url, relativePath: path)
            try await add(fileOptions, weight: weight, collection: collection, pipelines: pipelines)
            targets[targets.count - 1].name = path
        }
        origin.requestPath = nil
        description = "\(paths.count) request files of \(options.url)"
    }

    private mutating func add(_ options: SendOptions, weight: Int, collection: CollectionOptions, pipelines: ExchangePipelines) async throws
    {
        let input = try await RequestFileInput(
            options, collection: collection, responseOptions: ResponseOptions.parse([]), session: SessionOptions.parse([]),
            pipelines: pipelines)
        let request = input.request
        guard !GRPCTransport.carries(request), input.document?.isGRPC != true else {
            // A grpc:// URL, or a request file's `grpc:` body (gRPC-Web, or gRPC to an http:// URL): never sent as plain HTTP.
            throw FerryError.invalidRequest(
                reason: .invalidArgument(
                    name: options.url,
                    problem: "is a gRPC call: ferry load sends HTTP requests only (ferry run --repeat N makes the call N times)"))
        }
        let conclusion = ResponseConclusion(
            evaluator: input.expectations?.evaluator(accept: request.headers["Accept"], fallback: .data), checks: input.checks)
        let index = targets.count
        let firstSample = self.firstSample
        targets.append(
            LoadTarget(name: options.url, request: request, weight: weight) { response in
                firstSample.value.withLock { $0 = $0 ?? (index, response) }
                return conclusion.conclude(response, method: request.method).failureLine
            })
        if index == 0 { origin = input.origin }
        redaction.add(input.redaction.rules)
    }
}

/// Where the load's thread leaves the first sampled response.
final class FirstSample: Sendable {
    let value = Mutex<(target: Int, response: Response)?>(nil)
}
