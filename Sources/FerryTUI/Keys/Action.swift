/// Everything a key can do. The raw value is the name used in keymap.yaml and the help.
public enum Action: String, Hashable, Sendable, CaseIterable {
    // Global
    case send, cancel, quit, help, nextPane, previousPane, suspend, nextExample, previousExample
    case focusMethod, focusURL, focusRequest, focusResponse
    // Browsing panes
    case nextTab, previousTab, up, down, pageUp, pageDown, top, bottom
    case edit, toggleRow, addRow, deleteRow, nextMethod, previousMethod, toggleWrap, openEditor
    // The response tree
    case expandNode, collapseNode
    // Editing text
    case cursorLeft, cursorRight, wordLeft, wordRight, lineStart, lineEnd
    case deleteBackward, deleteForward, deleteWordBackward, deleteToStart, newline, commit
    // Response views
    case expandAll, expandLevel, collapseLevel, collapseAll, search, nextMatch, previousMatch, jump, togglePretty
    // Request tabs, palette, mouse
    case addChildRow, indentRow, outdentRow, cycleArrayStyle, toggleKeyOrder, cycleParamPlacement, prettyPrint, palette, chooseBodyFile
    case moveRowUp, moveRowDown, showBodyHex, complete, zoom, importFile
    // Copying
    case copyValue, copyPath, copyBody, copyAsCurl, copyAsHTTPie, saveResponse
    case assertNode, captureNode
    // GraphQL bodies
    case toggleGraphQL, editVariables, fetchGraphQLSchema, editOperationName, toggleGraphQLGET
    // Streams and WebSockets
    case toggleStreaming, composeMessage
    // Collection, environments
    case toggleSidebar, save, nextEnvironment, rename, duplicate, history, widenSidebar, narrowSidebar, showLastRecorded
    // Cookies
    case cookies, clearCookies
    // OAuth 2.0 (the Auth tab)
    case getToken, refreshToken
    // Load and mock
    case loadTest, mockServer, toggleMock, pointAtMock

