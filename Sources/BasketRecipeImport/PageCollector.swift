import BasketKit
internal import CLibXML2

/// Turns libxml2's SAX events for one page into a `RecipePage`: JSON-LD script texts, microdata
/// items and readable blocks (headings, list items, paragraphs, short `div` lines).
///
/// Elements are told apart by their bytes (no string is made for an element the page reader
/// doesn't need), and open blocks, microdata items and properties are identified by the depth
/// they opened at, since every start event has its end. Text is kept only while something
/// wants it, each buffer capped, so a 5 MB page costs its tokenizing and little more.
final class PageCollector {
  private(set) var page = RecipePage()
  /// The page holds text garbled in encoding: each block's text is mended as it is read.
  private let mendsEncoding: Bool

  init(mendsEncoding: Bool = false) {
    self.mendsEncoding = mendsEncoding
  }

  private struct OpenItem {
    var depth: Int
    var item: MicrodataItem
    /// The property names it fills on its parent, when it has any.
    var names: [String]
  }

  /// A readable block being read: the depth it opened at, its kind, its text so far, where
  /// line breaks (`<br>`, an inner block's edge) fall in it, its parent element's number, its
  /// element's class (hashed), and the stretches of its text in bold.
  private struct OpenBlock {
    var depth: Int
    var kind: PageBlock.Kind
    var bytes: [UInt8] = []
    var breaks: [Int] = []
    var parent: Int
    var style: Int
    var bold: [Range<Int>] = []
    var yieldClass = false
  }

  private struct OpenProperty {
    var depth: Int
    var names: [String]
    var bytes: [UInt8] = []
  }

  /// The open elements' tags, the innermost last.
  private var tags: [Tag] = []
  /// The open elements' numbers in document order, beside `tags`.
  private var serials: [Int] = []
  private var elementCount = 0
  /// Set inside an element whose content is never read (a style, an SVG, a form control):
  /// the depth it opened at.
  private var skipping: Int?
  /// A JSON-LD script being read: the depth it opened at and its text so far.
  private var script: (depth: Int, bytes: [UInt8])?
  private var block: OpenBlock?
  /// The depth of the outermost open `<b>` or `<strong>`, and where its text began in the
  /// open block's bytes.
  private var boldDepth: Int?
  private var boldStart: Int?
  /// The depth of the outermost open element whose class names a yield.
  private var yieldDepth: Int?
  /// How many cells the open block has begun, when it is a table row (`<tr>`): a row is one
  /// line ("1 ½" | "cups" | "flour"), its cells apart by a space.
  private var rowCells: Int?
  private var items: [OpenItem] = []
  private var properties: [OpenProperty] = []
  private var listCount = 0
  private var lists: [Int] = []
  private var title: [UInt8]?
  private var titleDepth: Int?
  private var openGraphTitle: String?
  private var sawRoot = false
  private static let textLimit = 1 << 20
  private static let scriptLimit = 16 << 20

  static func from(_ pointer: UnsafeMutableRawPointer) -> PageCollector {
    Unmanaged<PageCollector>.fromOpaque(pointer).takeUnretainedValue()
  }

  // MARK: - Events

