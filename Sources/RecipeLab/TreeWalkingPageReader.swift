import BasketKit
import BasketRecipeImport
import CLibXML2

/// The importer's first reader, kept as the benchmark's baseline and for differential checks:
/// libxml2 builds the whole document tree, then one iterative pass walks it into a
/// `RecipePage`. `HTMLRecipePage.read` reads the same page from libxml2's SAX events instead.
enum TreeWalkingPageReader {
  static func read(_ bytes: [UInt8]) -> RecipePage {
    guard !bytes.isEmpty, bytes.count <= HTMLRecipePage.maximumBytes else { return RecipePage() }
    let options = Int32(
      HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
        | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue)
    var input = bytes
    var encoding: String?
    if !HTMLRecipePage.declaresCharset(bytes) {
      if !HTMLRecipePage.isUTF8(bytes) { input = Array(RecipeText.decodingWindows1252(bytes).utf8) }
      encoding = "UTF-8"
    }
    let document = input.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
        htmlReadMemory(pointer, Int32(buffer.count), nil, encoding, options)
      }
    }
    guard let document else { return RecipePage() }
    defer { xmlFreeDoc(document) }
    var walker = PageWalker()
    walker.walk(document)
    return walker.page
  }
}

/// One pass over the document tree, iterative, collecting what `RecipePage` holds.
private struct PageWalker {
  var page = RecipePage()

  /// Open text accumulators: readable blocks and microdata properties being read.
  private struct OpenText {
    var node: xmlNodePtr
    var bytes: [UInt8] = []
  }

  private struct OpenItem {
    var node: xmlNodePtr
    var item: MicrodataItem
    /// The property names it fills on its parent, when it has any.
    var names: [String]
  }

  private struct OpenProperty {
    var node: xmlNodePtr
    var names: [String]
    var text: OpenText
  }

  private var block: (node: xmlNodePtr, kind: PageBlock.Kind, text: OpenText)?
  private var items: [OpenItem] = []
  private var properties: [OpenProperty] = []
  private var listCount = 0
  private var lists: [Int] = []
  private var title: [UInt8]?
  private var titleNode: xmlNodePtr?
  private var openGraphTitle: String?
  private static let textLimit = 1 << 20

  mutating func walk(_ document: htmlDocPtr) {
    guard let root = xmlDocGetRootElement(document) else { return }
    var node: xmlNodePtr? = root
    var steps = 0
    while let current = node {
      steps += 1
      let descend = enter(current)
      if descend, let child = current.pointee.children {
        node = child
        continue
      }
      var climbing: xmlNodePtr? = current
      node = nil
      while let up = climbing {
        leave(up)
        if up == root { break }
        if let next = up.pointee.next {
          node = next
          break
        }
        climbing = up.pointee.parent
        if climbing == nil || climbing?.pointee.type != XML_ELEMENT_NODE { break }
      }
    }
    if page.title == nil {
      page.title = openGraphTitle ?? title.map { RecipeText.normalizedWhitespace(string($0)) }
    }
    if page.title?.isEmpty ?? false { page.title = openGraphTitle }
    _ = steps
  }

  // MARK: - Entering and leaving

  /// Handles `node` on the way down; returns whether to visit its children.
  private mutating func enter(_ node: xmlNodePtr) -> Bool {
    switch node.pointee.type {
    case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
      guard let content = node.pointee.content else { return false }
      appendText(content)
      return false
    case XML_ELEMENT_NODE:
      break
    default:
      return false
    }
    let name = elementName(node)
    switch name {
    case "script":
      if let type = attribute(node, "type"), type.lowercased().contains("ld+json") {
        page.jsonLD.append(string(childText(node)))
      }
      return false
    case "style", "noscript", "template", "svg", "iframe", "object", "select", "textarea":
      return false
    case "html":
      page.language = attribute(node, "lang")
    case "title":
      if title == nil {
        title = []
        titleNode = node
        return true
      }
    case "meta":
      readMeta(node)
    case "link":
      if attribute(node, "rel")?.lowercased() == "canonical", page.address == nil {
        page.address = attribute(node, "href")
      }
    case "br":
      appendBreak()
    case "ul", "ol":
      listCount += 1
      lists.append(listCount)
    default:
      break
    }
    readMicrodataOpening(node)
    if let open = block {
      if case .heading = open.kind,
        name == "ul" || name == "ol" || name == "li" || name == "p" || name == "div"
      {
        flushBlock()  // a heading left open by broken markup ends where its list begins
      } else if let inner = blockKind(name), inner != .text || open.kind == .text,
        !(name == "p" && isListItem(open.kind))
      {
        // A block inside a block (a menu item holding headings and lists): each is its own.
        _ = inner
        flushBlock()
      }
    }
    if isBlockBoundary(name) { appendBreak() }
    if block == nil, let kind = blockKind(name) {
      block = (node, kind, OpenText(node: node))
    }
    return true
  }

  private mutating func leave(_ node: xmlNodePtr) {
    guard node.pointee.type == XML_ELEMENT_NODE else { return }
    let name = elementName(node)
    if node == titleNode { titleNode = nil }
    if name == "ul" || name == "ol" { _ = lists.popLast() }
    if isBlockBoundary(name) { appendBreak() }
    if let open = block, open.node == node { flushBlock() }
    readMicrodataClosing(node)
  }

  private func isListItem(_ kind: PageBlock.Kind) -> Bool {
    if case .listItem = kind { return true }
    return false
  }

