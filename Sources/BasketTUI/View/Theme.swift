import BasketKit

/// The Pastel Dots look as terminal styles: cream cards on a soft green dotted backdrop,
/// tomato, butter and leaf accents. In monochrome every colour is dropped and attributes
/// (bold, dim, reverse, strikethrough) carry the meaning alone.
struct Theme: Sendable {
  let colorMode: ColorMode

  init(_ colorMode: ColorMode) {
    self.colorMode = colorMode
  }

  var isMonochrome: Bool { colorMode == .monochrome }

  enum Palette {
    static let backdrop = Color.rgb(212, 235, 198)
    static let dot = Color.rgb(178, 214, 160)
    static let cream = Color.rgb(255, 249, 232)
    static let creamSelected = Color.rgb(255, 237, 184)
    static let creamDim = Color.rgb(236, 236, 222)
    static let paper = Color.rgb(255, 254, 248)
    static let ink = Color.rgb(74, 60, 46)
    static let inkSoft = Color.rgb(130, 118, 102)
    static let inkFaint = Color.rgb(168, 160, 146)
    static let tomato = Color.rgb(230, 92, 72)
    static let butter = Color.rgb(246, 196, 64)
    static let leaf = Color.rgb(96, 158, 78)
    static let leafDeep = Color.rgb(56, 112, 58)
    static let flash = Color.rgb(255, 212, 112)
    static let chip = Color.rgb(232, 243, 216)
    static let toast = Color.rgb(255, 226, 140)
  }

  private func style(
    _ foreground: Color, _ background: Color, _ attributes: Attributes = [],
    mono: Attributes = []
  ) -> Style {
    isMonochrome
      ? Style(attributes: mono)
      : Style(foreground: foreground, background: background, attributes: attributes)
  }

  var backdrop: Style { style(Palette.dot, Palette.backdrop) }
  /// The dot drawn on the backdrop, or nil in monochrome (plain blank space there).
  var backdropDot: String? { isMonochrome ? nil : "⋅" }
  var sectionLabel: Style { style(Palette.leafDeep, Palette.backdrop, .bold, mono: .bold) }
  var sectionCount: Style { style(Palette.inkSoft, Palette.backdrop) }
  var pointer: Style { style(Palette.tomato, Palette.backdrop, .bold, mono: .bold) }

  var card: Style { style(Palette.ink, Palette.cream) }
  var cardSelected: Style { style(Palette.ink, Palette.creamSelected, .bold, mono: .reverse) }
  var gotIt: Style {
    style(Palette.inkFaint, Palette.creamDim, .strikethrough, mono: [.dim, .strikethrough])
  }
  var gotItSelected: Style {
    style(Palette.inkSoft, Palette.creamSelected, .strikethrough, mono: [.reverse, .strikethrough])
  }
  var tick: Style { style(Palette.leaf, Palette.cream, .bold, mono: .bold) }
  var quantityChip: Style { style(Palette.leafDeep, Palette.chip) }
  var quantityChipDim: Style { style(Palette.inkFaint, Palette.creamDim) }
  var flashBackground: Color { Palette.flash }
  var sparkColors: [Color] { [Palette.tomato, Palette.butter, Palette.leaf] }
  var emptyLine: Style { style(Palette.inkSoft, Palette.cream, .italic, mono: .italic) }

  var header: Style { style(Palette.ink, Palette.backdrop, .bold, mono: [.bold, .reverse]) }
  func header(_ tint: DayMood.Tint) -> Style {
    style(Palette.ink, Self.tint(tint), .bold, mono: [.bold, .reverse])
  }
  func headerSoft(_ tint: DayMood.Tint) -> Style {
    style(Palette.inkSoft, Self.tint(tint), mono: .reverse)
  }

  static func tint(_ tint: DayMood.Tint) -> Color {
    switch tint {
    case .morning: .rgb(255, 228, 150)
    case .afternoon: .rgb(186, 226, 156)
    case .evening: .rgb(252, 190, 150)
    case .night: .rgb(196, 196, 236)
    }
  }

  var chip: Style { style(Palette.ink, Palette.chip) }
  var chipPicked: Style { style(Palette.cream, Palette.tomato, .bold, mono: [.reverse, .bold]) }
  var chipLabel: Style { style(Palette.leafDeep, Palette.backdrop, .italic, mono: .italic) }

  var addBar: Style { style(Palette.ink, Palette.paper) }
  var addBarIdle: Style { style(Palette.inkFaint, Palette.paper, mono: .dim) }
  var addBarPlus: Style { style(Palette.leaf, Palette.paper, .bold, mono: .bold) }
  var caret: Style { style(Palette.paper, Palette.tomato, mono: .reverse) }

  var hint: Style { style(Palette.leafDeep, Palette.backdrop, mono: .dim) }
  var hintKey: Style { style(Palette.ink, Palette.backdrop, .bold, mono: .bold) }

  var toast: Style { style(Palette.ink, Palette.toast, mono: .reverse) }
  var toastKey: Style { style(Palette.tomato, Palette.toast, .bold, mono: [.reverse, .bold]) }

  /// Framed panels (help, quantity editor): white paper over the cream rows.
  var panel: Style { style(Palette.ink, Palette.paper) }
  var panelBorder: Style { style(Palette.leafDeep, Palette.paper, .bold) }
  var panelTitle: Style { style(Palette.tomato, Palette.paper, .bold, mono: .bold) }
  var panelKey: Style { style(Palette.leafDeep, Palette.paper, .bold, mono: .bold) }
  var panelText: Style { style(Palette.ink, Palette.paper) }
  var panelSoft: Style { style(Palette.inkSoft, Palette.paper, .italic, mono: .italic) }
  var panelField: Style { style(Palette.ink, Palette.creamSelected, mono: .underline) }
  var pill: Style { style(Palette.ink, Palette.chip) }
  var pillPicked: Style { style(Palette.cream, Palette.tomato, .bold, mono: [.reverse, .bold]) }
  var field: Style { style(Palette.ink, Palette.paper, mono: .underline) }
  var celebrate: Style { style(Palette.tomato, Palette.cream, .bold, mono: .bold) }
  var flourishTitle: Style { style(Palette.leafDeep, Palette.backdrop, .bold, mono: .bold) }
}