  func start(_ name: UnsafePointer<xmlChar>, _ attributes: Attributes) {
    let tag = Tag(name)
    let depth = tags.count
    tags.append(tag)
    elementCount += 1
    serials.append(elementCount)
    guard skipping == nil, script == nil else { return }
    let found = FoundAttributes(attributes)
    switch tag {
    case .script:
      if let type = found.type, Self.contains(type, "ld+json") {
        script = (depth, [])
      } else {
        skipping = depth
      }
      return
    case .skipped:
      skipping = depth
      return
    case .html:
      // NB: the root's; text after a page's end opens another, implied html element.
      if !sawRoot { page.language = found.lang.map(Self.string) }
      sawRoot = true
    case .title:
      if title == nil {
        title = []
        titleDepth = depth
        return
      }
    case .meta:
      readMeta(found)
    case .link:
      if let rel = found.rel, Self.equalsIgnoringCase(rel, "canonical"), page.address == nil {
        page.address = found.href.map(Self.string)
      }
    case .br:
      appendBreak()
    case .cell:
      if rowCells != nil { rowCells! += 1 }
      appendSpace()
    case .ul, .ol:
      listCount += 1
      lists.append(listCount)
    case .bold:
      if boldDepth == nil {
        boldDepth = depth
        boldStart = block?.bytes.count
      }
    default:
      break
    }
    readMicrodataOpening(tag, found, depth: depth)
    if yieldDepth == nil, let names = found.class, Self.namesYield(names) { yieldDepth = depth }
    if let open = block {
      if case .heading = open.kind,
        tag == .ul || tag == .ol || tag == .li || tag == .p || tag == .div
      {
        flushBlock()  // a heading left open by broken markup ends where its list begins
      } else if let inner = blockKind(tag), inner != .text || open.kind == .text,
        !(tag == .p && Self.isListItem(open.kind)),
        !(rowCells != nil && (tag == .p || tag == .div))
      {
        // A block inside a block (a menu item holding headings and lists): each is its own.
        flushBlock()
      }
    }
    if tag.isBlockBoundary { appendBreak() }
    if block == nil, let kind = blockKind(tag) {
      // NB: a row is a whole line, not a cell beside others: its parent is unknown.
      let parent = tag == .row ? 0 : depth > 0 ? serials[depth - 1] : 0
      block = OpenBlock(depth: depth, kind: kind, parent: parent, style: Self.hash(found.class))
      if boldDepth != nil { boldStart = 0 }  // a block inside bold text (`<b><p>…</p></b>`)
      if tag == .row { rowCells = 0 }
    }
    if yieldDepth != nil { block?.yieldClass = true }
  }

  func end() {
    guard let tag = tags.popLast() else { return }
    _ = serials.popLast()
    let depth = tags.count
    if let opened = skipping {
      if opened == depth { skipping = nil }
      return
    }
    if let open = script {
      if open.depth == depth {
        page.jsonLD.append(Self.string(open.bytes))
        script = nil
      }
      return
    }
    if depth == titleDepth { titleDepth = nil }
    if tag == .ul || tag == .ol { _ = lists.popLast() }
    if depth == boldDepth {
      endBold()
      boldDepth = nil
    }
    if depth == yieldDepth { yieldDepth = nil }
    if tag.isBlockBoundary { appendBreak() }
    if let open = block, open.depth == depth { flushBlock() }
    readMicrodataClosing(depth: depth)
  }

  func text(_ buffer: UnsafeBufferPointer<xmlChar>) {
    guard skipping == nil else { return }
    if script != nil {
      if script!.bytes.count < Self.scriptLimit { script!.bytes.append(contentsOf: buffer) }
      return
    }
    if titleDepth != nil, title != nil, title!.count < 4096 { title!.append(contentsOf: buffer) }
    if block != nil, block!.bytes.count < Self.textLimit {
      block!.bytes.append(contentsOf: buffer)
    }
    for index in properties.indices where properties[index].bytes.count < Self.textLimit {
      properties[index].bytes.append(contentsOf: buffer)
    }
  }

  /// Ends what the events left open (they close everything on a whole page), then settles
  /// the title.
  func finish() {
    while !tags.isEmpty { end() }
    if page.title == nil {
      page.title = openGraphTitle ?? title.map { RecipeText.normalizedWhitespace(Self.string($0)) }
    }
    if page.title?.isEmpty ?? false { page.title = openGraphTitle }
  }

  // MARK: - Blocks

  private static func isListItem(_ kind: PageBlock.Kind) -> Bool {
    if case .listItem = kind { return true }
    return false
  }

  private func flushBlock() {
    endBold()
    guard let open = block else { return }
    var text = RecipeText.normalizedWhitespace(Self.string(open.bytes))
    if mendsEncoding { text = RecipeText.mendingMojibake(text) }  // "1Â¼" read as "1¼"
    let isLongText = open.kind == .text && text.utf8.count > 200 && text.count > 200
    if !text.isEmpty && !isLongText {
      // A row of two or more cells is one line: a cell's own lines ("butter" over "room
      // temp.") are the row's.
      let split =
        (rowCells ?? 0) >= 2
        ? [] : Self.lines(open.bytes, breaks: open.breaks, mending: mendsEncoding)
      let bold = split.count >= 2 ? split.map(\.range) : [0..<open.bytes.count]
      page.blocks.append(
        PageBlock(
          kind: open.kind, text: text, lines: split.map(\.text), parent: open.parent,
          style: open.style,
          boldLines: Self.boldLines(open.bytes, bold, open.bold), yieldClass: open.yieldClass))
    }
    block = nil
    rowCells = nil
  }

