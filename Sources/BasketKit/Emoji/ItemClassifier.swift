/// Which stage of the emoji cascade chose an item's emoji.
public enum EmojiStage: String, Sendable, Codable, CaseIterable {
  case curated
  case semantic
  case `default`
}

/// What the classifier knows about an item name.
public struct Classification: Equatable, Sendable {
  public var emoji: String
  public var stage: EmojiStage
  /// nil when the item is not recognised well enough to say.
  public var measure: MeasureKind?
  /// The curated category (such as "dairy" or "produce"), when known.
  public var category: String?

  public init(
    emoji: String, stage: EmojiStage, measure: MeasureKind? = nil, category: String? = nil
  ) {
    self.emoji = emoji
    self.stage = stage
    self.measure = measure
    self.category = category
  }

  /// The basket that stands for "nothing fits".
  public static let fallback = Classification(emoji: "🧺", stage: .default)
}

/// Gives an item name its emoji and measure kind. Implementations are pure and thread-safe.
public protocol ItemClassifier: Sendable {
  func classify(_ name: String) -> Classification
}
