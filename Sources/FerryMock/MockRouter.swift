import FerryCore

/// Finds the route of a request: the most specific template that fits its path, then its method.
public struct MockRouter: Sendable {
    /// Tried in this order: more specific templates first, else as given.
    public let routes: [MockRoute]
    /// Routes left out because an earlier one has the same method and template.
    public let duplicates: [(kept: MockRoute, dropped: MockRoute)]

    public init(routes given: [MockRoute]) {
        var kept: [MockRoute] = []
        var duplicates: [(kept: MockRoute, dropped: MockRoute)] = []
        for route in given {
            if let first = kept.first(where: { $0.method == route.method && $0.template == route.template }) {
                duplicates.append((first, route))
            } else {
                kept.append(route)
            }
        }
        // A stable sort: insertion by specificity keeps the given order among equals.
        var ordered: [MockRoute] = []
        for route in kept {
            let index = ordered.firstIndex { route.template.isMoreSpecific(than: $0.template) } ?? ordered.endIndex
            ordered.insert(route, at: index)
        }
        routes = ordered
        self.duplicates = duplicates
    }

    /// What a request finds.
    public enum Match: Sendable {
        case route(MockRoute, parameters: [(name: String, value: String)])
        /// The path fits templates whose methods are these, not the request's.
        case otherMethods([String])
        case none
    }

    /// The routes' base paths (their documents' `servers`), longest first.
    public var basePaths: [[String]] {
        var all: [[String]] = []
        for route in routes { for base in route.basePaths where !all.contains(base) { all.append(base) } }
        return all.sorted { $0.count > $1.count }
    }

    /// `request` as the routes read it: under a base path of a route it fits there, its path
    /// without that base (`/api/v3/pets` is `/pets`); otherwise as sent.
    public func routed(_ request: MockRequest) -> MockRequest {
        for base in basePaths where request.segments.starts(with: base) {
            var inner = request
            inner.segments = Array(request.segments.dropFirst(base.count))
            let fits = routes.contains { $0.basePaths.contains(base) && $0.template.match(inner.segments) != nil }
            if fits, !routes.contains(where: { $0.template.match(request.segments) != nil }) { return inner }
        }
        return request
    }

    public func match(_ request: MockRequest) -> Match {
        var methods: [String] = []
        for route in routes {
            guard let parameters = route.template.match(request.segments) else { continue }
            if route.method == request.method { return .route(route, parameters: parameters) }
            if !methods.contains(route.method) { methods.append(route.method) }
        }
        return methods.isEmpty ? .none : .otherMethods(methods)
    }

    /// The routes nearest a request no route fits, nearest first (a differing method counts one).
    public func closest(to request: MockRequest, limit: Int = 3) -> [MockRoute] {
        let scored = routes.map { route in
            (route, route.template.distance(to: request.segments) + (route.method == request.method ? 0 : 1))
        }
        return scored.enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }.prefix(limit).map(\.element.0)
    }

    /// The 404 or 405 for a request no route answers.
    public func unmatched(_ request: MockRequest, methods: [String]) -> MockProblem {
        if !methods.isEmpty {
            var problem = MockProblem(
                status: 405, title: "Method not allowed",
                detail: "\(request.method) \(request.path) is not mocked; the path takes \(methods.joined(separator: ", "))")
            problem.headers = [("Allow", methods.joined(separator: ", "))]
            return problem
        }
        let closest = closest(to: request)
        let names = closest.map(\.name)
        return MockProblem(
            status: 404, title: "No route",
            detail: "no mocked route fits \(request.method) \(request.path)"
                + (names.isEmpty ? "" : "; closest: " + names.joined(separator: ", ")),
            extra: [("closest", .array(names.map(Parameters.string)))])
    }
}
