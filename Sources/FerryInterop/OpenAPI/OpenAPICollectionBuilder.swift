import FerryCore
import OpenAPIKit

/// Builds the collection of an OpenAPI document: one request per operation (paths in document
/// order, methods in OpenAPIKit's order), in a folder per first tag, and one environment per server
/// holding `baseURL`, the path parameters' example values and the credentials' secret variables.
struct OpenAPICollectionBuilder {
    let document: OpenAPI.Document

    func build() -> ImportedCollection {
        var collection = ImportedCollection()
        let servers = document.servers.enumerated().map { server(url: $0.element, at: "servers[\($0.offset)]", report: &collection.report) }
        let firstServer = servers.first ?? "http://localhost"
        if servers.isEmpty { collection.report.approximated("servers", "the document names no server; baseURL is http://localhost") }

        var pathVariables: [(name: String, value: String)] = []
        var secretVariables: [String] = []
        let apiKeyVariables = apiKeyVariableNames()
        for (path, itemEither) in document.paths {
            guard let pathItem = try? document.components.lookup(itemEither) else {
                collection.report.dropped("paths.\(path.rawValue)", "the path item's $ref cannot be resolved")
                continue
            }
            for endpoint in pathItem.endpoints {
                let operation = endpoint.operation
                var baseURL = "{{baseURL}}"
                if let own = (operation.servers ?? pathItem.servers)?.first {
                    var ignored = ImportReport()
                    let url = server(url: own, at: "", report: &ignored)
                    if url != firstServer { baseURL = url }
                }
                var builder = OpenAPIOperationBuilder(
                    document: document, path: path, pathItem: pathItem, endpoint: endpoint,
                    baseURL: baseURL, apiKeyVariables: apiKeyVariables)
                let description = builder.build()
                collection.report.notes += builder.report.notes
                collection.report.imported(builder.place, "\(description.method.rawValue) \(description.url)")
                for variable in builder.pathVariables where !pathVariables.contains(where: { $0.name == variable.name }) {
                    pathVariables.append(variable)
                }
                for name in builder.secretVariables where !secretVariables.contains(name) { secretVariables.append(name) }
                let tag = operation.tags?.first
                let folder = tag.map { RequestFileName.folder([$0]) } ?? ""
                if let tag, collection.folders[folder] == nil, let text = document.tags?.first(where: { $0.name == tag })?.description {
                    var defaults = FolderDefaults()
                    defaults.description = text
                    collection.folders[folder] = defaults
                }
                let title = operation.operationId.map(Self.words) ?? operation.summary ?? builder.fallbackTitle
                collection.add(description, title: title, folder: folder, source: builder.place)
            }
        }
        for name in document.webhooks.keys {
            collection.report.dropped("webhooks.\(name)", "webhooks are requests the API sends, not requests to it")
        }

        // One variable per name: a path parameter called like a credential's variable stays secret.
        let shared =
            pathVariables.filter { $0.name != "baseURL" && !secretVariables.contains($0.name) }.map {
                Variable(name: $0.name, value: $0.value)
            }
            + secretVariables.map { Variable(name: $0, value: "", isSecret: true) }
        let title = document.info.title.isEmpty ? "openapi" : document.info.title
        var names = Set<String>()
        for (index, url) in (servers.isEmpty ? [firstServer] : servers).enumerated() {
            var name = index == 0 ? title : "\(title) \(document.servers[index].description ?? url)"
            var number = 2
            // The number must survive the slug's cut at 60 characters, so a long title is cut first.
            let stem = RequestFileName.slug(title).count > 50 ? String(RequestFileName.slug(title).prefix(50)) : title
            while !names.insert(RequestFileName.slug(name)).inserted {
                name = "\(stem) \(number)"
                number += 1
            }
            collection.environments.append(.init(name: name, variables: [Variable(name: "baseURL", value: url)] + shared))
        }
        if !pathVariables.isEmpty {
            collection.report.imported(
                "paths", "path parameters as variables with example values: \(pathVariables.map(\.name).joined(separator: ", "))")
        }
        if !secretVariables.isEmpty {
            collection.report.approximated(
                "components.securitySchemes",
                "credentials are secret variables left empty in every environment: \(secretVariables.joined(separator: ", "))")
        }
        return collection
    }

    /// A server's URL with its variables' default values, without a trailing `/`; a relative URL
    /// is made absolute on http://localhost.
    private func server(url server: OpenAPI.Server, at place: String, report: inout ImportReport) -> String {
        var url = server.urlTemplate.rawValue
        for (name, variable) in server.variables {
            url = url.replacingOccurrences(of: "{\(name)}", with: variable.default)
        }
        if !url.contains("://") {
            report.approximated(place, "the server URL \(url) is relative; it is taken on http://localhost")
            url = "http://localhost" + (url.hasPrefix("/") ? "" : "/") + url
        }
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }

    /// `listPets` → `list Pets`, so file names keep the words of an operationId (`list-pets`).
    static func words(_ identifier: String) -> String {
        var result = ""
        var previous: Character?
        for character in identifier {
            if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { result.append(" ") }
            result.append(character)
            previous = character
        }
        return result
    }

    /// `apiKey` when the document has one API-key scheme, else each scheme's own name.
    private func apiKeyVariableNames() -> [String: String] {
        let names = document.components.securitySchemes.compactMap { entry -> String? in
            guard let scheme = try? document.components.lookup(entry.value), case .apiKey = scheme.type else { return nil }
            return entry.key.rawValue
        }
        return Dictionary(uniqueKeysWithValues: names.map { ($0, names.count == 1 ? "apiKey" : $0) })
    }
}