  private mutating func flushBlock() {
    guard let open = block else { return }
    let text = RecipeText.normalizedWhitespace(string(open.text.bytes))
    let isLongText = open.kind == .text && text.count > 200
    if !text.isEmpty && !isLongText { page.blocks.append(PageBlock(kind: open.kind, text: text)) }
    block = nil
  }

  private func blockKind(_ name: String) -> PageBlock.Kind? {
    switch name {
    case "h1": .heading(1)
    case "h2": .heading(2)
    case "h3": .heading(3)
    case "h4": .heading(4)
    case "h5": .heading(5)
    case "h6": .heading(6)
    case "li": .listItem(list: lists.last ?? 0)
    case "p": .paragraph
    case "div": .text
    default: nil
    }
  }

  private func isBlockBoundary(_ name: String) -> Bool {
    switch name {
    case "p", "li", "div", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "ul", "ol", "section",
      "article", "dd", "dt", "table", "blockquote":
      true
    default: false
    }
  }

  // MARK: - Text

  private mutating func appendText(_ content: UnsafePointer<xmlChar>) {
    let length = Int(xmlStrlen(content))
    let buffer = UnsafeBufferPointer(start: content, count: length)
    if titleNode != nil, title != nil, title!.count < 4096 { title!.append(contentsOf: buffer) }
    if block != nil, block!.text.bytes.count < Self.textLimit {
      block!.text.bytes.append(contentsOf: buffer)
    }
    for index in properties.indices where properties[index].text.bytes.count < Self.textLimit {
      properties[index].text.bytes.append(contentsOf: buffer)
    }
  }

  private mutating func appendBreak() {
    if block != nil { block!.text.bytes.append(0x0A) }
    for index in properties.indices { properties[index].text.bytes.append(0x0A) }
  }

  // MARK: - Meta tags

  private mutating func readMeta(_ node: xmlNodePtr) {
    let key = (attribute(node, "property") ?? attribute(node, "name"))?.lowercased()
    guard let key, let content = attribute(node, "content") else { return }
    switch key {
    case "og:title":
      openGraphTitle = openGraphTitle ?? RecipeText.normalizedWhitespace(content)
    case "og:image":
      page.image = page.image ?? content
    case "og:url":
      page.address = page.address ?? content
    default:
      break
    }
  }

  // MARK: - Microdata

  private mutating func readMicrodataOpening(_ node: xmlNodePtr) {
    let names = attribute(node, "itemprop").map(words) ?? []
    if hasAttribute(node, "itemscope") {
      let types = attribute(node, "itemtype").map(words) ?? []
      if items.count < 64 {
        items.append(OpenItem(node: node, item: MicrodataItem(types: types), names: names))
      }
      return
    }
    guard !names.isEmpty, !items.isEmpty else { return }
    if let value = attributeValue(node) {
      addProperty(names, .text(value))
    } else if properties.count < 16 {
      properties.append(OpenProperty(node: node, names: names, text: OpenText(node: node)))
    }
  }

  private mutating func readMicrodataClosing(_ node: xmlNodePtr) {
    if let last = properties.last, last.node == node {
      properties.removeLast()
      addProperty(last.names, .text(string(last.text.bytes)))
    }
    if let last = items.last, last.node == node {
      items.removeLast()
      if last.names.isEmpty || items.isEmpty {
        page.microdata.append(last.item)
      } else {
        addProperty(last.names, .item(last.item))
      }
    }
  }

  private mutating func addProperty(_ names: [String], _ value: MicrodataValue) {
    guard !items.isEmpty else { return }
    for name in names where items[items.count - 1].item.properties.count < 10_000 {
      items[items.count - 1].item.properties.append(.init(name: name, value: value))
    }
  }

  /// The value microdata takes from an attribute rather than the text, per element.
  private func attributeValue(_ node: xmlNodePtr) -> String? {
    if let content = attribute(node, "content") { return content }
    switch elementName(node) {
    case "a", "link", "area": return attribute(node, "href")
    case "img", "audio", "video", "source", "embed", "track": return attribute(node, "src")
    case "time": return attribute(node, "datetime")
    case "data", "meter": return attribute(node, "value")
    case "meta": return ""
    default: return nil
    }
  }

  // MARK: - libxml2 helpers

  private func elementName(_ node: xmlNodePtr) -> String {
    guard let name = node.pointee.name else { return "" }
    return String(cString: name)
  }

  /// The attribute's text, read from the node's attribute list without allocating in C.
  private func attribute(_ node: xmlNodePtr, _ wanted: String) -> String? {
    var property = node.pointee.properties
    var seen = 0
    while let current = property, seen < 256 {
      seen += 1
      if let name = current.pointee.name, String(cString: name).lowercased() == wanted {
        return string(text(from: current.pointee.children))
      }
      property = current.pointee.next
    }
    return nil
  }

  private func hasAttribute(_ node: xmlNodePtr, _ wanted: String) -> Bool {
    var property = node.pointee.properties
    while let current = property {
      if let name = current.pointee.name, String(cString: name).lowercased() == wanted {
        return true
      }
      property = current.pointee.next
    }
    return false
  }

  /// The text directly inside `node` (a script's body).
  private func childText(_ node: xmlNodePtr) -> [UInt8] {
    text(from: node.pointee.children)
  }

  /// The text of `first` and of the nodes after it (an element's or an attribute's children).
  private func text(from first: xmlNodePtr?) -> [UInt8] {
    var bytes: [UInt8] = []
    var child = first
    while let current = child {
      if let content = current.pointee.content {
        bytes.append(
          contentsOf: UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content))))
      }
      child = current.pointee.next
    }
    return bytes
  }

  private func words(_ text: String) -> [String] {
    text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
  }

  private func string(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
  }
}
