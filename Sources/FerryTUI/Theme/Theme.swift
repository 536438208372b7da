/// A named set of styles, one per role the widgets draw with.
public struct Theme: Hashable, Sendable {
    /// What a style is used for; the raw value is the key in a theme's YAML file.
    public enum Role: String, Hashable, Sendable, CaseIterable {
        case base, muted, accent, border, borderFocused, tabActive, tabInactive, selection, disabled
        case method, success, redirect, clientError, serverError, error, progress
        case footerKey, footerText, overlay, timelineBar
    }

    public var name: String
    public var styles: [Role: Style]

    public init(name: String, styles: [Role: Style]) {
        self.name = name
        self.styles = styles
    }

    /// The style for `role`; roles a theme leaves out look like `base`.
    public subscript(role: Role) -> Style {
        styles[role] ?? styles[.base] ?? .plain
    }

    /// Attributes only, no colours: used when no theme file can be read, and for `NO_COLOR`.
    public static let fallback = Theme(
        name: "fallback",
        styles: [
            .base: .plain, .muted: Style(dim: true), .accent: Style(bold: true), .border: .plain, .borderFocused: Style(bold: true),
            .tabActive: Style(reverse: true), .tabInactive: .plain, .selection: Style(reverse: true), .disabled: Style(dim: true),
            .method: Style(bold: true), .success: Style(bold: true), .redirect: Style(bold: true),
            .clientError: Style(bold: true, underline: true),
            .serverError: Style(bold: true, underline: true), .error: Style(bold: true), .progress: Style(reverse: true),
            .footerKey: Style(bold: true), .footerText: .plain, .overlay: .plain, .timelineBar: Style(reverse: true),
        ])
}
