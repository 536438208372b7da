import FerryCore

/// The Auth tab's keys: move between the rows, Enter edits a text field or moves a choice (the
/// type, a placement, the grant) on, Space moves a choice on; for OAuth 2.0 `t` gets a new token
/// and `T` renews it with the refresh token, the status line saying what happened.
extension RequestEditor {
    /// An action in the Auth tab; nil when it is not one here (or a row is being edited).
    mutating func performAuth(_ action: Action, collection: CollectionState, notice: inout String?) -> [Effect]? {
        guard lineEdit == nil else { return nil }
        let fields = AuthField.fields(of: auth)
        authSelection = min(authSelection, fields.count - 1)
        let field = fields[authSelection]
        switch action {
        case .up, .down, .pageUp, .pageDown, .top, .bottom:
            authSelection = max(0, min(fields.count - 1, authSelection.addingClamped(action.delta(page: fields.count))))
        case .edit where field.isChoice, .toggleRow where field.isChoice:
            field.cycle(&auth)
        case .edit:
            lineEdit = LineEdit(target: .auth(field), text: field.value(in: auth))
        case .getToken, .refreshToken:
            return tokenEffects(refresh: action == .refreshToken, collection: collection, notice: &notice)
        default:
            return nil
        }
        return []
    }

    /// The effect that gets a token for the editor's OAuth 2.0 settings, its variables filled in.
    private func tokenEffects(refresh: Bool, collection: CollectionState, notice: inout String?) -> [Effect] {
        guard case .oauth2? = auth else {
            notice = "tokens are for OAuth 2.0: choose it as the Type first"
            return []
        }
        do {
            let resolved = try resolved(in: collection).request
            guard case .oauth2(let settings)? = resolved.authentication else { return [] }
            notice = (refresh ? "renewing the OAuth 2.0 token at " : "getting an OAuth 2.0 token from ") + settings.tokenURL + "…"
            return [.fetchOAuth2Token(settings, options: resolved.options, environment: collection.environment, refresh: refresh)]
        } catch {
            notice = "✗ " + ErrorChain(error).line
            return []
        }
    }
}
