import FerryCore
import Foundation

/// Writes a collection as an Insomnia export (format 4, JSON): a workspace, a request group per
/// folder, a request per request file (query as `parameters`, headers, body by MIME type, basic
/// and bearer auth, redirects, scripts), a base environment and a sub-environment per environment (secret
/// values empty unless `reveal`, the sub-environment then private). What Insomnia cannot hold is
/// named in `report`.
public struct InsomniaExporter {
    public var reveal = false
    public private(set) var report = ImportReport()

    public init(reveal: Bool = false) { self.reveal = reveal }

    /// The export document.
    public mutating func document(_ collection: ImportedCollection, name: String) throws -> Data {
        let workspace = "wrk_ferry"
        var resources: [[String: Any]] = [
            [
                "_id": workspace, "_type": "workspace", "name": name,
                "description": collection.folders[""]?.description ?? "", "scope": "collection",
            ]
        ]
        var groups: [String: String] = ["": workspace]
        let descriptions = Dictionary(collection.requests.map { ($0.path, $0.description.description) }) { first, _ in first }
        let scripts = Dictionary(collection.requests.map { ($0.path, $0.description.scripts) }) { first, _ in first }
        for (flat, place) in try FlatRequest.all(in: collection, format: "Insomnia", report: &report) {
            let folder = (place as NSString).deletingLastPathComponent
            var parent = workspace
            var path = ""
            for component in folder.split(separator: "/") {
                path += (path.isEmpty ? "" : "/") + component
                if let id = groups[path] {
                    parent = id
                    continue
                }
                let id = "fld_\(groups.count)"
                resources.append(
                    [
                        "_id": id, "_type": "request_group", "parentId": parent, "name": String(component),
                        "description": collection.folders[path]?.description ?? "",
                    ].merging(Self.scriptFields(collection.folders[path]?.scripts.first)) { $1 })
                groups[path] = id
                parent = id
            }
            var resource = request(flat, place: place)
            resource["_id"] = "req_\(resources.count)"
            resource["parentId"] = parent
            resource["description"] = (descriptions[place] ?? nil) ?? ""
            resource.merge(Self.scriptFields(scripts[place])) { $1 }
            resources.append(resource)
        }
        resources += environments(collection.environments, workspace: workspace)
        let root: [String: Any] = ["_type": "export", "__export_format": 4, "__export_source": "ferry", "resources": resources]
        return try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            + Data("\n".utf8)
    }

    private mutating func request(_ request: FlatRequest, place: String) -> [String: Any] {
        var resource: [String: Any] = [
            "_type": "request", "name": request.title, "method": request.method.rawValue, "url": request.url,
            "parameters": request.query.map { ["name": $0.0, "value": $0.1] },
            "headers": request.headers.map { ["name": $0.name, "value": $0.value] },
        ]
        switch request.auth {
        case .basic(let username, let password): resource["authentication"] = ["type": "basic", "username": username, "password": password]
        case .bearer(let token): resource["authentication"] = ["type": "bearer", "token": token]
        case .digest(let username, let password):
            resource["authentication"] = ["type": "digest", "username": username, "password": password]
        case .apiKey(let key):
            resource["authentication"] = [
                "type": "apikey", "key": key.name, "value": key.value, "addTo": key.placement == .header ? "header" : "queryParams",
            ]
        case .awsSigV4(let signature):
            resource["authentication"] = [
                "type": "iam", "accessKeyId": signature.accessKey, "secretAccessKey": signature.secretKey,
                "sessionToken": signature.sessionToken ?? "", "region": signature.region, "service": signature.service,
            ]
        case .oauth2(let settings):
            resource["authentication"] = [
                "type": "oauth2", "grantType": settings.grant.rawValue, "accessTokenUrl": settings.tokenURL,
                "authorizationUrl": settings.authorizationURL, "clientId": settings.clientID, "clientSecret": settings.clientSecret,
                "scope": settings.scope, "audience": settings.audience, "usePkce": settings.grant == .authorizationCode,
                "pkceMethod": "S256", "credentialsInBody": settings.clientAuthentication == .body, "redirectUrl": settings.callbackURL,
            ]
        case nil: resource["authentication"] = [String: Any]()
        }
        if !request.options.followRedirects { resource["settingFollowRedirects"] = "off" }
        if !request.options.tls.verifyPeer { report.dropped(place, "Insomnia sets TLS verification for all requests, not one") }
        let type = request.contentType ?? request.headers.last { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }?.value
        switch request.body {
        case .none:
            resource["body"] = [String: Any]()
        case .text(let text):
            resource["body"] = ["mimeType": type ?? "", "text": text]
        case .bytes(let data):
            report.dropped(place, "a body of \(data.count) bytes that are not text has no place in Insomnia")
            resource["body"] = [String: Any]()
        case .file(let path):
            resource["body"] = ["mimeType": type ?? "application/octet-stream", "fileName": path]
        case .form(let pairs):
            resource["body"] = ["mimeType": "application/x-www-form-urlencoded", "params": pairs.map { ["name": $0.0, "value": $0.1] }]
        case .multipart(let parts):
            resource["body"] = [
                "mimeType": "multipart/form-data",
                "params": parts.map { part -> [String: Any] in
                    if part.contentType != nil || part.fileName != nil {
                        report.dropped(place, "the type and file name of the part \(part.name) have no place in Insomnia")
                    }
                    switch part.value {
                    case .text(let text): return ["name": part.name, "value": text]
                    case .file(let path): return ["name": part.name, "type": "file", "fileName": path]
                    }
                },
            ]
        }
        return resource
    }

    /// A request's or folder's scripts as Insomnia's `preRequestScript` and `afterResponseScript`
    /// (its one script after the response: the post-response script, then the tests).
    private static func scriptFields(_ scripts: RequestScripts?) -> [String: Any] {
        guard let scripts else { return [:] }
        var fields: [String: Any] = [:]
        if let before = scripts.preRequest { fields["preRequestScript"] = before.text }
        let after = [scripts.postResponse, scripts.tests].compactMap { $0?.text }
        if !after.isEmpty { fields["afterResponseScript"] = after.joined(separator: "\n") }
        return fields
    }

    /// A base environment holding nothing, and a sub-environment per environment.
    private func environments(_ environments: [ImportedCollection.Environment], workspace: String) -> [[String: Any]] {
        guard !environments.isEmpty else { return [] }
        var resources: [[String: Any]] = [
            ["_id": "env_base", "_type": "environment", "parentId": workspace, "name": "Base Environment", "data": [String: Any]()]
        ]
        for (index, environment) in environments.enumerated() {
            let data = Dictionary(environment.variables.map { ($0.name, $0.isSecret && !reveal ? "" : $0.value) }) { $1 }
            resources.append([
                "_id": "env_\(index + 1)", "_type": "environment", "parentId": "env_base", "name": environment.name,
                "data": data, "isPrivate": environment.variables.contains(where: \.isSecret),
            ])
        }
        return resources
    }
}
