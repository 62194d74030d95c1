/// A colour as the view asks for it. The encoder maps it to what the terminal can show.
public enum Color: Hashable, Sendable {
  /// The terminal's own default colour.
  case none
  case rgb(UInt8, UInt8, UInt8)
}

/// Text attributes a cell can carry.
public struct Attributes: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  public static let bold = Attributes(rawValue: 1 << 0)
  public static let dim = Attributes(rawValue: 1 << 1)
  public static let italic = Attributes(rawValue: 1 << 2)
  public static let underline = Attributes(rawValue: 1 << 3)
  public static let reverse = Attributes(rawValue: 1 << 4)
  public static let strikethrough = Attributes(rawValue: 1 << 5)
}

/// How one cell looks: foreground, background and attributes.
public struct Style: Hashable, Sendable {
  public var foreground: Color
  public var background: Color
  public var attributes: Attributes

  public init(
    foreground: Color = .none, background: Color = .none, attributes: Attributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  public static let plain = Style()

  /// This style with `extra` attributes added.
  public func adding(_ extra: Attributes) -> Style {
    var copy = self
    copy.attributes.formUnion(extra)
    return copy
  }

  public func with(foreground: Color) -> Style {
    var copy = self
    copy.foreground = foreground
    return copy
  }

  public func with(background: Color) -> Style {
    var copy = self
    copy.background = background
    return copy
  }
}
