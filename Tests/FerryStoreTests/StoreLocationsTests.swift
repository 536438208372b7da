import FerryStore
import Testing

@Suite struct StoreLocationsTests {
    @Test func xdgVariablesWinOverHome() {
        let locations = StoreLocations(environment: ["HOME": "/home/ann", "XDG_CONFIG_HOME": "/cfg", "XDG_DATA_HOME": "/data"])
        #expect(locations.configDirectory == "/cfg/ferry")
        #expect(locations.dataDirectory == "/data/ferry")
    }

    @Test func homeIsTheFallbackAndRelativeXDGPathsAreIgnored() {
        let locations = StoreLocations(environment: ["HOME": "/home/ann", "XDG_CONFIG_HOME": "relative", "XDG_DATA_HOME": ""])
        #expect(locations.configDirectory == "/home/ann/.config/ferry")
        #expect(locations.dataDirectory == "/home/ann/.local/share/ferry")
    }
}
