/// What an HTML adapter hands the core from a saved web page: the page's JSON-LD scripts, its
/// microdata items and its readable text blocks in document order. The core decides what the
/// recipe is from these, so every rule stays testable without an HTML parser.
public struct RecipePage: Equatable, Sendable {
  /// The document title (or `og:title`).
  public var title: String?
  /// The `lang` of the page ("en-GB").
  public var language: String?
  /// The canonical address, when the page names one.
  public var address: String?
  /// The `og:image`, when the page names one.
  public var image: String?
  /// The text of every `<script type="application/ld+json">`.
  public var jsonLD: [String]
  /// Top-level microdata items (`itemscope` without an `itemprop`).
  public var microdata: [MicrodataItem]
  /// Headings, list items and paragraphs, for pages without markup.
  public var blocks: [PageBlock]

  public init(
    title: String? = nil, language: String? = nil, address: String? = nil, image: String? = nil,
    jsonLD: [String] = [], microdata: [MicrodataItem] = [], blocks: [PageBlock] = []
  ) {
    self.title = title
    self.language = language
    self.address = address
    self.image = image
    self.jsonLD = jsonLD
    self.microdata = microdata
    self.blocks = blocks
  }
}

/// A microdata item: its types and its properties in document order.
public struct MicrodataItem: Equatable, Sendable {
  public struct Property: Equatable, Sendable {
    public var name: String
    public var value: MicrodataValue

    public init(name: String, value: MicrodataValue) {
      self.name = name
      self.value = value
    }
  }

  public var types: [String]
  public var properties: [Property]

  public init(types: [String], properties: [Property] = []) {
    self.types = types
    self.properties = properties
  }

  /// The item as JSON-LD would write it, so one schema.org reader serves both.
  public var json: JSONValue {
    var members: [(String, JSONValue)] = [("@type", .array(types.map(JSONValue.string)))]
    var order: [String] = []
    var values: [String: [JSONValue]] = [:]
    for property in properties {
      let value: JSONValue
      switch property.value {
      case .text(let text): value = Self.value(of: text)
      case .item(let item): value = item.json
      }
      if values[property.name] == nil { order.append(property.name) }
      values[property.name, default: []].append(value)
    }
    for name in order {
      let all = values[name] ?? []
      members.append((name, all.count == 1 ? all[0] : .array(all)))
    }
    return .object(members)
  }
}

extension MicrodataItem {
  /// A property's text as a value: the text, or what it holds when it is a JSON list or
  /// object (pages put a whole `[{"@type":"HowToStep",…}]` in a `content` attribute).
  static func value(of text: String) -> JSONValue {
    let trimmed = text.trimmingCharacters()
    guard let first = trimmed.first, let last = trimmed.last,
      (first == "[" && last == "]") || (first == "{" && last == "}"),
      let read = JSONValue.pageValue(in: String(trimmed))
    else { return .string(text) }
    switch read {
    case .array, .object: return read
    default: return .string(text)
    }
  }
}

public indirect enum MicrodataValue: Equatable, Sendable {
  case text(String)
  case item(MicrodataItem)
}

/// A block of readable text on a page.
public struct PageBlock: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    /// `<h1>`…`<h6>`, by level.
    case heading(Int)
    /// An `<li>`; `list` tells items of one list from the next.
    case listItem(list: Int)
    case paragraph
    /// Text in another element (a `<div>` line such as "Serves 6"), read only for facts.
    case text
  }

  public var kind: Kind
  /// Whitespace-normalised text.
  public var text: String
  /// The text's lines, each whitespace-normalised, when a line break (`<br>`) or an inner
  /// block's edge splits it into two or more; empty otherwise.
  public var lines: [String]
  /// Which element holds the block's element, numbered in document order (0 when unknown):
  /// blocks with the same number are cells of one row ("½ cup" beside "popping corn").
  public var parent: Int
  /// The block's element's `class`, as a number (0 without one): a line styled unlike the
  /// lines around it may title them.
  public var style: Int
  /// The lines (indices into `lines`, or 0 for a block of one line) wholly in bold.
  public var boldLines: [Int]
  /// The block lies in, or holds, an element whose class names a yield ("servings",
  /// "portions", "yield"): a bare "4" there is how many the recipe serves.
  public var yieldClass: Bool

  public init(
    kind: Kind, text: String, lines: [String] = [], parent: Int = 0, style: Int = 0,
    boldLines: [Int] = [], yieldClass: Bool = false
  ) {
    self.kind = kind
    self.text = text
    self.lines = lines
    self.parent = parent
    self.style = style
    self.boldLines = boldLines
    self.yieldClass = yieldClass
  }
}