  /// Closes the open block's stretch of bold text (its element ended, or the block did).
  private func endBold() {
    if let start = boldStart, block != nil {
      let end = block!.bytes.count
      if end > start, block!.bold.count < 1_000 { block!.bold.append(start..<end) }
    }
    boldStart = nil
  }

  /// The `lines` (by index) whose every visible byte lies in one of the `bold` stretches.
  /// Both run in document order, so one pass over the bytes and the stretches does.
  private static func boldLines(_ bytes: [UInt8], _ lines: [Range<Int>], _ bold: [Range<Int>])
    -> [Int]
  {
    guard !bold.isEmpty else { return [] }
    var found: [Int] = []
    var next = 0  // the first stretch that may hold a byte from here on
    for (index, line) in lines.enumerated() {
      var seen = false
      var covered = true
      for position in line where bytes[position] > 0x20 {
        while next < bold.count, bold[next].upperBound <= position { next += 1 }
        guard next < bold.count, bold[next].contains(position) else {
          covered = false
          break
        }
        seen = true
      }
      if covered, seen { found.append(index) }
    }
    return found
  }

  /// The block's lines, each with where it lies in the block's bytes, when its breaks split
  /// its text into two or more (a line of only whitespace doesn't count); none otherwise.
  /// (The page's own newlines are only spaces.)
  private static func lines(_ bytes: [UInt8], breaks: [Int], mending: Bool)
    -> [(text: String, range: Range<Int>)]
  {
    guard !breaks.isEmpty else { return [] }
    var lines: [(text: String, range: Range<Int>)] = []
    var start = 0
    for end in breaks + [bytes.count] where end > start {
      var line = RecipeText.normalizedWhitespace(
        String(decoding: bytes[start..<end], as: UTF8.self))
      if mending { line = RecipeText.mendingMojibake(line) }
      if !line.isEmpty { lines.append((line, start..<end)) }
      start = end
    }
    return lines.count >= 2 ? lines : []
  }

  /// An element's first `class` as a number that tells one class from another (FNV-1a); 0
  /// without. ("item is-single" is an "item" marked, not another kind of line.)
  private static func hash(_ text: UnsafePointer<xmlChar>?) -> Int {
    guard let text else { return 0 }
    var index = 0
    while text[index] == 0x20 || text[index] == 0x09 || text[index] == 0x0A { index += 1 }
    guard text[index] != 0 else { return 0 }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    while text[index] > 0x20, index < 512 {
      hash = (hash ^ UInt64(text[index])) &* 0x100_0000_01b3
      index += 1
    }
    return Int(truncatingIfNeeded: hash | 1)
  }

  private func blockKind(_ tag: Tag) -> PageBlock.Kind? {
    switch tag {
    case .h1: .heading(1)
    case .h2: .heading(2)
    case .h3: .heading(3)
    case .h4: .heading(4)
    case .h5: .heading(5)
    case .h6: .heading(6)
    case .li: .listItem(list: lists.last ?? 0)
    case .p: .paragraph
    case .div, .row: .text
    default: nil
    }
  }

  private func appendSpace() {
    if block != nil, block!.bytes.count < Self.textLimit { block!.bytes.append(0x20) }
  }

  private func appendBreak() {
    if block != nil {
      block!.bytes.append(0x0A)
      if block!.breaks.count < 10_000 { block!.breaks.append(block!.bytes.count) }
    }
    for index in properties.indices { properties[index].bytes.append(0x0A) }
  }

  // MARK: - Meta tags

  private func readMeta(_ found: FoundAttributes) {
    guard let keyBytes = found.property ?? found.name, let content = found.content else { return }
    if Self.equalsIgnoringCase(keyBytes, "og:title") {
      openGraphTitle = openGraphTitle ?? RecipeText.normalizedWhitespace(Self.string(content))
    } else if Self.equalsIgnoringCase(keyBytes, "og:image") {
      page.image = page.image ?? Self.string(content)
    } else if Self.equalsIgnoringCase(keyBytes, "og:url") {
      page.address = page.address ?? Self.string(content)
    }
  }

  // MARK: - Microdata

