import FerryCore

extension AppState {
    /// F7: the load form for the editor's request (or, while a load runs, its view again).
    mutating func openLoadForm() {
        guard viewerTitle == nil, load?.isRunning != true else { return }
        load = nil
        overlays.form = .load
    }

    /// Enter in the load form: the editor's request, resolved as a send would be — or, with a
    /// Target, the collection's request files, which the runtime resolves — goes to the runtime
    /// with the form's settings; the Load view shows it. A value that cannot be read, or a request
    /// that cannot be made, stays in the form as its problem.
    mutating func startLoad(_ form: InputForm) -> [Effect] {
        let settings: LoadSettings
        switch LoadSettings.read(form) {
        case .success(let read): settings = read
        case .failure(let problem):
            overlays.form?.problem = problem.message
            return []
        }
        if let folder = settings.folder {
            guard collection.sidebar != nil else {
                overlays.form?.problem = "Target: there is no collection open (ferry DIR opens one)"
                return []
            }
            let id = nextRequestID
            nextRequestID += 1
            overlays.form = nil
            load = LoadPane(
                id: id, target: "the request files of " + (folder.isEmpty ? "the collection" : folder + "/"), settings: settings)
            let variables = collection.variables + collection.chained + collection.captured
            return [
                .startCollectionLoad(
                    id: id, CollectionLoad(variables: variables, connection: collection.connection, environment: collection.environment),
                    settings)
            ]
        }
        do {
            let resolved = try makeRequest()
            guard !resolved.request.isWebSocket else {
                overlays.form?.problem = "a load sends HTTP requests; this one opens a WebSocket"
                return []
            }
            let variables = collection.variables + collection.chained + collection.captured
            let outgoing = OutgoingRequest(
                resolved: resolved, expectations: editor.expectations, checks: editor.renderedChecks(with: variables),
                requestPath: collection.openRequest?.path, environment: collection.environment)
            let id = nextRequestID
            nextRequestID += 1
            let target = resolved.redaction.redact("\(resolved.request.method.rawValue) \(resolved.request.url.absoluteString)")
            overlays.form = nil
            load = LoadPane(id: id, target: target, settings: settings)
            return [.startLoad(id: id, outgoing, settings)]
        } catch {
            overlays.form?.problem = ErrorChain.oneLine(error)
            return []
        }
    }

    /// Keys while the Load view is open: Esc (or Ctrl-C) stops a running load, whose summary then
    /// stays on screen, and closes a finished one; F7 on a finished one opens the form again.
    mutating func handleLoad(_ action: Action?) -> [Effect] {
        guard let pane = load else { return [] }
        switch action {
        case .cancel?, .quit?:
            guard pane.isRunning else {
                load = nil
                return []
            }
            guard pane.phase == .running else { return [] }
            load?.phase = .stopping
            return [.stopLoad(id: pane.id)]
        case .loadTest?:
            openLoadForm()
        case .help?, .suspend?:
            return perform(action!, in: .global)
        default:
            break
        }
        return []
    }

    /// A snapshot, the summary or the failure of load `id`; those of an older load are dropped.
    mutating func loadProgressed(id: Int, _ snapshot: LoadSnapshot) {
        guard load?.id == id else { return }
        load?.progressed(snapshot)
    }

    mutating func loadFinished(id: Int, _ result: LoadResult) {
        guard load?.id == id else { return }
        load?.finished(result)
        notice = result.historyRun.map { "load recorded in the history as run \($0)" }
    }

    mutating func loadFailed(id: Int, _ why: String) {
        guard load?.id == id else { return }
        load?.phase = .failed(why)
    }
}
