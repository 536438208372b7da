import FerryCore
import FerryInterop
import Foundation
import Testing

/// Postman collections and environments exported by Postman (Fixtures/postman), imported: the
/// important fields of each request, and a note for everything that did not come across.
@Suite struct PostmanImporterTests {
    let importer = PostmanImporter()

    @Test func theEchoCollectionKeepsFoldersAuthDescriptionsAndSavedResponses() throws {
        let imported = try Fixture.imported(importer, "postman", "echo-v2.postman_collection.json")
        #expect(imported.requests.count == 22)
        #expect(imported.environments.isEmpty, "the collection has no variables")

        let basic = try #require(imported.request("auth-others/basic-auth.ferry.yaml")).description
        #expect(basic.method == .get)
        #expect(basic.url == "https://postman-echo.com/basic-auth")
        #expect(basic.auth == .basic(username: "postman", password: "password"))
        #expect(basic.headers == [.init(name: "Authorization", value: "Basic cG9zdG1hbjpwYXNzd29yZA==")])
        #expect(basic.body == .none, "an empty form-data body is no body")
        #expect(basic.description?.hasPrefix("This endpoint simulates a **basic-auth** protected endpoint.") == true)
        #expect(basic.examples.map(\.status) == [401, 200])
        #expect(basic.examples.first?.body == "Unauthorized")
        #expect(basic.examples.first?.headers.first == HTTPHeader(name: "Access-Control-Allow-Credentials", value: ""))

        let get = try #require(imported.request("request-methods/get-request.ferry.yaml")).description
        #expect(get.url == "https://postman-echo.com/get")
        #expect(get.params == .object([("test", .string("123"))]))
        #expect(get.body == .none, "Postman prunes a GET's body")

        let post = try #require(imported.request("request-methods/post-request.ferry.yaml")).description
        #expect(post.method == .post)
        #expect(post.headers == [.init(name: "Content-Type", value: "text/plain")])
        guard case .raw(let text, contentType: nil) = post.body else { Issue.record("expected a raw body, got \(post.body)"); return }
        #expect(text.hasPrefix("Duis posuere augue vel cursus pharetra."))

        let delete = try #require(imported.request("cookies/delete-cookies.ferry.yaml")).description
        #expect(delete.params == .object([("foo1", .string("")), ("foo2", .string(""))]))

        let dropped = imported.report.notes(.dropped)
        #expect(imported.requests.filter { $0.description.auth == .digest(username: "postman", password: "password") }.count == 1)
        #expect(
            imported.report.notes(.approximated).contains {
                $0.place == "item[0].item[1].request.auth" && $0.message.contains("realm, nonce, algorithm given are not used")
            })
        #expect(dropped.contains { $0.place == "item[1].item[1].request.auth" && $0.message.hasPrefix("oauth1 authentication") })
        #expect(
            imported.report.notes(.imported).filter { $0.message.contains("kept as scripts:") }.count == 22,
            "every non-empty script is kept")
        #expect(imported.requests.filter { !$0.description.scripts.isEmpty }.count > 0)
        #expect(dropped.contains { $0.place == "item[4].item[0].request.body" && $0.message.contains("no body with GET") })
    }

    @Test func bodiesOfEveryModeAndTheURLObject() throws {
        let imported = try Fixture.imported(importer, "postman", "complex-v2_1-input.json")
        let form = try #require(imported.request("first-folder/base-url-api-users.ferry.yaml")).description
        #expect(form.url == "{{base_url}}/api/users")
        #expect(
            form.body
                == .multipart([.init(name: "file", value: .file(path: "/home/user/test.txt")), .init(name: "foo", value: .text("bar"))]))
        #expect(
            imported.report.notes(.dropped).contains {
                $0.place == "item[0].item[0].request.body.formdata[2]" && $0.message.contains("baz")
            })

        let urlencoded = try #require(imported.request("first-folder/urlencoded-form-test.ferry.yaml")).description
        #expect(urlencoded.body == .form(.object([("foo", .string("bar"))])))

        let raw = try #require(imported.request("test-request.ferry.yaml")).description
        #expect(raw.body == .raw("hello world!", contentType: nil))
        #expect(try #require(imported.request("test-request-empty-body.ferry.yaml")).description.body == .none)
        #expect(imported.report.notes(.dropped).contains { $0.place == "item[2].request.body" && $0.message.contains("`unknown`") })

        let graphql = try #require(imported.request("test-request-graphql-body.ferry.yaml")).description
        #expect(graphql.url == "{{base_url}}/api", "Postman sends the URL's parts, not its raw text")
        let query = try #require(graphql.graphQL, "expected a GraphQL body, got \(graphql.body)")
        #expect(query.query.hasPrefix("mutation loginUser($username: String!"))
        #expect(query.variables == "{\n    \"password\": \"{{password}}\",\n    \"username\": \"{{username}}\"\n}")
        #expect(!query.usesGET)

        let text =
            #"{"info": {"name": "g"}, "item": [{"name": "q", "request": {"method": "POST", "url": "http://x/graphql", "body": {"mode": "graphql", "graphql": {"query": "{ a }", "variables": "{\"id\": {{id}}}"}}}}]}"#
        let unquoted = try #require(try importer.importCollection(text, source: "g.json", directory: "/").requests.first).description
        #expect(
            unquoted.body == .graphql(GraphQLBody(query: "{ a }", variables: #"{"id": {{id}}}"#)),
            "variables Ferry fills in where a JSON value stands are kept as text")
        let sent = try unquoted.resolved(with: VariableResolver([Variable(name: "id", value: "7")]), directory: "/").request
        guard case .bytes(let json) = sent.body else { Issue.record("expected bytes, got \(sent.body)"); return }
        #expect(String(decoding: json, as: UTF8.self) == #"{"query":"{ a }","variables":{"id":7}}"#)
    }

    @Test func authIsInheritedFromFoldersAndVariablesBecomeAnEnvironment() throws {
        let imported = try Fixture.imported(importer, "postman", "inherited-entities.postman_collection.json")
        #expect(imported.environments.map(\.name) == ["Inherited Entities"], "no info: the name at the top")
        #expect(imported.environments.first?.variables.map(\.name) == ["collection-var", "collectionVariablesURL", "duplicate-var"])
        let inherited = imported.requests.filter { $0.description.auth == .basic(username: "postman", password: "password") }
        #expect(!inherited.isEmpty, "requests without auth take the collection's")
        let digest = imported.requests.filter { $0.description.auth == .digest(username: "postman", password: "password") }
        #expect(
            digest.map(\.source) == ["item[1].item[0]", "item[1].item[1]", "item[2].item[0]"],
            "a folder's digest auth goes to each request that inherits it, a request's own to it")
        #expect(try #require(imported.request("auth-override.ferry.yaml")).description.auth == nil, "noauth stops the inheritance")
        #expect(imported.report.notes(.approximated).contains { $0.place == "info.schema" })
    }

    /// newman's own fixtures: a v2.0 collection whose form fields are `{{$guid}}`, `{{$randomInt}}`
    /// and `{{$timestamp}}` (Ferry built-ins: sent as Postman sends them, nothing to report), and an
    /// environment with a value given twice (the last wins, as newman's test of it expects).
    @Test func dynamicVariablesAreBuiltInsAndADuplicateKeepsItsLastValue() throws {
        let imported = try Fixture.imported(importer, "postman", "dynamic-var-replacement.postman_collection.json")
        let request = try #require(imported.requests.first).description
        let sent = try request.resolved(with: VariableResolver(), directory: "/").request
        guard case .bytes(let body) = sent.body else { Issue.record("expected bytes, got \(sent.body)"); return }
        let fields = Dictionary(
            uniqueKeysWithValues: String(decoding: body, as: UTF8.self).split(separator: "&").map {
                let pair = $0.split(separator: "=", maxSplits: 1).map(String.init)
                return (pair[0], pair[1].removingPercentEncoding ?? pair[1])
            })
        #expect(UUID(uuidString: fields["FriendlyName"] ?? "") != nil, "\(fields)")
        #expect(Int(fields["RandomId"] ?? "").map { (0...1000).contains($0) } == true)
        #expect(Int(fields["TimeCreated"] ?? "") != nil)
        #expect(!imported.report.notes.contains { $0.message.contains("dynamic variable") })

        let environment = try Fixture.imported(importer, "postman", "disabled-and-duplicates.postman_environment.json")
        let variables = try #require(environment.environments.first).variables
        #expect(variables.map(\.name) == ["oneDisabled", "duplicate"])
        #expect(variables.map(\.value) == ["1", "2"])
        #expect(
            environment.report.notes(.approximated).contains { $0.message == "duplicate is set more than once; the last value is kept" })
    }

    /// Postman v2.0 names path variables by `id`; a dynamic variable Ferry has no built-in for is
    /// named in the report; a header row without a name is not sent (Postman sends none).
    @Test func pathVariablesByIDUnknownDynamicVariablesAndNamelessHeaders() throws {
        let text = #"""
            {"info": {"name": "v20", "schema": "https://schema.getpostman.com/json/collection/v2.0.0/collection.json"},
             "item": [{"name": "status", "request": {"method": "GET",
               "url": {"raw": "https://echo.test/status/:code", "host": ["echo", "test"], "path": ["status", ":code"],
                       "variable": [{"id": "code", "value": "201", "type": "string"}]},
               "header": [{"key": "", "value": ""}, {"key": "X-Name", "value": "{{$randomCompanyName}}"}, {"key": "X-Id", "value": "{{$guid}}"}]}}]}
            """#
        let imported = try importer.importCollection(text, source: "v20.json", directory: "/")
        let request = try #require(imported.requests.first).description
        #expect(request.url == "https://echo.test/status/201")
        #expect(request.headers.map(\.name) == ["X-Name", "X-Id"])
        #expect(
            imported.report.notes(.dropped).map(\.message) == [
                "Postman's dynamic variable {{$randomCompanyName}} has no Ferry counterpart: give it a value (--var '$randomCompanyName=…' or an environment)"
            ])
    }

    /// Postman's OAuth 2.0 (the most common auth in public collections) as Ferry's: client
    /// credentials inherited from the collection, the authorization code grant (PKCE added, a
    /// redirect that is not a loopback address named), and a password grant that sends the token
    /// Postman saved. Lists of extra token parameters are not read and do not stop the import.
    @Test func oauth2ComesInAsFerrysOAuth2() throws {
        let text = #"""
            {"info": {"name": "o", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
             "auth": {"type": "oauth2", "oauth2": [
                {"key": "grant_type", "value": "client_credentials", "type": "string"},
                {"key": "accessTokenUrl", "value": "{{baseURL}}/oauth/token", "type": "string"},
                {"key": "clientId", "value": "ferry-demo", "type": "string"}, {"key": "clientSecret", "value": "{{secret}}", "type": "string"},
                {"key": "scope", "value": "demo", "type": "string"}, {"key": "client_authentication", "value": "body", "type": "string"},
                {"key": "tokenRequestParams", "value": [{"key": "resource", "value": "x", "enabled": true}], "type": "any"},
                {"key": "useBrowser", "value": true, "type": "boolean"}]},
             "item": [
               {"name": "inherited", "request": {"method": "GET", "url": "{{baseURL}}/oauth/resource"}},
               {"name": "code", "request": {"method": "GET", "url": "https://graph.test/me", "auth": {"type": "oauth2", "oauth2": [
                  {"key": "grant_type", "value": "authorization_code", "type": "string"},
                  {"key": "authUrl", "value": "https://login.test/authorize", "type": "string"},
                  {"key": "accessTokenUrl", "value": "https://login.test/token", "type": "string"},
                  {"key": "clientId", "value": "app", "type": "string"},
                  {"key": "redirect_uri", "value": "https://oauth.pstmn.io/v1/callback", "type": "string"}]}}},
               {"name": "password", "request": {"method": "GET", "url": "https://x.test/", "auth": {"type": "oauth2", "oauth2": [
                  {"key": "grant_type", "value": "password_credentials", "type": "string"},
                  {"key": "accessToken", "value": "saved-token", "type": "string"}]}}}
             ]}
            """#
        let imported = try importer.importCollection(text, source: "o.json", directory: "/")
        let auths = imported.requests.map(\.description.auth)
        #expect(
            auths[0]
                == .oauth2(
                    OAuth2Settings(
                        grant: .clientCredentials, tokenURL: "{{baseURL}}/oauth/token", clientID: "ferry-demo", clientSecret: "{{secret}}",
                        scope: "demo", clientAuthentication: .body)))
        #expect(
            auths[1]
                == .oauth2(
                    OAuth2Settings(
                        grant: .authorizationCode, tokenURL: "https://login.test/token", authorizationURL: "https://login.test/authorize",
                        clientID: "app")))
        #expect(auths[2] == .bearer(token: "saved-token"))
        let approximated = imported.report.notes(.approximated).map(\.message)
        #expect(approximated.contains("the authorization code grant is run with PKCE (S256), as Ferry always does"))
        #expect(approximated.contains { $0.hasPrefix("the redirect URI https://oauth.pstmn.io/v1/callback is not a loopback address") })
        #expect(approximated.contains { $0.hasPrefix("the password_credentials grant is not run by Ferry") })
    }

    @Test func anAPIKeyBecomesAPIKeyAuth() throws {
        let imported = try Fixture.imported(importer, "postman", "api-key-header-v2_1-input.json")
        let request = try #require(imported.requests.first).description
        #expect(request.auth == .apiKey(APIKey(name: "test", value: "test", placement: .header)))
        #expect(request.headers.isEmpty)
    }

    @Test func awsSignaturesAtEachLevel() throws {
        let text = #"""
            {"info": {"name": "aws", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
             "auth": {"type": "awsv4", "awsv4": [{"key": "accessKey", "value": "{{key}}"}, {"key": "secretKey", "value": "{{secret}}"},
                                                 {"key": "region", "value": "eu-west-1"}, {"key": "service", "value": "s3"}]},
             "item": [
               {"name": "bucket", "request": {"method": "GET", "url": "https://b.s3.amazonaws.com/"}},
               {"name": "lambda", "auth": {"type": "awsv4", "awsv4": {"accessKey": "AK", "secretKey": "SK", "region": "us-east-2", "service": "lambda", "sessionToken": "TOKEN"}},
                "item": [{"name": "invoke", "request": {"method": "POST", "url": "https://lambda.us-east-2.amazonaws.com/f"}}]},
               {"name": "own", "request": {"method": "GET", "url": "https://x.test/", "auth": {"type": "awsv4", "awsv4": [{"key": "accessKey", "value": "A"}, {"key": "secretKey", "value": "S"}]}}}
             ]}
            """#
        let imported = try importer.importCollection(text, source: "aws.json", directory: "/")
        #expect(
            imported.requests.map(\.description.auth) == [
                .awsSigV4(AWSSignature(region: "eu-west-1", service: "s3", accessKey: "{{key}}", secretKey: "{{secret}}")),
                .awsSigV4(AWSSignature(region: "us-east-2", service: "lambda", accessKey: "AK", secretKey: "SK", sessionToken: "TOKEN")),
                .awsSigV4(AWSSignature(region: "us-east-1", service: "execute-api", accessKey: "A", secretKey: "S")),
            ])
        #expect(
            imported.report.notes(.approximated).map(\.place).filter { $0.hasPrefix("item[2]") } == [
                "item[2].request.auth.region", "item[2].request.auth.service",
            ])
    }

    @Test func pathVariablesQueryEntriesAPIKeysInTheQueryAndBehaviour() throws {
        let text = #"""
            {"info": {"name": "x", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
             "auth": {"type": "apikey", "apikey": [{"key": "in", "value": "query"}, {"key": "key", "value": "api_key"}, {"key": "value", "value": "{{key}}"}]},
             "item": [{"name": "pet", "protocolProfileBehavior": {"followRedirects": false, "strictSSL": false, "maxRedirects": 3},
                       "request": {"method": "PUT", "url": {"raw": "https://{{host}}:8443/pets/:id?tag=a&tag=b&old=1#top", "protocol": "https", "host": ["{{host}}"], "port": "8443",
                                   "path": ["pets", ":id"], "query": [{"key": "tag", "value": "a"}, {"key": "tag", "value": "b%20c"}, {"key": "old", "value": "1", "disabled": true}],
                                   "variable": [{"key": "id", "value": "7"}]},
                                   "body": {"mode": "urlencoded", "urlencoded": [{"key": "k", "value": "1"}, {"key": "k", "value": "2"}, {"key": "off", "value": "3", "disabled": true}]}}},
                       {"name": "form", "request": {"method": "POST", "url": "https://h/form",
                                   "body": {"mode": "urlencoded", "urlencoded": [{"key": "a", "value": "1"}, {"key": "off", "value": "2", "disabled": true}]}}}]}
            """#
        let imported = try importer.importCollection(text, source: "x.json", directory: "/")
        let pet = try #require(imported.requests.first).description
        #expect(pet.url == "https://{{host}}:8443/pets/7")
        #expect(pet.params == .object([("tag", .array([.string("a"), .string("b c")]))]))
        #expect(pet.auth == .apiKey(APIKey(name: "api_key", value: "{{key}}", placement: .query)), "the collection's API key, in the query")
        #expect(pet.parameterStyle.arrayStyle == .repeat, "a key given twice is sent twice")
        #expect(pet.body == .form(.object([("k", .array([.string("1"), .string("2")]))])))
        #expect(pet.disabledParams == .object([("old", .string("1"))]), "a disabled query entry comes in switched off")
        #expect(pet.options.followRedirects == false && pet.options.tls.verifyPeer == false)
        let dropped = imported.report.notes(.dropped).map(\.place)
        #expect(
            dropped == ["item[0].request.body", "item[0].protocolProfileBehavior.maxRedirects"],
            "a disabled form field beside disabled query entries has no place")
        let form = try #require(imported.requests.last).description
        #expect(form.body == .form(.object([("a", .string("1"))])))
        #expect(form.disabledParams == .object([("off", .string("2"))]) && form.disabledParamsAreFormFields)
        #expect(imported.report.notes(.approximated).map(\.place).contains("item[0].request.url.variable[0]"))
    }

    @Test func scriptsAreKeptAtTheirLevelAndCollectionVariablesKept() throws {
        let imported = try Fixture.imported(importer, "postman", "scripts-import-v2_1-input.json")
        #expect(
            imported.report.notes(.imported).filter { $0.message.contains("kept as scripts:") }.map(\.place).sorted() == [
                "event[0]", "event[1]", "item[0].event[0]", "item[0].event[1]",
            ])
        let root = try #require(imported.folders[""]?.scripts.first)
        #expect(root.preRequest != nil && root.tests != nil)
        let request = try #require(imported.requests.first).description.scripts
        #expect(request.preRequest != nil && request.tests != nil)
        #expect(imported.environments.first?.variables.count == 2)
    }

    @Test func environmentFilesBecomeEnvironments() throws {
        let basic = try Fixture.imported(importer, "postman", "postman-env-basic-input.json")
        #expect(basic.requests.isEmpty)
        #expect(basic.environments == [.init(name: "Production Env", variables: [Variable(name: "foo", value: "production")])])
        #expect(basic.report.notes(.dropped).map(\.place) == ["values[1]"], "the disabled value is named")

        let newman = try Fixture.imported(importer, "postman", "v2-regression-tests.postman_environment.json")
        #expect(newman.environments.first?.name == "regression-tests")
        #expect(newman.environments.first?.variables.map(\.name) == ["envKey", "envFileUrl", "dataVar2"])

        let secret = try importer.importCollection(
            #"{"name": "prod", "values": [{"key": "token", "value": "s3cret", "type": "secret", "enabled": true}], "_postman_variable_scope": "environment"}"#,
            source: "prod.json", directory: "/")
        #expect(secret.environments.first?.variables == [Variable(name: "token", value: "s3cret", isSecret: true)])
    }

    @Test func collectionsEnvironmentsAndCapturesAreRecognised() throws {
        #expect(ImportFormat.detect(try Fixture.text("postman", "echo-v2.postman_collection.json")) == .postman)
        #expect(ImportFormat.detect(try Fixture.text("postman", "postman-env-basic-input.json")) == .postman)
        #expect(ImportFormat.detect(try Fixture.text("har", "http2-firefox.har")) == .har)
    }

    @Test func truncatedJSONIsAProblemAtItsLineAndColumn() {
        let text = #"{"info": {"name": "x"},\#n "item": [{"name": "a", "request": {"url": "http://x"#
        #expect {
            try importer.importCollection(text, source: "cut.json", directory: "/")
        } throws: { error in
            (error as? ImportProblem)?.place?.hasPrefix("line 2, column ") == true
        }
    }

    @Test(arguments: [
        (
            #"{"info": {"name": "x", "schema": "https://schema.getpostman.com/json/collection/v3.0.0/collection.json"}, "item": []}"#,
            "/info/schema"
        ),
        (#"{"info": {"name": "x"}, "item": [{"name": "a", "request": {"method": "GET", "url": 5}}]}"#, "/item/0/request/url"),
        (
            #"{"info": {"name": "x"}, "item": [{"name": "a", "request": {"method": "GET", "url": "http://x", "header": {"a": 1}}}]}"#,
            "/item/0/request/header"
        ),
        (#"{"info": {"name": "x"}}"#, "/item"),
        (#"{"id": "1", "name": "v1", "order": [], "requests": []}"#, "/"),
    ])
    func malformedCollectionsAreProblemsAtTheirPlace(text: String, place: String) {
        #expect {
            try importer.importCollection(text, source: "bad.json", directory: "/")
        } throws: { error in
            (error as? ImportProblem)?.place == place && (error as? ImportProblem)?.source == "bad.json"
        }
    }
}