  private func readMicrodataOpening(_ tag: Tag, _ found: FoundAttributes, depth: Int) {
    let names = found.itemprop.map { Self.words(Self.string($0)) } ?? []
    if found.itemscope {
      let types = found.itemtype.map { Self.words(Self.string($0)) } ?? []
      if items.count < 64 {
        items.append(OpenItem(depth: depth, item: MicrodataItem(types: types), names: names))
      }
      return
    }
    guard !names.isEmpty, !items.isEmpty else { return }
    if let value = attributeValue(tag, found) {
      addProperty(names, .text(value))
    } else if properties.count < 16 {
      properties.append(OpenProperty(depth: depth, names: names))
    }
  }

  private func readMicrodataClosing(depth: Int) {
    if let last = properties.last, last.depth == depth {
      properties.removeLast()
      addProperty(last.names, .text(Self.string(last.bytes)))
    }
    if let last = items.last, last.depth == depth {
      items.removeLast()
      if last.names.isEmpty || items.isEmpty {
        page.microdata.append(last.item)
      } else {
        addProperty(last.names, .item(last.item))
      }
    }
  }

  private func addProperty(_ names: [String], _ value: MicrodataValue) {
    guard !items.isEmpty else { return }
    for name in names where items[items.count - 1].item.properties.count < 10_000 {
      items[items.count - 1].item.properties.append(.init(name: name, value: value))
    }
  }

  /// The value microdata takes from an attribute rather than the text, per element.
  private func attributeValue(_ tag: Tag, _ found: FoundAttributes) -> String? {
    if let content = found.content { return Self.string(content) }
    switch tag {
    case .linking, .link: return found.href.map(Self.string)
    case .media: return found.src.map(Self.string)
    case .time: return found.datetime.map(Self.string)
    case .valued: return found.value.map(Self.string)
    case .meta: return ""
    default: return nil
    }
  }

  // MARK: - Bytes

  private static func string(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  private static func string(_ text: UnsafePointer<xmlChar>) -> String {
    String(cString: text)
  }

  private static func words(_ text: String) -> [String] {
    text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
  }

  /// Whether the NUL-terminated `text` equals the ASCII `wanted`, ignoring ASCII case.
  private static func equalsIgnoringCase(_ text: UnsafePointer<xmlChar>, _ wanted: StaticString)
    -> Bool
  {
    let count = wanted.utf8CodeUnitCount
    let bytes = wanted.utf8Start
    for index in 0..<count {
      guard lowered(text[index]) == bytes[index] else { return false }  // NUL ends the text early
    }
    return text[count] == 0
  }

  /// Whether the NUL-terminated `text` contains the lowercase ASCII `wanted`, ignoring case.
  private static func contains(_ text: UnsafePointer<xmlChar>, _ wanted: StaticString) -> Bool {
    var start = 0
    while text[start] != 0 {
      if startsWith(text + start, wanted) { return true }
      start += 1
    }
    return false
  }

  /// Whether a `class` attribute names a yield: "recipe-servings", "gbcicon-serves", "item
  /// portions", "recipeYield", where a word starts ("proportion" is none). One pass, whatever
  /// its length.
  private static func namesYield(_ text: UnsafePointer<xmlChar>) -> Bool {
    var start = 0
    while text[start] != 0 {
      defer { start += 1 }
      let byte = text[start]
      let letter = lowered(byte)
      guard
        letter == UInt8(ascii: "s") || letter == UInt8(ascii: "p") || letter == UInt8(ascii: "y"),
        start == 0 || byte < 97 || !(97...122).contains(lowered(text[start - 1]))
      else { continue }
      let found =
        switch letter {
        case UInt8(ascii: "s"):
          startsWith(text + start, "serving") || startsWith(text + start, "serves")
        case UInt8(ascii: "p"): startsWith(text + start, "portion")
        default: startsWith(text + start, "yield")
        }
      if found { return true }
    }
    return false
  }

  /// Whether the NUL-terminated `text` begins with the lowercase ASCII `wanted`, ignoring case.
  private static func startsWith(_ text: UnsafePointer<xmlChar>, _ wanted: StaticString) -> Bool {
    let bytes = wanted.utf8Start
    for index in 0..<wanted.utf8CodeUnitCount {
      guard lowered(text[index]) == bytes[index] else { return false }  // NUL ends the text early
    }
    return true
  }

  private static func lowered(_ byte: UInt8) -> UInt8 {
    byte >= 65 && byte <= 90 ? byte + 32 : byte
  }
}

typealias Attributes = UnsafeMutablePointer<UnsafePointer<xmlChar>?>?

/// The attributes the page reader looks at, found in one pass over an element's attributes
/// (libxml2 hands HTML names lowercased and values with references decoded).
private struct FoundAttributes {
  var type: UnsafePointer<xmlChar>?
  var lang: UnsafePointer<xmlChar>?
  var rel: UnsafePointer<xmlChar>?
  var href: UnsafePointer<xmlChar>?
  var property: UnsafePointer<xmlChar>?
  var name: UnsafePointer<xmlChar>?
  var content: UnsafePointer<xmlChar>?
  var itemprop: UnsafePointer<xmlChar>?
  var itemtype: UnsafePointer<xmlChar>?
  var itemscope = false
  var src: UnsafePointer<xmlChar>?
  var datetime: UnsafePointer<xmlChar>?
  var value: UnsafePointer<xmlChar>?
  var `class`: UnsafePointer<xmlChar>?

