/// An Emoji release (0.6, 1.0, …, 11.0, 12.0, …, 15.0): the version of the Unicode emoji data
/// that first listed an emoji. Terminals measure and draw only the emoji their tables know.
public struct EmojiVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
  /// The release times ten (Emoji 13.0 is 130), so releases compare as numbers.
  public let tenths: Int

  init(tenths: Int) {
    self.tenths = tenths
  }

  public init(_ major: Int, _ minor: Int = 0) {
    tenths = major * 10 + minor
  }

  public var description: String { "\(tenths / 10).\(tenths % 10)" }

  public static func < (lhs: EmojiVersion, rhs: EmojiVersion) -> Bool {
    lhs.tenths < rhs.tenths
  }

  /// The release in which `scalar` became an emoji drawn as a picture by default
  /// (Emoji_Presentation); nil for anything else, including emoji newer than the tables.
  /// Cost: a binary search over about 280 runs.
  public static func of(_ scalar: Unicode.Scalar) -> EmojiVersion? {
    let value = scalar.value
    let runs = presentationRuns
    var low = 0
    var high = runs.count / 3 - 1
    while low <= high {
      let middle = (low + high) / 2
      if value < runs[middle * 3] {
        high = middle - 1
      } else if value > runs[middle * 3 + 1] {
        low = middle + 1
      } else {
        return EmojiVersion(tenths: Int(runs[middle * 3 + 2]))
      }
    }
    return nil
  }
}
