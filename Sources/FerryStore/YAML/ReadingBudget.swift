/// How many more values one file's reading may produce; shared by the copies of its `YAMLFile`.
final class ReadingBudget {
    let limit: Int
    private var spent = 0

    init(values limit: Int) { self.limit = limit }

    /// Counts one value; false once the limit is passed.
    func spend() -> Bool {
        spent += 1
        return spent <= limit
    }
}
