import FerryCore
import FerryStore
import Foundation

/// A plan's request files read in run order on a thread of their own, while the run goes: the run
/// asks for its Nth request and waits only for the files up to it, so the first request goes out
/// once its own file is read instead of after the whole collection (issue 27). Files that cannot be
/// read are kept with their place in the order and reported when the run reaches it.
final class RunPlanReader: @unchecked Sendable {
    /// One file to read: its path below the root, its folder's defaults, and whether it is a request
    /// of the run (one that `--filter` leaves out is still read, for its problems).
    struct File: Sendable {
        var path: String
        var defaults: FolderDefaults
        var kept: Bool
    }

    /// How many files are requests of the run (`File.kept`).
    let fileCount: Int
    private let condition = NSCondition()
    private var items: [RunPlan.Item] = []
    /// Files that could not be read, each with the number of requests read before it.
    private var problems: [(place: Int, problem: ConfigProblem)]
    /// How many of `problems` were reported.
    private var reported = 0
    private var finished = false

    /// Starts reading `files` (in run order) below `root`; `problems` (the folders' defaults that
    /// could not be read) come before every request.
    init(files: [File], root: String, problems: [ConfigProblem]) {
        self.problems = problems.map { (0, $0) }
        fileCount = files.count(where: \.kept)
        guard !files.isEmpty else {
            finished = true
            return
        }
        let thread = Thread { [self] in read(files, root: root) }
        thread.name = "ferry plan reader"
        thread.start()
    }

    private func read(_ files: [File], root: String) {
        var loaded = false
        for file in files {
            let absolute = (root as NSString).appendingPathComponent(file.path)
            let outcome = Result { () throws(ConfigProblem) in try RequestDescription(contentsOf: absolute, collection: root) }
            // The item made here (its templates, its scripts' functions), not on the curl thread, and
            // outside the lock that thread waits on.
            var item: RunPlan.Item?
            if file.kept, case .success(let description) = outcome {
                description.prepareTemplates()
                item = RunPlan.Item(path: file.path, description: description, defaults: file.defaults)
            }
            condition.withLock {
                if let item {
                    items.append(item)
                } else if case .failure(let problem) = outcome {
                    problems.append((items.count, problem))
                }
                condition.broadcast()
            }
            // The first scripted request's engine: JavaScriptCore loaded here, while the run's thread
            // takes that request (its first script would otherwise load it there).
            if !loaded, let scripts = item?.scripts, !scripts.isEmpty {
                loaded = true
                scripts.loadEngine()
            }
        }
        condition.withLock {
            finished = true
            condition.broadcast()
        }
    }

    /// The request at `index` in run order once its file is read (nil past the last); the problems
    /// of the files before it not reported yet go to `report` first, in run order.
    func item(at index: Int, reporting report: (ConfigProblem) -> Void) -> RunPlan.Item? {
        let (item, due) = condition.withLock {
            while items.count <= index, !finished { condition.wait() }
            let item = index < items.count ? items[index] : nil
            let end = problems[reported...].firstIndex { $0.place > index } ?? problems.endIndex
            defer { reported = end }
            return (item, problems[reported..<end].map(\.problem))
        }
        due.forEach(report)
        return item
    }

    /// Every request, once every file is read.
    var allItems: [RunPlan.Item] {
        condition.withLock {
            waitForAll(); return items
        }
    }

    /// Every file that could not be read, in run order, once every file is read.
    var allProblems: [ConfigProblem] {
        condition.withLock {
            waitForAll(); return problems.map(\.problem)
        }
    }

    /// Gives `report` the files that could not be read and were not reported yet, in run order, once
    /// every file is read.
    func reportRemainingProblems(to report: (ConfigProblem) -> Void) {
        let due = condition.withLock {
            waitForAll()
            defer { reported = problems.count }
            return problems[reported...].map(\.problem)
        }
        due.forEach(report)
    }

    private func waitForAll() {
        while !finished { condition.wait() }
    }
}
