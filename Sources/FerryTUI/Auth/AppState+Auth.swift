import FerryCore

/// The Auth tab's keys: move between the rows, Enter edits a text field or moves a choice (the
/// type, a placement, the grant) on, Space moves a choice on; for OAuth 2.0 `t` gets a new token
/// and `T` renews it with the refresh token, the status line saying what happened.
extension AppState {
    /// Handles an action in the Auth tab; nil when `action` is not one here.
    mutating func performAuth(_ action: Action) -> [Effect]? {
        guard focus == .request, requestTab == .auth, editor.lineEdit == nil else { return nil }
        let fields = AuthField.fields(of: editor.auth)
        editor.authSelection = min(editor.authSelection, fields.count - 1)
        let field = fields[editor.authSelection]
        switch action {
        case .up, .down, .pageUp, .pageDown, .top, .bottom:
            editor.authSelection = max(
                0, min(fields.count - 1, editor.authSelection.addingClamped(Self.delta(of: action, page: fields.count))))
        case .edit where field.isChoice, .toggleRow where field.isChoice:
            field.cycle(&editor.auth)
        case .edit:
            editor.lineEdit = LineEdit(target: .auth(field), text: field.value(in: editor.auth))
        case .getToken, .refreshToken:
            return tokenEffects(refresh: action == .refreshToken)
        default:
            return nil
        }
        return []
    }

    /// The effect that gets a token for the editor's OAuth 2.0 settings, its variables filled in.
    private mutating func tokenEffects(refresh: Bool) -> [Effect] {
        guard case .oauth2? = editor.auth else {
            notice = "tokens are for OAuth 2.0: choose it as the Type first"
            return []
        }
        do {
            let resolved = try makeRequest().request
            guard case .oauth2(let settings)? = resolved.authentication else { return [] }
            notice = (refresh ? "renewing the OAuth 2.0 token at " : "getting an OAuth 2.0 token from ") + settings.tokenURL + "…"
            return [.fetchOAuth2Token(settings, options: resolved.options, environment: collection.environment, refresh: refresh)]
        } catch {
            notice = "✗ " + ErrorChain(error).line
            return []
        }
    }
}
