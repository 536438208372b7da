import FerryCore
import FerrySession
import Testing

@Suite struct RunPlanItemTests {
    /// An item's fields share one box between copies until one of them changes (a pre-request
    /// script edits its copy's request): the other copies keep theirs.
    @Test func aCopyOfAnItemChangesAlone() {
        var item = RunPlan.Item(path: "a.ferry.yaml", description: RequestDescription(url: "http://h/a"), defaults: FolderDefaults())
        let copy = item
        item.description.url = "http://h/b"
        item.path = "b.ferry.yaml"
        item.defaults.baseURL = "http://base"
        #expect(copy.description.url == "http://h/a" && copy.path == "a.ferry.yaml" && copy.defaults.baseURL == nil)
        #expect(item.description.url == "http://h/b" && item.path == "b.ferry.yaml" && item.defaults.baseURL == "http://base")
        #expect(copy.title == "a" && item.title == "b")
    }

    /// What an item makes once (its scripts as functions, its title) follows its request and folder
    /// defaults when they change, and stays when other fields do (a pre-request script edits the URL).
    @Test func anItemsScriptsAndTitleFollowWhatTheyAreMadeFrom() {
        var description = RequestDescription(url: "http://h/a")
        description.scripts.tests = ScriptSource("pm.test('a', () => {});", file: "a.ferry.yaml")
        var item = RunPlan.Item(path: "a.ferry.yaml", description: description, defaults: FolderDefaults())
        #expect(item.scripts.after.map(\.source.text) == ["pm.test('a', () => {});"] && item.scripts.before.isEmpty)
        let copy = item
        item.description.url = "http://h/b"
        #expect(item.scripts.after.count == 1 && item.title == "a")
        item.description.scripts.tests = ScriptSource("pm.environment.set('x', 1);", file: "a.ferry.yaml")
        item.description.name = "named"
        #expect(item.scripts.after.map(\.source.text) == ["pm.environment.set('x', 1);"] && item.title == "named")
        item.defaults.scripts = [RequestScripts(preRequest: ScriptSource("1;", file: "_folder.ferry.yaml"))]
        #expect(item.scripts.before.map(\.source.text) == ["1;"])
        #expect(copy.scripts.after.map(\.source.text) == ["pm.test('a', () => {});"] && copy.scripts.before.isEmpty && copy.title == "a")
    }
}
