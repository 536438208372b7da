extension AppState {
    /// Where each part of the screen goes for this state: the request pane sized to its content.
    public var layout: ScreenLayout {
        ScreenLayout(
            width: width, height: height, viewer: viewerTitle != nil,
            sidebarWidth: isSidebarShown ? collection.sidebar!.width(in: width) : 0,
            zoom: isZoomed && (focus == .request || focus == .response) ? focus : nil, requestRows: requestContentRows)
    }

    /// Where overlays go: above the status line and the footer, which stay shown (the footer with the overlay's keys).
    var overlayArea: Rect { Rect(x: 0, y: 0, width: width, height: layout.statusLine.y) }

    /// The rows the request pane's tab needs inside its frame; nil (its full share) while a line or
    /// the body is being edited there, so the editor and the header completions have room.
    var requestContentRows: Int? {
        let editor = self.editor
        if focus == .request && (editor.lineEdit != nil || editor.isEditingBody) { return nil }
        switch requestTab {
        case .headers: return max(1, editor.headers.count) + (editor.inheritedHeadersSent.isEmpty ? 0 : 1)
        case .params: return max(1, editor.params.rows.count) + 1
        case .multipart: return max(1, editor.parts.count) + 1
        case .expect: return max(1, editor.checks.count)
        case .options: return OptionRow.allCases.count
        case .auth: return AuthField.fields(of: editor.auth).count + 1
        case .scripts: return ScriptsView.rows(editor)
        case .body:
            guard editor.graphQL == nil else { return nil }
            // A body's lines and the JSON check's line under them (not parsed here: this runs every frame).
            return (editor.bodyFile != nil ? 1 : 0) + (editor.body.isEmpty ? 1 : editor.body.lines.count + 1)
        }
    }
}
