import BasketKit
internal import CLibXML2
import Glibc

/// Reads a saved web page with libxml2's HTML parser (the forgiving parser lxml stands on) into
/// the `RecipePage` the core imports from: JSON-LD scripts, microdata items and readable text
/// blocks.
///
/// The parser's SAX events are read as they come; no document tree is built. Any bytes are
/// accepted: the parser recovers from malformed markup (closing what it leaves open, so every
/// start has its end), a script's `</` ends only at its own closing tag, and nothing here
/// recurses, so depth costs no stack. Cost is linear in the page: a 300 KB page takes about
/// 3 ms, most of it libxml2's tokenizer.
public enum HTMLRecipePage {
  /// Pages larger than this are refused as holding no recipe.
  public static let maximumBytes = 64 << 20

  static let options = Int32(
    HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
      | HTML_PARSE_NONET.rawValue)

  /// Reads the page. `charset` is the one the server named in its `Content-Type`, if any: it
  /// is followed when the page names none itself (as browsers do).
  /// An empty page when libxml2 is missing (`requireParser()` says so).
  public static func read(_ bytes: [UInt8], charset: String? = nil) -> RecipePage {
    guard !bytes.isEmpty, bytes.count <= maximumBytes, let xml = LibXML2.functions else {
      return RecipePage()
    }
    _ = initialized
    var input = bytes
    var encoding: String?
    let named = charset.map { $0.lowercased() }
    if !declaresCharset(bytes), let named, named != "utf-8", named != "utf8",
      xml.xmlFindCharEncodingHandler(named) != nil
    {
      encoding = named
    } else if !declaresCharset(bytes) {
      // NB: transcoded here rather than by libxml2's iconv, which stops at the five bytes
      // Windows-1252 leaves undefined.
      if !isUTF8(bytes) { input = Array(RecipeText.decodingWindows1252(bytes).utf8) }
      encoding = "UTF-8"
    }
    let collector = PageCollector(mendsEncoding: Self.looksGarbled(input))
    withExtendedLifetime(collector) {
      input.withUnsafeBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
          parse(
            $0, count: buffer.count, encoding: encoding, handler: handler(), user: collector,
            xml: xml)
        }
      }
    }
    collector.finish()
    return collector.page
  }

  /// Whether the page holds text its site garbled in encoding ("1Â¼", "crÃ¨me": UTF-8 read as
  /// Latin-1 and written again), which the reader then mends. Cost: `memchr` from one "Ã" or
  /// "Â" lead byte to the next.
  static func looksGarbled(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { page in
      guard let base = page.baseAddress else { return false }
      var offset = 0
      while offset + 3 < page.count, let found = memchr(base + offset, 0xC3, page.count - offset) {
        let index = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
        if RecipeText.isGarbledPair(page, at: index) { return true }
        offset = index + 1
      }
      return false
    }
  }

  /// libxml2's tree parse and free alone, for benchmarks: what the reader cost when it walked
  /// the tree.
  public static func treeParseOnly(_ bytes: [UInt8]) -> Int {
    guard !bytes.isEmpty, bytes.count <= maximumBytes, let xml = LibXML2.functions else {
      return 0
    }
    _ = initialized
    let document = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
        xml.htmlReadMemory(
          pointer, Int32(buffer.count), nil, nil,
          options | Int32(HTML_PARSE_COMPACT.rawValue))
      }
    }
    guard let document else { return 0 }
    xml.xmlFreeDoc(document)
    return 1
  }

  /// libxml2's tokenizer with callbacks that do nothing, for benchmarks: the floor under `read`.
  public static func tokenizeOnly(_ bytes: [UInt8]) -> Int {
    guard !bytes.isEmpty, bytes.count <= maximumBytes, let xml = LibXML2.functions else {
      return 0
    }
    _ = initialized
    var handler = htmlSAXHandler()
    handler.initialized = 1
    handler.startElement = { _, _, _ in }
    handler.endElement = { _, _ in }
    handler.characters = { _, _, _ in }
    handler.cdataBlock = { _, _, _ in }
    bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        parse($0, count: buffer.count, encoding: nil, handler: handler, user: nil, xml: xml)
      }
    }
    return 1
  }

  /// Runs libxml2's HTML parser over `count` bytes at `bytes`, sending its events to `handler`
  /// with `user` as their context; builds no tree.
  ///
  /// NB: set up as `htmlReadMemory` sets up its parser (an XML parser context switched to
  /// HTML), not through `htmlCtxtReadMemory`: only that path reads UTF-8 text that comes
  /// before a page's `<meta charset>` as UTF-8 (libxml2 2.9).
  private static func parse(
    _ bytes: UnsafePointer<CChar>, count: Int, encoding: String?, handler: htmlSAXHandler,
    user: AnyObject?, xml: basket_libxml2
  ) {
    guard let context = xml.xmlCreateMemoryParserCtxt(bytes, Int32(count)) else { return }
    defer {
      if let document = context.pointee.myDoc { xml.xmlFreeDoc(document) }  // never built here
      context.pointee.myDoc = nil
      xml.xmlFreeParserCtxt(context)
    }
    context.pointee.sax.pointee = handler
    context.pointee.userData = user.map { Unmanaged.passUnretained($0).toOpaque() }
    _ = xml.htmlCtxtUseOptions(context, options)
    context.pointee.html = 1
    if let encoding, let converter = xml.xmlFindCharEncodingHandler(encoding) {
      _ = xml.xmlSwitchToEncoding(context, converter)
      if context.pointee.input.pointee.encoding == nil {
        context.pointee.input.pointee.encoding = UnsafePointer(xml.xmlStrdup(encoding))
      }
    }
    _ = xml.htmlParseDocument(context)
  }

  /// The callbacks: each hands its event to the `PageCollector` in the parser's user data.
  private static func handler() -> htmlSAXHandler {
    var handler = htmlSAXHandler()
    handler.initialized = 1
    handler.startElement = { user, name, attributes in
      guard let user, let name else { return }
      PageCollector.from(user).start(name, attributes)
    }
    handler.endElement = { user, _ in
      guard let user else { return }
      PageCollector.from(user).end()
    }
    handler.characters = { user, text, length in
      guard let user, let text, length > 0 else { return }
      PageCollector.from(user).text(UnsafeBufferPointer(start: text, count: Int(length)))
    }
    // A script's or style's body: kept only inside a JSON-LD script (the rest are skipped).
    handler.cdataBlock = handler.characters
    return handler
  }

  /// Initialises libxml2 once and routes its error reports to a handler that drops them:
  /// HTML_PARSE_NOERROR silences the parser, but encoding and I/O errors still go to stderr,
  /// and library code never prints. (This sets libxml2's process-wide structured handler.)
  private static let initialized: Bool = {
    guard let xml = LibXML2.functions else { return false }
    xml.xmlInitParser()
    xml.xmlSetStructuredErrorFunc(nil) { _, _ in }
    return true
  }()

  /// Throws when libxml2, which reads pages, is not on this machine.
  public static func requireParser() throws(MissingLibrary) {
    _ = try LibXML2.loaded.get()
  }

  /// Whether the first 4 KB declare a charset (a `<meta charset>` or an XML declaration);
  /// then libxml2 follows the declaration, as browsers do.
  package static func declaresCharset(_ bytes: [UInt8]) -> Bool {
    let head = bytes.prefix(4096).map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
    let needle = Array("charset".utf8)
    guard head.count >= needle.count else { return false }
    for start in 0...(head.count - needle.count) where head[start] == needle[0] {
      if Array(head[start..<(start + needle.count)]) == needle { return true }
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) || bytes.starts(with: [0xFF, 0xFE])
      || bytes.starts(with: [0xFE, 0xFF])
    {
      return true  // a byte order mark says it
    }
    return false
  }

  package static func isUTF8(_ bytes: [UInt8]) -> Bool {
    String(validating: bytes.prefix(1 << 20), as: UTF8.self) != nil
      || String(validating: bytes.prefix((1 << 20) - 3), as: UTF8.self) != nil
  }
}
