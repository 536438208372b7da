import FerryCore

extension RequestEditor {
    /// A click on the `row`-th visible row of the tab (its list `height` rows high) selects that row.
    mutating func selectRow(_ row: Int, height: Int) {
        switch tab {
        case .headers:
            let first = RequestPaneView.firstVisible(
                selected: headerSelection, count: headers.count, height: height - (inheritedHeadersSent.isEmpty ? 0 : 1))
            if headers.indices.contains(first + row) { headerSelection = first + row }
        case .multipart:
            let first = RequestPaneView.firstVisible(selected: partSelection, count: parts.count, height: height - 1)
            if parts.indices.contains(first + row) { partSelection = first + row }
        case .options:
            let first = RequestPaneView.firstVisible(selected: optionSelection.rawValue, count: OptionRow.allCases.count, height: height)
            if let option = OptionRow(rawValue: first + row) { optionSelection = option }
        case .auth:
            let count = AuthField.fields(of: auth).count
            let first = RequestPaneView.firstVisible(selected: authSelection, count: count, height: height - 1)
            if first + row < count { authSelection = first + row }
        case .params:
            let first = ParamsView.firstVisible(params, height: height)
            if params.rows.indices.contains(first + row) { params.selection = first + row }
        case .scripts:
            if RequestScripts.Phase.allCases.indices.contains(row) { scriptSelection = RequestScripts.Phase.allCases[row] }
        case .body, .expect: break
        }
    }
}
