/// Where a trip stop's link goes: the product's own page, or a search at a retailer. A search
/// is always labelled as one: Basket knows nothing of price, stock or a cart there.
public struct ShoppingLink: Equatable, Hashable, Sendable, Codable {
  public enum Kind: String, Equatable, Hashable, Sendable, Codable {
    case productPage = "product-page"
    case search
  }

  public var kind: Kind
  public var address: String
  /// What a face shows on the link: "Product page: Oat drink" or
  /// "Search Walmart for “oat milk” (a search, not a product page)".
  public var label: String

  public init(kind: Kind, address: String, label: String) {
    self.kind = kind
    self.address = address
    self.label = label
  }
}

/// Retailers and the search addresses built from their templates.
public enum RetailerRules {
  /// Where the searched words go in a template.
  public static let placeholder = "{query}"
  public static let maxTemplateLength = 1000

  /// Walmart's and Target's public search pages.
  public static let builtIn: [Retailer] = [
    Retailer(name: "Walmart", template: "https://www.walmart.com/search?q={query}", builtIn: true),
    Retailer(
      name: "Target", template: "https://www.target.com/s?searchTerm={query}", builtIn: true),
  ]

  /// Checks a search address template: an http or https address with a host and
  /// `placeholder` exactly once, after the host.
  public static func template(_ raw: String) throws(ProductError) -> String {
    let text = String(raw.trimmingCharacters())
    guard text.count <= maxTemplateLength else {
      throw .badTemplate("is longer than \(maxTemplateLength) characters")
    }
    let pieces = text.split(separator: placeholder, omittingEmptySubsequences: false)
    guard pieces.count == 2 else {
      throw .badTemplate(
        pieces.count < 2
          ? "needs \(placeholder) where the item's name goes, such as https://shop.example/search?q=\(placeholder)"
          : "has \(placeholder) more than once")
    }
    let sample = text.replacing(placeholder, with: "x")
    do {
      _ = try ProductRules.page(sample)
    } catch {
      if case .badPage(let why) = error { throw .badTemplate(why) }
      throw error
    }
    guard let hostEnd = sample.firstRange(of: "://")?.upperBound,
      let placeholderStart = text.firstRange(of: placeholder)?.lowerBound,
      let slash = sample[hostEnd...].firstIndex(where: { "/?#".contains($0) }),
      sample.distance(from: sample.startIndex, to: slash)
        <= text.distance(from: text.startIndex, to: placeholderStart)
    else { throw .badTemplate("must put \(placeholder) after the host, in the path or query") }
    return text
  }

  /// The retailer `reference` names: the same folded name, else the only one it begins.
  public static func find(_ reference: String, in retailers: [Retailer]) throws(ProductError)
    -> Retailer
  {
    let key = NameKey.of(reference)
    if let exact = retailers.first(where: { NameKey.of($0.name) == key }) { return exact }
    let folded = reference.lowercased()
    let starting = retailers.filter { !folded.isEmpty && $0.name.lowercased().hasPrefix(folded) }
    guard let only = starting.first else {
      throw .unknownRetailer(reference, known: retailers.map(\.name))
    }
    guard starting.count == 1 else { throw .ambiguous(reference, candidates: starting.map(\.name)) }
    return only
  }

  /// Adds a retailer the household uses, with its search address template.
  public static func add(
    _ rawName: String, template rawTemplate: String, to catalogue: inout ProductCatalogue
  ) throws(ProductError) -> Retailer {
    let name = try ProductRules.name(rawName)
    if let clash = catalogue.allRetailers.first(where: {
      NameKey.of($0.name) == NameKey.of(name)
    }) {
      throw .retailerTaken(clash.name)
    }
    let retailer = Retailer(name: name, template: try template(rawTemplate))
    catalogue.retailers.append(retailer)
    return retailer
  }

  /// Removes the household's retailer `reference` names (never a built-in one).
  public static func remove(_ reference: String, from catalogue: inout ProductCatalogue)
    throws(ProductError) -> Retailer
  {
    let retailer = try find(reference, in: catalogue.allRetailers)
    guard !retailer.builtIn else { throw .builtInRetailer(retailer.name) }
    catalogue.retailers.removeAll { $0.name == retailer.name }
    return retailer
  }

  /// The search address for `words` at `retailer`: the words percent-encoded into the
  /// template's placeholder.
  public static func searchAddress(for words: String, at retailer: Retailer) -> String {
    retailer.template.replacing(placeholder, with: percentEncoded(words))
  }

  /// The search link for an item called `name`, labelled as a search.
  public static func searchLink(for name: String, at retailer: Retailer) -> ShoppingLink {
    let words = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    return ShoppingLink(
      kind: .search, address: searchAddress(for: words, at: retailer),
      label: "Search \(retailer.name) for “\(words)” (a search, not a product page)")
  }

  /// `text` with every byte of its UTF-8 outside RFC 3986's unreserved characters
  /// (A–Z a–z 0–9 - . _ ~) written as %XX, so it is safe in a path or a query: a space is
  /// %20, & is %26, # is %23, + is %2B.
  public static func percentEncoded(_ text: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count)
    let hex = Array("0123456789ABCDEF".utf8)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        out.append(byte)
      default:
        out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