  init(_ attributes: Attributes) {
    guard let attributes else { return }
    var index = 0
    // NB: bounded like the tree reader's attribute lookups, against pathological tags.
    while index < 512, let name = attributes[index] {
      let value = attributes[index + 1]
      index += 2
      // An attribute written without a value (`itemscope`) has a nil value.
      switch Packed(name) {
      case Packed.type: type = type ?? value
      case Packed.lang: lang = lang ?? value
      case Packed.rel: rel = rel ?? value
      case Packed.href: href = href ?? value
      case Packed.property: property = property ?? value
      case Packed.name: self.name = self.name ?? value
      case Packed.content: content = content ?? value
      case Packed.itemprop: itemprop = itemprop ?? value
      case Packed.itemtype: itemtype = itemtype ?? value
      case Packed.src: src = src ?? value
      case Packed.datetime: datetime = datetime ?? value
      case Packed.value: self.value = self.value ?? value
      case Packed.class: self.class = self.class ?? value
      case Packed.long: if Packed.isItemscope(name) { itemscope = true }
      default: break
      }
    }
  }
}

/// An element or attribute name of at most eight bytes packed into an integer, so it is
/// compared without making a string; longer names pack to `long`.
private struct Packed: Equatable {
  let bits: UInt64

  init(_ name: UnsafePointer<xmlChar>) {
    var bits: UInt64 = 0
    var index = 0
    while name[index] != 0 {
      guard index < 8 else {
        self.bits = Packed.long.bits
        return
      }
      bits |=
        UInt64(name[index] >= 65 && name[index] <= 90 ? name[index] + 32 : name[index])
        << (8 * UInt64(index))
      index += 1
    }
    self.bits = bits
  }

  init(_ text: StaticString) {
    var bits: UInt64 = 0
    for index in 0..<min(8, text.utf8CodeUnitCount) {
      bits |= UInt64(text.utf8Start[index]) << (8 * UInt64(index))
    }
    self.bits = bits
  }

  private init(bits: UInt64) {
    self.bits = bits
  }

  static func ~= (pattern: Packed, value: Packed) -> Bool { pattern == value }

  static let long = Packed(bits: .max)
  static let type = Packed("type")
  static let lang = Packed("lang")
  static let rel = Packed("rel")
  static let href = Packed("href")
  static let property = Packed("property")
  static let name = Packed("name")
  static let content = Packed("content")
  static let itemprop = Packed("itemprop")
  static let itemtype = Packed("itemtype")
  static let src = Packed("src")
  static let datetime = Packed("datetime")
  static let value = Packed("value")
  static let `class` = Packed("class")

  static func isItemscope(_ name: UnsafePointer<xmlChar>) -> Bool {
    let wanted: [UInt8] = Array("itemscope".utf8)
    for index in wanted.indices {
      let byte = name[index]
      guard (byte >= 65 && byte <= 90 ? byte + 32 : byte) == wanted[index] else { return false }
    }
    return name[wanted.count] == 0
  }
}

/// What the page reader does with an element, by its name.
enum Tag: UInt8 {
  case other
  case script
  /// Content never read: style, noscript, template, svg, iframe, object, select, textarea.
  case skipped
  case html, title, meta, link, br, ul, ol, li, p, div, h1, h2, h3, h4, h5, h6
  /// Other elements whose edges break text: section, article, dd, dt, table, blockquote.
  case boundary
  /// A table's row (tr), read as one line of text.
  case row
  /// A table's cell (td, th): a space between its text and its neighbours'.
  case cell
  /// Bold text (b, strong): a line wholly in bold may title the lines after it.
  case bold
  /// Elements whose microdata value is their `href` (with `link`): a, area.
  case linking
  /// Elements whose microdata value is their `src`: img, audio, video, source, embed, track.
  case media
  case time
  /// Elements whose microdata value is their `value`: data, meter.
  case valued

