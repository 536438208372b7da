import FerryCore

/// How a load from the TUI runs, read from its form: connections, a duration or a count, and a
/// rate for the open model (as `ferry load -c -z -n -r`); and what it sends: the editor's request,
/// or every request file of the collection or of a folder of it, weighted (`ferry load DIR --weight`).
public struct LoadSettings: Hashable, Sendable {
    public var connections: Int
    public var duration: Double?
    public var requests: Int?
    public var rate: Double?
    /// nil: the editor's request; "": the whole collection; else a folder below its root.
    public var folder: String?
    /// `file=n`, as `--weight` takes them.
    public var weights: [String] = []

    public init(
        connections: Int, duration: Double? = nil, requests: Int? = nil, rate: Double? = nil, folder: String? = nil, weights: [String] = []
    ) {
        self.connections = connections
        self.duration = duration
        self.requests = requests
        self.rate = rate
        self.folder = folder
        self.weights = weights
    }

    /// The settings the load form holds, or why they cannot be had (the field named).
    public static func read(_ form: InputForm) -> Result<LoadSettings, Problem> {
        guard let connections = Int(form.value("Connections")), connections > 0 else {
            return .failure(Problem("Connections: a whole number, 1 or more"))
        }
        var settings = LoadSettings(connections: connections)
        let duration = form.value("Duration"), requests = form.value("Requests"), rate = form.value("Rate")
        if !duration.isEmpty {
            guard let seconds = DurationText.seconds(duration) else {
                return .failure(Problem("Duration: a time such as 10s, 500ms or 2m"))
            }
            settings.duration = seconds
        }
        if !requests.isEmpty {
            guard let count = Int(requests), count > 0 else { return .failure(Problem("Requests: a whole number, 1 or more")) }
            settings.requests = count
        }
        if !rate.isEmpty {
            guard let perSecond = Double(rate), perSecond > 0, perSecond.isFinite else {
                return .failure(Problem("Rate: requests per second, more than 0"))
            }
            settings.rate = perSecond
        }
        guard settings.duration != nil || settings.requests != nil else {
            return .failure(Problem("give a Duration or a count of Requests"))
        }
        let target = form.value("Target")
        if !target.isEmpty {
            let folder = target.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
            guard !target.hasPrefix("/"), !folder.split(separator: "/").contains("..") else {
                return .failure(Problem("Target: a folder of the collection (. for all of it)"))
            }
            settings.folder = folder
        }
        settings.weights = form.value("Weights").split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        do {
            _ = try LoadWeights(settings.weights)
        } catch {
            return .failure(Problem("Weights: file=n with n 1 or more, e.g. orders/create.ferry.yaml=3"))
        }
        guard settings.weights.isEmpty || settings.folder != nil else {
            return .failure(Problem("Weights: they share a collection's requests; give a Target folder (. for all)"))
        }
        return .success(settings)
    }

    /// `-c 10 -z 10s`, as `ferry load` would be given them.
    public var flags: String {
        var flags = ["-c \(connections)"]
        if let duration { flags.append("-z \(LoadPane.number(duration))s") }
        if let requests { flags.append("-n \(requests)") }
        if let rate { flags.append("-r \(LoadPane.number(rate))") }
        flags += weights.map { "--weight \($0)" }
        return flags.joined(separator: " ")
    }

    /// A value of the form that cannot be read, in words.
    public struct Problem: Error, Hashable, Sendable {
        public var message: String
        init(_ message: String) { self.message = message }
    }
}
