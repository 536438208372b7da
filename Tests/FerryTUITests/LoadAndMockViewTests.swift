import FerryCore
import FerryTUI
import Foundation
import Testing

/// The Load view (F7) and the Mock view (F8) through `update` alone: their forms, the effects they
/// start, and what a snapshot, a summary or a hit draws.
@Suite struct LoadAndMockViewTests {
    private func editing(_ url: String) -> AppState {
        var state = AppState(width: 100, height: 30)
        state.editor.url = TextField(url)
        return state
    }

    private func screen(_ state: AppState) -> String { Screen.render(state).text }

    // MARK: - Load

    @Test func theFormStartsALoadOfTheEditorsRequestWithTheDefaults() throws {
        var state = editing("http://127.0.0.1:9/json")
        #expect(press(.function(7), in: &state).isEmpty)
        #expect(state.context == .line)
        #expect(screen(state).contains("Connections  10"), "\(screen(state))")
        let effects = press(.enter, in: &state)
        guard case .startLoad(let id, let outgoing, let settings)? = effects.first else {
            Issue.record("no load started: \(effects)")
            return
        }
        #expect(settings == LoadSettings(connections: 10, duration: 10))
        #expect(settings.flags == "-c 10 -z 10s")
        #expect(outgoing.resolved.request.url.absoluteString == "http://127.0.0.1:9/json")
        #expect(state.load?.id == id && state.load?.isRunning == true)
        #expect(state.overlays.form == nil)
    }

    @Test func aValueThatCannotBeReadStaysInTheFormAsItsProblem() {
        var state = editing("http://127.0.0.1:9/json")
        _ = press(.function(7), in: &state)
        // Duration emptied, Requests "x": the count is refused, naming its field.
        _ = press(.down, in: &state)
        _ = press(.control("u"), in: &state)
        _ = press(.down, in: &state)
        _ = type("x", in: &state)
        #expect(press(.enter, in: &state).isEmpty)
        #expect(state.overlays.form?.problem == "Requests: a whole number, 1 or more")
        #expect(screen(state).contains("✗ Requests: a whole number"), "\(screen(state))")
        _ = press(.backspace, in: &state)
        _ = type("200", in: &state)
        guard case .startLoad(_, _, let settings)? = press(.enter, in: &state).first else {
            Issue.record("no load started")
            return
        }
        #expect(settings == LoadSettings(connections: 10, requests: 200))
        #expect(settings.flags == "-c 10 -n 200")
    }

    @Test func weightsNeedATargetFolderAndAFolderNeedsACollection() {
        var state = editing("http://127.0.0.1:9/json")
        _ = press(.function(7), in: &state)
        _ = press(.down, .down, .down, .down, .down, in: &state)
        _ = type("a.ferry.yaml=0", in: &state)
        #expect(press(.enter, in: &state).isEmpty)
        #expect(state.overlays.form?.problem == "Weights: file=n with n 1 or more, e.g. orders/create.ferry.yaml=3")
        _ = press(.backspace, in: &state)
        _ = type("3", in: &state)
        #expect(press(.enter, in: &state).isEmpty)
        #expect(state.overlays.form?.problem == "Weights: they share a collection's requests; give a Target folder (. for all)")
        _ = press(.up, in: &state)
        _ = type("./orders", in: &state)
        #expect(press(.enter, in: &state).isEmpty)
        #expect(state.overlays.form?.problem == "Target: there is no collection open (ferry DIR opens one)")
        if case .success(let settings) = LoadSettings.read(state.overlays.form!) {
            #expect(settings.folder == "orders" && settings.weights == ["a.ferry.yaml=3"])
            #expect(settings.flags == "-c 10 -z 10s --weight a.ferry.yaml=3")
        } else {
            Issue.record("the form does not read")
        }
    }

