/// Request files the tests write into their collections, for the demo server's endpoints.
public enum DemoRequestFiles {
    /// An OAuth 2.0 (client credentials) request to the demo's protected resource, with the demo's client.
    public static let oauth2Resource = """
        url: "{{baseURL}}/oauth/resource"
        auth:
          oauth2:
            grant-type: client_credentials
            access-token-url: "{{baseURL}}/oauth/token"
            client-id: ferry-demo
            client-secret: demo-secret
            scope: demo
        """
}
