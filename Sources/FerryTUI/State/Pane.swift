/// The panes focus moves between, in Tab order.
public enum Pane: Int, Hashable, Sendable, CaseIterable {
    case sidebar, method, url, request, response
}

/// The tabs of the request pane.
public enum RequestTab: String, Hashable, Sendable, CaseIterable {
    case params = "Params", headers = "Headers", body = "Body", multipart = "Multipart", options = "Options", expect = "Expect", auth =
        "Auth", scripts = "Scripts"
}

/// The tabs of the response pane.
public enum ResponseTab: String, Hashable, Sendable, CaseIterable {
    case tree = "Tree", raw = "Raw", hex = "Hex", headers = "Headers", errors = "Errors", timeline = "Timeline", events = "Events"
}

extension CaseIterable where Self: Equatable, AllCases == [Self] {
    /// The case `offset` places after this one, wrapping around.
    func cycled(by offset: Int) -> Self {
        let all = Self.allCases
        let index = all.firstIndex(of: self)!
        return all[((index + offset) % all.count + all.count) % all.count]
    }
}
