import FerryStore
import FerryTestSupport
import Foundation
import GRDB
import Testing

/// Issue 31: local faults said in words that name their cause — a request file that is a FIFO or a
/// link to a device (exit 4, never opened), a history another program holds or that cannot be
/// opened (the exchange's own exit code kept, one line saying it was not recorded and why).
@Suite struct LocalFaultWordsTests {
    @Test func aRequestFileThatIsAFIFOIsNamedAndNeverOpened() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("x.ferry.yaml")
        #expect(mkfifo(path, 0o600) == 0)
        let outcome = await FerryBinary.run(["send", path, "--no-history"], timeout: 30)
        #expect(outcome.status == 4, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("\(path) is not a regular file (a FIFO)"), "\(outcome.stderr)")
    }

    @Test func aRequestFileThatLinksToADeviceIsNamed() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("zero.ferry.yaml")
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        let outcome = await FerryBinary.run(["send", path, "--no-history"], timeout: 30)
        #expect(outcome.status == 4, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("\(path) is not a regular file (a link to a character device)"), "\(outcome.stderr)")
    }

    /// Another process holds the history's write lock (`BEGIN EXCLUSIVE`): the send succeeds, and
    /// says that its exchange was not recorded and why.
    @Test func aHistoryAnotherProgramHoldsIsNamedAndTheSendStillSucceeds() async throws {
        let data = try TemporaryDirectory()
        let environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": data.path]) { $1 }
        let database = data.file("ferry/history.sqlite")
        try await withDemoServer { server in
            let first = await FerryBinary.run(["send", "\(server.baseURL)/get"], environment: environment)
            #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
            var configuration = Configuration()
            configuration.allowsUnsafeTransactions = true  // the lock is held between two accesses
            let holder = try DatabaseQueue(path: database, configuration: configuration)
            try await holder.writeWithoutTransaction { try $0.execute(sql: "BEGIN EXCLUSIVE TRANSACTION") }
            let held = await FerryBinary.run(["send", "\(server.baseURL)/get"], environment: environment)
            try await holder.writeWithoutTransaction { try $0.execute(sql: "COMMIT") }
            #expect(held.status == 0, "\(held.stderr)")
            #expect(
                held.stderr == "ferry: the exchange was not recorded in the history: another program holds its database (\(database))\n")
            #expect(try HistoryStore(path: database).count() == 1)
        }
    }

    /// A data folder that cannot hold the history (here a file where its folder should be, as the
    /// tests run as root, whom permissions do not stop).
    @Test func aHistoryFolderThatCannotBeUsedIsNamed() async throws {
        let data = try TemporaryDirectory()
        let folder = try data.write("ferry", Data())
        let environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": data.path]) { $1 }
        try await withDemoServer { server in
            let sent = await FerryBinary.run(["send", "\(server.baseURL)/get"], environment: environment)
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(
                sent.stderr == "ferry: the exchange was not recorded in the history: \(folder) is not a folder (\(folder)/history.sqlite)\n"
            )
        }
    }
}
