import FerryCore
import FerryInterop
import Testing

/// An Insomnia environment's nested values (`config: {url: …}`, read as `{{ _.config.url }}`) come
/// across as dotted variables, which the request's template names the same way; a list is named.
@Suite struct InsomniaNestedVariablesTests {
    static let export = #"""
        {"_type": "export", "__export_format": 4, "resources": [
          {"_id": "wrk_1", "_type": "workspace", "parentId": null, "name": "Nested"},
          {"_id": "env_1", "_type": "environment", "parentId": "wrk_1", "name": "Base",
           "data": {"config": {"url": "https://api.example.com", "retry": {"count": 3}}, "roles": ["a", "b"], "token": "t"}},
          {"_id": "req_1", "_type": "request", "parentId": "wrk_1", "name": "Get", "method": "GET",
           "url": "{{ _.config.url }}/items?retries={{ _.config.retry.count }}", "headers": []}
        ]}
        """#

    @Test func nestedValuesBecomeDottedVariables() throws {
        let collection = try InsomniaImporter().importCollection(Self.export, source: "nested.json", directory: "/")
        let variables = try #require(collection.environments.first).variables
        #expect(Set(variables.map(\.name)) == ["config.url", "config.retry.count", "token"])
        #expect(variables.first { $0.name == "config.url" }?.value == "https://api.example.com")
        let request = try #require(collection.requests.first).description
        #expect(request.url.hasPrefix("{{config.url}}/items"), "\(request.url)")
        #expect("\(request.params ?? .object([]))".contains("{{config.retry.count}}") || request.url.contains("{{config.retry.count}}"))
        #expect(collection.report.notes.contains { $0.message.contains("roles is not a text value") })
    }
}
