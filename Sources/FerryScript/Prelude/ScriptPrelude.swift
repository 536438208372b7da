/// Ferry's own JavaScript, evaluated in each script's context before the script: the APIs scripts
/// were written against (Postman's `pm`, Bruno's `bru`/`req`/`res`, Chai's `expect`, `console`,
/// `atob`/`btoa`) over one state that Ferry fills in (`__ferry.begin`) and reads back (`__ferry.finish`).
/// No JavaScript is vendored.
enum ScriptPrelude {
    static let source = [core, require, exchange, expect, schema, postman, bruno].joined(separator: "\n")
}
