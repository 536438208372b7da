/// Which tabs an action acts in, so F1 and the footer offer a tab's own keys and not its neighbours'.
extension Action {
    /// The request tabs this action acts in while the request pane has the focus; nil: every tab.
    var requestTabs: Set<RequestTab>? {
        switch self {
        case .addChildRow, .indentRow, .outdentRow, .cycleArrayStyle, .toggleKeyOrder, .cycleParamPlacement: [.params]
        case .moveRowUp, .moveRowDown, .showBodyHex: [.multipart]
        case .prettyPrint, .chooseBodyFile, .toggleGraphQL, .editVariables, .fetchGraphQLSchema, .editOperationName, .toggleGraphQLGET:
            [.body]
        case .openEditor: [.body, .scripts]
        case .getToken, .refreshToken: [.auth]
        case .addRow: [.headers, .params, .multipart, .expect]
        case .deleteRow: [.headers, .params, .multipart, .expect, .scripts]
        case .toggleRow: [.headers, .params, .multipart, .options, .auth]
        case .copyValue: [.headers]
        default: nil
        }
    }

    /// The response tabs this action acts in while the response pane has the focus; nil: every tab.
    var responseTabs: Set<ResponseTab>? {
        switch self {
        case .search, .jump, .nextMatch, .previousMatch: [.tree, .hex]
        case .edit: [.errors]
        case .composeMessage: [.events]
        default: nil
        }
    }
}
