import FerryCore
import Foundation

/// `--stateful`: the resources an OpenAPI document's paths imply (`/pets` and `/pets/{id}`) kept in
/// memory. POST to the collection creates (an `id` assigned), GET lists or reads, PUT replaces,
/// PATCH merges, DELETE removes; an unknown id is a 404.
public final class ResourceStore: @unchecked Sendable {
    /// A collection path and the item path below it.
    struct Resource {
        var collection: PathTemplate
        var item: PathTemplate
        /// True when the item's `id` is a string in the document's schemas (an integer otherwise).
        var stringIDs: Bool
    }

    private let resources: [Resource]
    private let lock = NSLock()
    private var items: [String: [(id: String, value: Parameters)]] = [:]
    private var lastID: [String: Int] = [:]

    /// The resources among `routes`: each template whose last segment is a parameter and whose
    /// parent is a route too.
    public init(routes: [MockRoute]) {
        var resources: [Resource] = []
        let templates = routes.map(\.template)
        for template in templates {
            guard case .parameter? = template.segments.last, template.segments.count > 1 else { continue }
            let parent = PathTemplate(segments: Array(template.segments.dropLast()))
            guard templates.contains(parent), !resources.contains(where: { $0.item == template }) else { continue }
            let stringIDs = Self.idIsString(at: template, in: routes)
            resources.append(Resource(collection: parent, item: template, stringIDs: stringIDs))
        }
        self.resources = resources
    }

    /// The resource collections, for the start-up listing (`/pets`).
    public var collections: [String] { resources.map(\.collection.description) }

    /// The answer to `request` when it is about a stored resource; nil leaves it to the routes.
    func respond(to request: MockRequest, route: MockRoute) -> MockReply? {
        for resource in resources {
            if resource.collection.match(request.segments) != nil {
                return collection(resource, request: request, route: route)
            }
            if resource.item.match(request.segments) != nil, let id = request.segments.last {
                return item(resource, id: id, request: request, route: route)
            }
        }
        return nil
    }

    private func collection(_ resource: Resource, request: MockRequest, route: MockRoute) -> MockReply? {
        let key = resource.collection.description
        switch request.method {
        case "GET":
            let all = lock.withLock { items[key, default: []].map(\.value) }
            return Self.json(.array(all), status: 200)
        case "POST":
            guard case .object(var members) = Self.body(of: request) else { return Self.notAnObject() }
            let id = lock.withLock { () -> String in
                lastID[key, default: 0] += 1
                return String(lastID[key]!)
            }
            members.removeAll { $0.key == "id" }
            members.insert(("id", resource.stringIDs ? .string(id) : .number(id)), at: 0)
            lock.withLock { items[key, default: []].append((id, .object(members))) }
            var reply = Self.json(
                .object(members), status: route.responses.contains { $0.status == 201 } ? 201 : route.defaultStatus ?? 201)
            reply.headers.append(("Location", request.path + "/" + id))
            return reply
        default:
            return nil
        }
    }

    private func item(_ resource: Resource, id: String, request: MockRequest, route: MockRoute) -> MockReply? {
        let key = resource.collection.description
        guard ["GET", "PUT", "PATCH", "DELETE"].contains(request.method) else { return nil }
        let body = Self.body(of: request)
        return lock.withLock { () -> MockReply in
            guard let index = items[key, default: []].firstIndex(where: { $0.id == id }) else {
                return MockProblem(status: 404, title: "Not found", detail: "\(resource.collection) has no item \(id)").reply
            }
            let stored = items[key]![index].value
            switch request.method {
            case "GET":
                return Self.json(stored, status: 200)
            case "DELETE":
                items[key]!.remove(at: index)
                return MockReply(
                    status: route.responses.contains { $0.status == 204 } || route.responses.isEmpty ? 204 : route.defaultStatus ?? 204,
                    headers: [], body: [])
            default:
                guard case .object(var members) = body else { return Self.notAnObject() }
                if request.method == "PATCH", case .object(var merged) = stored {
                    for member in members {
                        if let at = merged.firstIndex(where: { $0.key == member.key }) {
                            merged[at].value = member.value
                        } else {
                            merged.append(member)
                        }
                    }
                    members = merged
                }
                let storedID = stored.member("id") ?? .string(id)
                members.removeAll { $0.key == "id" }
                members.insert(("id", storedID), at: 0)
                items[key]![index].value = .object(members)
                return Self.json(.object(members), status: 200)
            }
        }
    }

    private static func body(of request: MockRequest) -> Parameters? {
        guard let document = try? JSONParser.parse(Data(request.body)) else { return nil }
        return try? Parameters(document: document)
    }

    private static func notAnObject() -> MockReply {
        MockProblem(status: 400, title: "Not a JSON object", detail: "a stored resource is written as a JSON object").reply
    }

    private static func json(_ value: Parameters, status: Int) -> MockReply {
        let body = (try? JSONRequestSerializer().serialize(value)) ?? Data()
        return MockReply(status: status, headers: [("Content-Type", "application/json")], body: Array(body))
    }

    /// True when the item's generated GET answer (made from its schema) has a string `id`.
    private static func idIsString(at template: PathTemplate, in routes: [MockRoute]) -> Bool {
        let route = routes.first { $0.template == template && $0.method == "GET" }
        guard let body = route?.responses.first(where: { $0.isGenerated && (200..<300).contains($0.status) })?.body,
            let parsed = try? JSONParser.parse(Data(body)), let value = try? Parameters(document: parsed)
        else { return false }
        if case .string? = value.member("id") { return true }
        return false
    }
}
