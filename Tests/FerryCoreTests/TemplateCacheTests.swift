import Foundation
import Testing

@testable import FerryCore

@Suite struct TemplateCacheTests {
    static func resolver(_ values: [String: String]) -> VariableResolver {
        VariableResolver(values.map { Variable(name: $0.key, value: $0.value) })
    }

    /// A request file's texts are split once: resolving it again with other values (a `--repeat`, a
    /// data row) takes them from its cache, and a text whose placeholders nest is still filled in
    /// from the inside every time.
    @Test func aRequestFileSplitsItsTextsOnce() throws {
        var description = RequestDescription(url: "{{base}}/users/{{id}}")
        description.headers = [.init(name: "X-{{key}}", value: "{{host.{{region}}}}"), .init(name: "Accept", value: "text/plain")]
        #expect(description.templates.count == 0)
        description.prepareTemplates()
        #expect(description.templates.count == 3)  // the URL and the header's name and value; no text without `{{`
        let first = try description.resolved(
            with: Self.resolver(["base": "http://a", "id": "1", "key": "K", "region": "eu", "host.eu": "h1"]), directory: "/")
        let second = try description.resolved(
            with: Self.resolver(["base": "http://b", "id": "2", "key": "L", "region": "us", "host.us": "h2"]), directory: "/")
        #expect(first.request.url.absoluteString == "http://a/users/1")
        #expect(second.request.url.absoluteString == "http://b/users/2")
        #expect(first.request.headers["X-K"] == "h1")
        #expect(second.request.headers["X-L"] == "h2")
        #expect(description.templates.count == 3)  // nothing split again
    }

    /// A text is split when first rendered and kept; the cache is not part of the description's value.
    @Test func aTextIsSplitWhenFirstRenderedAndTheCacheIsNotPartOfTheValue() throws {
        var description = RequestDescription(url: "{{base}}/get")
        _ = try description.resolved(with: Self.resolver(["base": "http://a"]), directory: "/")
        #expect(description.templates.count == 1)
        let copy = description
        description.url = "{{base}}/other"
        _ = try description.resolved(with: Self.resolver(["base": "http://a"]), directory: "/")
        #expect(description.templates.count == 2)  // shared with the copy, by text
        #expect(copy != description)
        #expect(RequestDescription(url: "{{base}}/get") == copy)
    }
}
