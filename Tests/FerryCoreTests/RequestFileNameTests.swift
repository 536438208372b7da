import FerryCore
import Testing

/// File names made from titles: stable, safe, unique within a folder.
@Suite struct RequestFileNameTests {
    @Test func titlesBecomeSlugsAndCollisionsAreNumbered() {
        #expect(RequestFileName.slug("GET api.example.com/v1/users?page=2") == "get-api-example-com-v1-users-page-2")
        #expect(RequestFileName.slug("Créer un élément") == "créer-un-élément")
        #expect(RequestFileName.slug("../../etc/passwd") == "etc-passwd", "no path can escape the collection")
        #expect(RequestFileName.slug("!!!") == "request")
        let taken: Set = ["pets/list.ferry.yaml", "pets/list-2.ferry.yaml"]
        #expect(RequestFileName.path(for: "List", in: "pets", avoiding: taken) == "pets/list-3.ferry.yaml")
        #expect(RequestFileName.folder(["Pet Store", "Admin / Users"]) == "pet-store/admin-users")
    }
}
