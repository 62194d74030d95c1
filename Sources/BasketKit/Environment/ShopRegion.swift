/// Whose shops the household buys in: the pack sizes a recipe's amounts round up to
/// (`FoodPacks`) differ between US and UK supermarkets.
public enum ShopRegion: String, Equatable, Hashable, Sendable, Codable, CaseIterable {
  case us, uk

  /// The region a setting names: "us" or "uk" (any case; "gb" for "uk"); nil for anything else.
  public init?(setting: String) {
    switch setting.lowercased() {
    case "us", "usa": self = .us
    case "uk", "gb": self = .uk
    default: return nil
    }
  }

  /// The region a POSIX locale implies ("en_GB.UTF-8" → uk, "en_IE" → uk); nil when it says
  /// nothing either way ("C", "POSIX", a language alone), so the default stands.
  public init?(locale: String) {
    let territory = locale.split(separator: ".").first?.split(separator: "_").dropFirst().first
    guard let territory = territory.map({ String($0.prefix(2)).uppercased() }) else { return nil }
    switch territory {
    case "GB", "IE": self = .uk
    case "US": self = .us
    default: return nil
    }
  }
}