    /// One line for the help overlay.
    public var summary: String {
        switch self {
        case .send: "send the request"
        case .cancel: "cancel the request in flight, close help, stop editing"
        case .quit: "quit Ferry"
        case .help: "show or hide this help"
        case .nextPane: "focus the next pane"
        case .previousPane: "focus the previous pane"
        case .suspend: "suspend Ferry (resume with fg)"
        case .nextExample: "load the next prepared request (ferry demo)"
        case .previousExample: "load the previous prepared request"
        case .focusMethod: "focus the method selector"
        case .focusURL: "focus the URL"
        case .focusRequest: "focus the request tabs"
        case .focusResponse: "focus the response tabs"
        case .expandNode: "show the selected node's children"
        case .collapseNode: "hide the selected node's children, or go to its parent"
        case .nextTab: "next tab in the focused pane"
        case .previousTab: "previous tab in the focused pane"
        case .up: "move up / scroll up"
        case .down: "move down / scroll down"
        case .pageUp: "scroll a page up"
        case .pageDown: "scroll a page down"
        case .top: "go to the top"
        case .bottom: "go to the bottom"
        case .edit: "edit the selected row, the body, or an option"
        case .toggleRow: "enable/disable the row (header, parameter, part), toggle an option"
        case .addRow: "add a row (header, parameter, part)"
        case .deleteRow: "delete the selected row (header, parameter, part) or script"
        case .nextMethod: "next method"
        case .previousMethod: "previous method"
        case .toggleWrap: "wrap long lines in Raw"
        case .openEditor: "edit the body, or the selected script, in $EDITOR"
        case .cursorLeft: "cursor left"
        case .cursorRight: "cursor right"
        case .wordLeft: "word left"
        case .wordRight: "word right"
        case .lineStart: "start of line"
        case .lineEnd: "end of line"
        case .deleteBackward: "delete before the cursor"
        case .deleteForward: "delete at the cursor"
        case .deleteWordBackward: "delete the word before the cursor"
        case .deleteToStart: "delete to the start of the line"
        case .newline: "new line in the body"
        case .commit: "finish editing (Esc discards a row edit)"
        case .expandAll: "show every node below the selected one"
        case .expandLevel: "show one more level below the selected node"
        case .collapseLevel: "hide the deepest shown level below the selected node"
        case .collapseAll: "hide everything but the top-level nodes"
        case .search: "search the Tree (keys, values) or Hex (text, hex bytes)"
        case .nextMatch: "next search match"
        case .previousMatch: "previous search match"
        case .jump: "jump to a path (Tree; with * it filters the Tree to the matches) or a byte offset (Hex)"
        case .togglePretty: "Raw: pretty-printed or as received"
        case .addChildRow: "add a parameter nested under the selected one"
        case .indentRow: "nest the parameter under the one above"
        case .outdentRow: "move the parameter out of its parent"
        case .cycleArrayStyle: "next array style for parameters (brackets, repeat, indices, comma)"
        case .toggleKeyOrder: "keep parameter keys in order / sort them"
        case .cycleParamPlacement: "put parameters by method, in the URL query, or in a form body"
        case .prettyPrint: "pretty-print the JSON body"
        case .chooseBodyFile: "stream a file from disk as the body (an empty path returns to the text)"
        case .palette: "open the command palette"
        case .moveRowUp: "move the multipart part up"
        case .moveRowDown: "move the multipart part down"
        case .showBodyHex: "show the exact multipart body as a hex dump"
        case .copyValue: "copy the value: the Tree node's, the header row's, or the top line of a response tab"
        case .copyPath: "copy the selected Tree node's path ($.items[0].id)"
        case .copyBody: "copy the whole response body (its first MiB)"
        case .copyAsCurl: "copy the request as a curl command (through the terminal, and shown)"
        case .copyAsHTTPie: "copy the request as an HTTPie command (through the terminal, and shown)"
        case .saveResponse: "save the response body to a file that ferry view opens (you name it)"
        case .assertNode: "add the selected node's value as an assertion to the Expect tab"
        case .captureNode: "add a capture of the selected node to the Expect tab"
        case .zoom: "show the focused pane (request or response) on the whole screen, or both again"
        case .importFile: "import a file (curl commands, Postman, HAR, OpenAPI) into the collection"
        case .complete: "complete a header name, a GraphQL field, a gRPC method (URL) or message field with the first offered"
        case .toggleGraphQL: "make the body a GraphQL query with variables (or text again)"
        case .editVariables: "edit the GraphQL variables (JSON), beside the query"
        case .fetchGraphQLSchema: "fetch the GraphQL endpoint's schema by introspection (shown in the response, cached, used to complete)"
        case .editOperationName: "edit the GraphQL operation name (the operation of the query to run)"
        case .toggleGraphQLGET: "send the GraphQL query as a GET (in the URL) or as a JSON POST"
        case .toggleStreaming: "show every response as a stream of lines in the Events tab as it arrives (as --stream), or only streams"
        case .composeMessage: "WebSocket: write a message (text; JSON checked first; @path sends a file as binary)"
        case .toggleSidebar: "focus / hide / show the collection sidebar"
        case .save: "save the request to its file (asks for a path for a new one)"
        case .nextEnvironment: "next environment of the collection (or none)"
        case .rename: "rename the selected file (sidebar)"
        case .duplicate: "copy the selected file (sidebar)"
        case .history: "open the history: search, show, replay, diff"
        case .showLastRecorded: "show the open file's last response from the history (recorded, not sent now)"
        case .widenSidebar: "widen the collection sidebar (remembered for the next session)"
        case .narrowSidebar: "narrow the collection sidebar (remembered for the next session)"
        case .cookies: "show the cookie jar (of the collection and environment)"
        case .clearCookies: "remove every cookie of the jar of the collection and environment"
        case .getToken: "Auth tab, OAuth 2.0: get a new token (the browser opens for an authorization code)"
        case .refreshToken: "Auth tab, OAuth 2.0: renew the token with its refresh token"
        case .loadTest: "Load test…: send the request many times at once and watch latencies and rate (as ferry load)"
        case .mockServer: "Mock server…: serve the collection's examples and its openapi: document on a port, or show it"
        case .toggleMock: "Mock view: stop the mock server, or start it again"
        case .pointAtMock: "Mock view: point the request's URL (its scheme, host and port) at the mock"
        }
    }
}
