/// Why Basket isn't sure it read a saved page's recipe right, with the page's own text beside
/// it, so the review can show both instead of passing a guess off as the page's recipe.
public struct RecipeDoubt: Equatable, Hashable, Sendable, Codable {
  /// What made the reading doubtful, in words for the household: "The page has no recipe
  /// markup and no heading names its method."
  public var reason: String
  /// The page's text the ingredients and method were read from, line by line as the page
  /// shows it (at most `pageTextLimit` lines).
  public var pageText: [String]

  public static let pageTextLimit = 80

  public init(reason: String, pageText: [String]) {
    self.reason = reason
    self.pageText = Array(pageText.prefix(Self.pageTextLimit))
  }
}

/// Which copy of an ingredient list a household reads when a page gives two (metric and US
/// cups): `BASKET_UNITS`, else the locale's measurement system.
public enum MeasurementSystem: String, Equatable, Sendable, CaseIterable {
  case metric
  case us
}
