import FerryCore
import FerryInterop
import Foundation
import Testing

/// An Insomnia 9 export (format 4) from slumber's test data: folders, bodies, auth, environments.
@Suite struct InsomniaImporterTests {
    /// A folder's environment (Insomnia's request group variables) comes in as its requests' own
    /// variables; values made of others (`{{ _.scheme }}://{{ _.host }}`) are filled in when sent.
    @Test func folderVariablesAndValuesMadeOfVariables() throws {
        let text = #"""
            {"_type": "export", "__export_format": 4, "resources": [
              {"_id": "wrk_1", "_type": "workspace", "name": "w"},
              {"_id": "env_1", "_type": "environment", "parentId": "wrk_1", "name": "Base",
               "data": {"scheme": "https", "host": "api.example.com", "root": "{{ _.scheme }}://{{ _.host }}"}},
              {"_id": "fld_1", "_type": "request_group", "parentId": "wrk_1", "name": "Users",
               "environment": {"base": "{{ _.root }}/v2"}},
              {"_id": "req_1", "_type": "request", "parentId": "fld_1", "name": "list", "method": "GET", "url": "{{ _.base }}/users"}
            ]}
            """#
        let imported = try InsomniaImporter().importCollection(text, source: "w.json", directory: "/")
        let request = try #require(imported.requests.first).description
        #expect(request.variables == [Variable(name: "base", value: "{{root}}/v2")])
        let environment = try #require(imported.environments.first)
        #expect(environment.variables.first { $0.name == "root" }?.value == "{{scheme}}://{{host}}")
        let sent = try request.resolved(with: request.ownVariables(over: VariableResolver(environment.variables)), directory: "/").request
        #expect(sent.url.absoluteString == "https://api.example.com/v2/users")
        #expect(imported.report.notes(.approximated).contains { $0.message.hasPrefix("the folder's variables are its requests' own") })
    }

    @Test func workspaceFoldersRequestsAndEnvironmentsComeIn() throws {
        let imported = try Fixture.imported(InsomniaImporter(), "insomnia", "insomnia.json")
        #expect(
            imported.requests.map(\.path).sorted() == [
                "chains/chain-body-part-trigger-expire.ferry.yaml", "chains/chain-body-trigger-no-history.ferry.yaml",
                "chains/chain-header-trigger-never.ferry.yaml", "chains/chain-url-trigger-always.ferry.yaml", "login.ferry.yaml",
                "my-folder/inner-folder/basic-auth.ferry.yaml", "my-folder/inner-folder/bearer-auth.ferry.yaml",
                "my-folder/inner-folder/digest-auth-unsupported.ferry.yaml", "my-folder/inner-folder/no-auth.ferry.yaml",
                "my-folder/with-json-body.ferry.yaml", "my-folder/with-multipart-body.ferry.yaml", "my-folder/with-text-body.ferry.yaml",
            ])
        let login = try #require(imported.request("login.ferry.yaml")).description
        #expect(login.method == .post && login.url == "https://httpbin.org/anything/login")
        #expect(login.body == .form(.object([("username", .string("user")), ("password", .string("pass"))])))
        #expect(
            try #require(imported.request("my-folder/with-json-body.ferry.yaml")).description.body
                == .raw("{\n  \"message\": \"hello!\"\n}", contentType: nil), "its Content-Type header types it")
        #expect(
            try #require(imported.request("my-folder/inner-folder/basic-auth.ferry.yaml")).description.auth
                == .basic(username: "user", password: "pass"))
        #expect(
            try #require(imported.request("my-folder/inner-folder/bearer-auth.ferry.yaml")).description.auth == .bearer(token: "my-token"))
        #expect(imported.report.notes(.dropped).contains { $0.message == "digest authentication is not supported yet" })
        #expect(
            imported.report.notes(.approximated).contains { $0.message.contains("{% response 'header'") }, "chained template tags are named"
        )
        #expect(imported.report.notes(.dropped).contains { $0.message.contains("cookie_jar") })

        #expect(imported.environments.map(\.name) == ["Local", "Remote"])
        let local = try #require(imported.environments.first)
        #expect(local.variables.contains(Variable(name: "base_field", value: "base")), "the base environment's values are in each")
        #expect(local.variables.contains(Variable(name: "host", value: "http://localhost:3000")))
    }

    @Test func nunjucksVariablesBecomeFerrysAndYAMLExportsAreRead() throws {
        let yaml = """
            _type: export
            __export_format: 4
            resources:
              - _id: wrk_1
                _type: workspace
                name: API
              - _id: req_1
                _type: request
                parentId: wrk_1
                name: Me
                method: GET
                url: "{{ _.host }}/me?x=1"
                parameters:
                  - name: y
                    value: "{{ token }}"
                  - name: debug
                    value: "1"
                    disabled: true
                headers:
                  - name: Accept
                    value: application/json
                settingFollowRedirects: "off"
            """
        #expect(ImportFormat.detect(yaml) == .insomnia)
        let imported = try InsomniaImporter().importCollection(yaml, source: "api.yaml", directory: "/")
        let me = try #require(imported.request("me.ferry.yaml")).description
        #expect(me.url == "{{host}}/me")
        #expect(me.params == .object([("x", .string("1")), ("y", .string("{{token}}"))]))
        #expect(me.options.followRedirects == false)
        #expect(me.disabledParams == .object([("debug", .string("1"))]), "a disabled parameter comes in switched off")
        #expect(!imported.report.notes(.dropped).contains { $0.message.contains("debug") })
    }

    @Test func aV5CollectionTreeComesIn() throws {
        let imported = try Fixture.imported(InsomniaImporter(), "insomnia", "security_collection.yaml")
        #expect(
            imported.requests.map(\.path) == [
                "inheritance-test.ferry.yaml", "auth/get-auth-token.ferry.yaml", "test/get-extra-data.ferry.yaml",
                "test/delayed-response.ferry.yaml", "test/delayed-response-with-prompt.ferry.yaml",
                "test/massive-response.ferry.yaml",
            ])
        let inheritance = imported.requests[0].description
        #expect(inheritance.url == "{{base_url}}/test/extra-data")
        #expect(inheritance.auth == .basic(username: "{{inherited_value}}", password: ""))
        #expect(inheritance.description?.hasPrefix("Returns a JSON object") == true, "meta.description")
        #expect(
            try #require(imported.request("test/massive-response.ferry.yaml")).description.params
                == .object([("sizeInKB", .string("40000"))]))
        #expect(imported.folders["auth"]?.description?.hasPrefix("Token issuance.") == true)
        #expect(imported.environments.map(\.name) == ["Shared Child Collection Env", "Empty Env"])
        #expect(imported.environments[1].variables == [Variable(name: "inherited_value", value: "from-collection-env")])
        let notes = imported.report.notes
        #expect(inheritance.scripts.postResponse?.text.hasPrefix("insomnia.test('Status is 200'") == true, "scripts are kept")
        #expect(!notes.contains { $0.message.contains("script") }, "\(notes)")
        #expect(imported.folders["test"]?.scripts.first?.preRequest?.text.contains("insomnia.sendRequest") == true, "a folder's scripts")
        #expect(notes.contains { $0.kind == .dropped && $0.message.contains("folder's variables (inherited_value)") })
        #expect(notes.contains { $0.kind == .approximated && $0.message.contains("{% prompt") })
        #expect(ImportFormat.detect(try Fixture.text("insomnia", "security_collection.yaml")) == .insomnia)
    }

    @Test func malformedExportsAreProblemsAtTheirPlace() {
        for (text, place) in [
            (#"{"_type": "export", "__export_format": 3, "resources": []}"#, "/__export_format"),
            (#"{"_type": "export", "__export_format": 4, "resources": [{"_type": "request", "url": {}}]}"#, "/resources/0/url"),
            ("_type: export\n__export_format: 4\nresources: [\n", "line "),
        ] {
            do {
                _ = try InsomniaImporter().importCollection(text, source: "bad.json", directory: "/")
                Issue.record("expected a problem at \(place)")
            } catch {
                #expect(error.place?.hasPrefix(place) == true, "\(error)")
            }
        }
    }
}