    @Test func aRequestThatCannotBeMadeIsSaidInTheForm() {
        var state = editing("")
        _ = press(.function(7), in: &state)
        #expect(press(.enter, in: &state).isEmpty)
        #expect(state.overlays.form?.problem != nil)
        #expect(state.load == nil)
    }

    @Test func snapshotsDrawTheRateOverTimeAndTheSummaryItsPercentilesStatusesAndErrors() throws {
        var state = editing("http://127.0.0.1:9/json")
        _ = press(.function(7), .enter, in: &state)
        let id = try #require(state.load?.id)
        _ = state.update(.loadProgressed(id: id, LoadSnapshot(elapsed: 1.2, responses: 400, failures: 1, lastSecond: 400, inFlight: 10)))
        _ = state.update(.loadProgressed(id: id, LoadSnapshot(elapsed: 2.5, responses: 1200, failures: 1, lastSecond: 800, inFlight: 10)))
        _ = state.update(.loadProgressed(id: id + 1, LoadSnapshot(elapsed: 9, responses: 9)))  // another load's: dropped
        #expect(state.load?.rates == [400, 800])
        var lines = try #require(state.load?.lines(width: 60)).map { $0.map(\.text).joined() }
        #expect(lines[1] == "running 2.5 s · 7.5 s left · 1200 answered · 1 failed · 10 in flight · 800/s", "\(lines)")
        #expect(lines[4] == "▅█", "\(lines)")
        #expect(screen(state).contains("Load: Esc stops"))

        // Percentiles, statuses and errors as they come.
        _ = state.update(
            .loadProgressed(
                id: id,
                LoadSnapshot(
                    elapsed: 2.7, responses: 1300, failures: 2, lastSecond: 800, inFlight: 10,
                    latency: [.init("p50", 5), .init("p90", 8), .init("p99", 10), .init("max", 20)], statuses: [.init("200", 1300)],
                    errors: [.init(cause: "timedOut", count: 2, example: "timed out")])))
        lines = try #require(state.load?.lines(width: 60)).map { $0.map(\.text).joined() }
        #expect(lines.contains("Latency  so far, from send to last byte"), "\(lines)")
        #expect(lines.contains("p99      10.00 ms  " + String(repeating: "■", count: 20)), "\(lines)")
        #expect(lines.contains("Statuses 200 ×1300  "), "\(lines)")
        #expect(lines.contains("✗ timedOut ×2: timed out"), "\(lines)")
        #expect(press(.escape, in: &state).map { "\($0)" } == ["stopLoad(id: \(id))"])
        #expect(state.load?.phase == .stopping)
        let result = LoadResult(
            elapsed: 2.6, requests: 1300, responses: 1299, failures: 1, requestsPerSecond: 500,
            latency: [.init("p50", 10), .init("p99", 20), .init("max", 40)], statuses: [.init("200", 1299)],
            errors: [.init(cause: "connectionRefused", count: 1, example: "refused")], perSecond: [400, 800, 100], bytesReceived: 2048,
            unfinished: 10, interrupted: true, abandoned: nil, sampleFailures: [], historyRun: "load-abc",
            histogram: [.init(upTo: 10, count: 1000), .init(upTo: 20, count: 250), .init(upTo: 40, count: 49)])
        _ = state.update(.loadFinished(id: id, result))
        lines = try #require(state.load?.lines(width: 60)).map { $0.map(\.text).joined() }
        #expect(
            lines[1]
                == "stopped after 2.6 s · 1300 requests · 1299 answered · 1 failed · 500 requests/s · 2.0 KiB received · 10 unanswered when stopped",
            "\(lines)")
        #expect(lines.contains("p50      10.00 ms  " + String(repeating: "■", count: 10)), "\(lines)")
        #expect(lines.contains("max      40.00 ms  " + String(repeating: "■", count: 40)), "\(lines)")
        #expect(lines.contains("Statuses 200 ×1299  "), "\(lines)")
        #expect(lines.contains("Histogram  requests by latency"), "\(lines)")
        #expect(lines.contains("   ≤ 10.00 ms  [1000] " + String(repeating: "■", count: 34)), "\(lines)")
        #expect(lines.contains("   ≤ 40.00 ms  [  49] " + String(repeating: "■", count: 2)), "\(lines)")
        #expect(lines.contains("✗ connectionRefused ×1: refused"), "\(lines)")
        #expect(lines.contains("recorded in the history as run load-abc"), "\(lines)")
        #expect(state.notice == "load recorded in the history as run load-abc")
        // The summary stays until Esc closes it.
        #expect(screen(state).contains("Load: Esc closes"))
        _ = press(.escape, in: &state)
        #expect(state.load == nil)
    }

    // MARK: - Mock

    private func mocking() -> AppState {
        var state = editing("{{baseURL}}/pets/1?x=1")
        _ = press(.function(8), in: &state)
        #expect(state.overlays.form?.purpose == .mock)
        _ = press(.control("u"), in: &state)
        _ = type("0", in: &state)
        #expect(press(.enter, in: &state).map { "\($0)" } == ["startMock(--port 0)"])
        _ = state.update(
            .mockStarted(
                baseURL: "http://127.0.0.1:4321",
                routes: [
                    MockRouteRow(name: "GET /pets", source: "pets/list.ferry.yaml"),
                    MockRouteRow(
                        name: "GET /pets/{id}", source: "pets/get.ferry.yaml",
                        replies: [.init(status: 200, name: "rex"), .init(status: 404, name: "missing"), .init(status: 200, name: "")]),
                ],
                warnings: []))
        return state
    }

    @Test func hitsAreCountedOnTheirRouteAndEnterShowsTheLastRequest() {
        var state = mocking()
        #expect(state.context == .mock)
        let time = Date(timeIntervalSince1970: 1_795_000_000)
        _ = state.update(
            .mockHits([
                MockHitRow(
                    time: time, method: "GET", path: "/pets/1", route: "GET /pets/{id}", status: 200,
                    line: "GET /pets/1 → GET /pets/{id} 200",
                    headers: ["Accept: */*"], body: Array("hello".utf8)),
                MockHitRow(time: time, method: "GET", path: "/pets/2", route: "GET /pets/{id}", status: 200, line: "GET /pets/2 → 200"),
                MockHitRow(time: time, method: "GET", path: "/nope", route: nil, status: 404, line: "GET /nope → no route 404"),
            ]))
        #expect(state.mock?.routes.map(\.hits) == [0, 2])
        #expect(state.mock?.unrouted == 1)
        let shown = screen(state)
        #expect(shown.contains("listening on http://127.0.0.1:4321 · 2 routes · 3 hits"), "\(shown)")
        #expect(shown.contains("GET /pets/{id}  2 hits     last: GET /pets/2 200"), "\(shown)")
        #expect(shown.contains("GET /nope → no route 404"), "\(shown)")

        _ = press(.enter, in: &state)
        #expect(state.notice == "nothing has reached this route yet")
        _ = press(.character("j"), .enter, in: &state)
        #expect(state.overlays.sheet?.lines.first?.hasPrefix("GET /pets/2  → 200") == true)
        _ = press(.escape, in: &state)
        // The first hit's headers and body, once it is the last of its route.
        _ = state.update(
            .mockHits([
                MockHitRow(
                    time: time, method: "POST", path: "/pets/3", route: "GET /pets/{id}", status: 201, line: "", headers: ["Accept: */*"],
                    body: Array("hello".utf8))
            ]))
        _ = press(.enter, in: &state)
        #expect(state.overlays.sheet?.lines.suffix(3) == ["Accept: */*", "", "hello"])
    }

    @Test func uPointsTheURLAtTheMockAndEscLeavesItRunning() {
        var state = mocking()
        #expect(press(.character("u"), in: &state).isEmpty)
        #expect(state.editor.url.text == "http://127.0.0.1:4321/pets/1?x=1")
        state.editor.url = TextField("https://api.example.com:8443/v1/pets")
        _ = press(.character("u"), in: &state)
        #expect(state.editor.url.text == "http://127.0.0.1:4321/v1/pets")
        state.editor.url = TextField("")
        _ = press(.character("u"), in: &state)
        #expect(state.editor.url.text == "http://127.0.0.1:4321/pets")

        _ = press(.escape, in: &state)
        #expect(state.mock?.isShown == false && state.mock?.isRunning == true)
        #expect(!screen(state).contains("listening on"))
        // F8 shows the running mock again (no form); s stops it.
        _ = press(.function(8), in: &state)
        #expect(state.overlays.form == nil && state.mock?.isShown == true)
        #expect(press(.character("s"), in: &state).map { "\($0)" } == ["stopMock"])
        _ = state.update(.mockStopped)
        #expect(screen(state).contains("stopped"))
        #expect(press(.character("s"), in: &state).map { "\($0)" } == ["startMock(--port 0)"])
    }

    @Test func theFormStartsTheMockInFerryMocksModes() {
        var state = editing("")
        _ = press(.function(8), in: &state)
        _ = press(.down, in: &state)
        _ = type("maybe", in: &state)
        #expect(press(.enter, in: &state).isEmpty)
        #expect(state.overlays.form?.problem == "Stateful: y or n")
        _ = press(.control("u"), in: &state)
        _ = type("y", in: &state)
        _ = press(.down, in: &state)
        _ = type("yes", in: &state)
        _ = press(.down, in: &state)
        _ = type("load-abc", in: &state)
        _ = press(.down, .down, in: &state)
        _ = type("y", in: &state)
        #expect(press(.enter, in: &state).isEmpty)
        #expect(state.overlays.form?.problem == "Examples: saves what Record forwards; give a Record URL")
        _ = press(.up, in: &state)
        _ = type("http://h/v1", in: &state)
        #expect(
            press(.enter, in: &state).map { "\($0)" } == [
                "startMock(--port 4010 --stateful --validate --from-history --run load-abc --record http://h/v1 --into-examples)"
            ])
        _ = state.update(.mockStarted(baseURL: "http://127.0.0.1:4010", routes: [], warnings: []))
        #expect(
            screen(state).contains(
                "stateful · validating · history of load-abc · recording → http://h/v1 · saving examples"),
            "\(screen(state))")
        // Stopped and opened again, the form keeps the modes.
        _ = press(.character("s"), in: &state)
        _ = state.update(.mockStopped)
        _ = press(.escape, .function(8), in: &state)
        #expect(state.overlays.form?.value("History") == "load-abc" && state.overlays.form?.value("Stateful") == "y")
    }

    @Test func theSelectedRouteShowsItsRepliesAndWhichOneTheLastHitGot() {
        var state = mocking()
        _ = press(.character("j"), in: &state)
        let time = Date(timeIntervalSince1970: 1_795_000_000)
        _ = state.update(
            .mockHits([
                MockHitRow(
                    time: time, method: "GET", path: "/pets/1", route: "GET /pets/{id}", answer: "example missing", status: 404,
                    line: "GET /pets/1 → GET /pets/{id} (example missing) 404")
            ]))
        let shown = screen(state)
        #expect(shown.contains("replies:  200 rex ▸404 missing  200 generated"), "\(shown)")
        #expect(shown.contains("last: GET /pets/1 404 (example missing)"), "\(shown)")
    }

    @Test func aMockThatCannotStartSaysWhy() {
        var state = mocking()
        _ = state.update(.mockFailed("127.0.0.1:4010 is in use (another program listens there); choose another --port"))
        #expect(state.notice?.hasPrefix("✗ mock: 127.0.0.1:4010 is in use") == true)
        #expect(state.mock?.isRunning == false)
    }
}
