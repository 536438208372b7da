import FerryCore
import FerryTUI

/// The prepared requests `ferry demo` opens the TUI with (F2/F3 step through them).
enum DemoExamples {
    static func requests(base: String) -> [NamedRequest] {
        [
            NamedRequest(title: "a JSON document", method: .get, url: base + "/json", headers: [HeaderRow(name: "Accept", value: "application/json")]),
            NamedRequest(title: "echo a POSTed JSON body", method: .post, url: base + "/anything?source=ferry",
                         headers: [HeaderRow(name: "Content-Type", value: "application/json"), HeaderRow(name: "X-Disabled", value: "not sent", enabled: false)],
                         body: "{\n  \"name\": \"Ferry\",\n  \"tags\": [\"tui\", \"http\"]\n}"),
            NamedRequest(title: "JSON wanted, 404 answered (see Errors)", method: .get, url: base + "/status/404",
                         headers: [HeaderRow(name: "Accept", value: "application/json")]),
            NamedRequest(title: "three redirects (see Headers and Timeline)", method: .get, url: base + "/redirect/3"),
            NamedRequest(title: "a slow response: Esc cancels", method: .get, url: base + "/delay/10"),
            NamedRequest(title: "a 5 MiB download with progress", method: .get, url: base + "/bytes/5242880?seed=7"),
            NamedRequest(title: "escape sequences shown, never run", method: .get, url: base + "/misbehave/escapes"),
            NamedRequest(title: "a gzip body, decoded", method: .get, url: base + "/gzip"),
        ]
    }
}