  init(_ name: UnsafePointer<xmlChar>) {
    let packed = Packed(name)
    if packed == .long {
      self = Tag.isBlockquote(name) ? .boundary : .other
      return
    }
    // NB: the names packed little-endian (`Packed`), so an element costs a switch, not a
    // hash; `PageCollectorTests` checks every name against `Tag.names`.
    self =
      switch packed.bits {
      case 0x747069726373: .script  // script
      case 0x656C797473, 0x7470697263736F6E, 0x6574616C706D6574, 0x677673, 0x656D61726669,
        0x7463656A626F, 0x7463656C6573, 0x6165726174786574:
        .skipped  // style, noscript, template, svg, iframe, object, select, textarea
      case 0x6C6D7468: .html  // html
      case 0x656C746974: .title  // title
      case 0x6174656D: .meta  // meta
      case 0x6B6E696C: .link  // link
      case 0x7262: .br  // br
      case 0x6C75: .ul  // ul
      case 0x6C6F: .ol  // ol
      case 0x696C: .li  // li
      case 0x70: .p  // p
      case 0x766964: .div  // div
      case 0x3168: .h1  // h1
      case 0x3268: .h2  // h2
      case 0x3368: .h3  // h3
      case 0x3468: .h4  // h4
      case 0x3568: .h5  // h5
      case 0x3668: .h6  // h6
      // section, article, dd, dt, table
      case 0x6E6F6974636573, 0x656C6369747261, 0x6464, 0x7464, 0x656C626174: .boundary
      case 0x7274: .row  // tr
      case 0x6474, 0x6874: .cell  // td, th
      case 0x62, 0x676E6F727473: .bold  // b, strong
      case 0x61, 0x61657261: .linking  // a, area
      case 0x676D69, 0x6F69647561, 0x6F65646976, 0x656372756F73, 0x6465626D65, 0x6B63617274:
        .media  // img, audio, video, source, embed, track
      case 0x656D6974: .time  // time
      case 0x61746164, 0x726574656D: .valued  // data, meter
      default: .other
      }
  }

  var isBlockBoundary: Bool {
    switch self {
    case .p, .li, .div, .h1, .h2, .h3, .h4, .h5, .h6, .ul, .ol, .boundary, .row: true
    default: false
    }
  }

  private static func isBlockquote(_ name: UnsafePointer<xmlChar>) -> Bool {
    let wanted: [UInt8] = Array("blockquote".utf8)
    for index in wanted.indices {
      let byte = name[index]
      guard (byte >= 65 && byte <= 90 ? byte + 32 : byte) == wanted[index] else { return false }
    }
    return name[wanted.count] == 0
  }

  /// Every element name the reader tells apart, with its tag (the others are `other`).
  static let names: [(String, Tag)] = [
    ("script", .script), ("style", .skipped), ("noscript", .skipped), ("template", .skipped),
    ("svg", .skipped), ("iframe", .skipped), ("object", .skipped), ("select", .skipped),
    ("textarea", .skipped), ("html", .html), ("title", .title), ("meta", .meta),
    ("link", .link), ("br", .br), ("ul", .ul), ("ol", .ol), ("li", .li), ("p", .p),
    ("div", .div), ("h1", .h1), ("h2", .h2), ("h3", .h3), ("h4", .h4), ("h5", .h5),
    ("h6", .h6), ("tr", .row), ("td", .cell), ("th", .cell), ("section", .boundary),
    ("article", .boundary),
    ("dd", .boundary), ("dt", .boundary), ("table", .boundary), ("a", .linking),
    ("area", .linking), ("img", .media), ("audio", .media), ("video", .media),
    ("source", .media), ("embed", .media), ("track", .media), ("time", .time),
    ("data", .valued), ("meter", .valued), ("b", .bold), ("strong", .bold),
  ]
}
