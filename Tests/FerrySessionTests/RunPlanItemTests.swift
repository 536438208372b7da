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
}
