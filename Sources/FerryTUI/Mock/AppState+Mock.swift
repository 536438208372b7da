import FerryCore

extension AppState {
    /// F8: the running mock's view, or the form that starts one on the open collection.
    mutating func openMock() {
        guard viewerTitle == nil else { return }
        if mock?.isRunning == true {
            mock?.isShown = true
        } else {
            overlays.form = .mock(mock?.settings ?? MockSettings(port: 4010))
        }
    }

    /// Enter in the mock form: the server starts on the port given, in the modes asked for.
    mutating func startMock(_ form: InputForm) -> [Effect] {
        let settings: MockSettings
        switch MockSettings.read(form) {
        case .success(let read): settings = read
        case .failure(let problem):
            overlays.form?.problem = problem.message
            return []
        }
        overlays.form = nil
        mock = MockPane(settings: settings)
        return [.startMock(settings)]
    }

    /// Keys while the Mock view is shown: the movement keys select a route, Enter shows its last
    /// request, `s` stops or starts the server, `u` points the editor's URL at it, Esc closes the
    /// view (the server goes on).
    mutating func handleMock(_ action: Action?, page: Int) -> [Effect] {
        guard let pane = mock else { return [] }
        switch action {
        case let movement? where movement.rowStep != nil:
            mock?.selection = max(0, min(pane.routes.count - 1, pane.selection + movement.delta(page: page)))
        case .edit?:
            guard pane.routes.indices.contains(pane.selection), let hit = pane.routes[pane.selection].last else {
                notice = "nothing has reached this route yet"
                return []
            }
            overlays.sheet = hit.sheet
        case .toggleMock?:
            if pane.isRunning { return [.stopMock] }
            mock = MockPane(settings: pane.settings)
            return [.startMock(pane.settings)]
        case .pointAtMock?:
            guard let base = pane.baseURL else {
                notice = "the mock is not running (s starts it)"
                return []
            }
            editor.url = TextField(pane.pointed(editor.url.text, at: base))
            notice = "the URL points at the mock: \(editor.url.text) (Esc, then Ctrl-R sends)"
        case .cancel?, .quit?, .mockServer?:
            mock?.isShown = false
        case .help?, .suspend?, .loadTest?:
            mock?.isShown = action == .help
            return perform(action!, in: .global)
        default:
            break
        }
        return []
    }

    /// The server listens: its routes (`GET /pets/{id}` and where each comes from) and what reading the collection warned of.
    mutating func mockStarted(baseURL: String, routes: [MockRouteRow], warnings: [String]) {
        guard mock != nil else { return }
        mock?.phase = .running(baseURL: baseURL)
        mock?.routes = routes
        mock?.warnings = warnings
        notice = "mock server on \(baseURL): \(routes.count) routes (u points the URL at it)"
    }
}
