#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Empties the bodies of a page's scripts and style sheets before libxml2 reads it: half the
/// bytes of a typical saved page, which the page reader never looks at (JSON-LD scripts are
/// kept), and which libxml2's tokenizer otherwise walks a character at a time.
///
/// It tokenizes the way libxml2's HTML parser does at these points: comments, `<!…>` and `<?…>`
/// declarations, end tags, and start tags with quoted or unquoted attribute values (a quote
/// opens a value only after `=`); a `<script>` or `<style>` body runs to the next `</script` or
/// `</style`, in any case, as libxml2 ends it; `<script … />` has no body. Wherever it is unsure
/// (an unterminated comment, tag or body) it stops and leaves the rest as it is, so the worst a
/// mistake can cost is speed. `FuzzRecipeHTML` checks that pages read the same either way.
///
/// Until the page's encoding is settled (given, or named by a `<meta … charset …>` tag) bodies
/// are kept: libxml2 may search the rest of the page for a charset when it meets a non-ASCII
/// byte before then, and a script may hold one.
///
/// Cost: one pass that jumps from `<` to `<` (and over bodies to their end tags).
enum ScriptBodies {
  static func emptied(_ bytes: [UInt8], encodingKnown: Bool) -> [UInt8] {
    // NB: a UTF-16 page has no ASCII `<` bytes to find; leave it to libxml2.
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return bytes }
    return bytes.withUnsafeBufferPointer { emptied($0, encodingKnown: encodingKnown) } ?? bytes
  }

  /// The page with the bodies removed, or nil when there was nothing to remove.
  private static func emptied(_ page: UnsafeBufferPointer<UInt8>, encodingKnown: Bool)
    -> [UInt8]?
  {
    var settled = encodingKnown
    var cuts: [Range<Int>] = []
    var index = 0
    let count = page.count
    scan: while let open = find(0x3C, in: page, from: index) {  // "<"
      index = open + 1
      guard index < count else { break }
      let next = page[index]
      if next == 0x21 {  // "!": a comment or a declaration
        if matches(page, at: index + 1, "--") {
          guard let end = find("-->", in: page, from: index + 3) else { break scan }
          index = end + 3
        } else {
          guard let end = find(0x3E, in: page, from: index) else { break scan }
          index = end + 1
        }
      } else if next == 0x3F || next == 0x2F {  // "?" or "/": a processing instruction or end tag
        guard let end = find(0x3E, in: page, from: index) else { break scan }
        index = end + 1
      } else if isLetter(next) {
        var nameEnd = index
        while nameEnd < count, isNameByte(page[nameEnd]) { nameEnd += 1 }
        let name = nameKind(page, index..<nameEnd)
        guard let (tagEnd, isEmpty) = endOfStartTag(page, from: nameEnd) else { break scan }
        index = tagEnd + 1
        if !settled, nameEnd - open == 5, matches(page, at: open + 1, "meta", ignoringCase: true),
          contains(page, open..<tagEnd, "charset")
        {
          settled = true
        }
        guard settled, let name, !isEmpty else { continue }
        if name == .script, contains(page, open..<tagEnd, "ld+json") { continue }
        let closing: StaticString = name == .script ? "</script" : "</style"
        guard let end = find(closing, in: page, from: index, ignoringCase: true) else {
          break scan
        }
        if end > index { cuts.append(index..<end) }
        index = end
      }
    }
    guard !cuts.isEmpty else { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(count - cuts.reduce(0) { $0 + $1.count })
    var kept = 0
    for cut in cuts {
      out.append(contentsOf: page[kept..<cut.lowerBound])
      kept = cut.upperBound
    }
    out.append(contentsOf: page[kept..<count])
    return out
  }

  private enum RawText {
    case script, style
  }

  /// Whether the element name at `range` (as libxml2 reads it, ignoring case) is `script` or
  /// `style`.
  private static func nameKind(_ page: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> RawText?
  {
    if range.count == 6, matches(page, at: range.lowerBound, "script", ignoringCase: true) {
      return .script
    }
    if range.count == 5, matches(page, at: range.lowerBound, "style", ignoringCase: true) {
      return .style
    }
    return nil
  }

  /// Where the start tag whose attributes begin at `start` ends (its `>`), and whether it ends
  /// with `/>`; nil when it never ends.
  private static func endOfStartTag(_ page: UnsafeBufferPointer<UInt8>, from start: Int)
    -> (Int, Bool)?
  {
    var index = start
    let count = page.count
    while index < count {
      let byte = page[index]
      if byte == 0x3E { return (index, false) }  // ">"
      if byte == 0x2F, index + 1 < count, page[index + 1] == 0x3E { return (index + 1, true) }
      if isBlank(byte) || byte == 0x2F {
        index += 1
        continue
      }
      // An attribute name (or junk, which libxml2 skips the same way): up to a blank, "=",
      // ">" or "/>".
      while index < count {
        let current = page[index]
        if isBlank(current) || current == 0x3D || current == 0x3E { break }
        if current == 0x2F, index + 1 < count, page[index + 1] == 0x3E { break }
        index += 1
      }
      var look = index
      while look < count, isBlank(page[look]) { look += 1 }
      guard look < count, page[look] == 0x3D else { continue }  // no value
      index = look + 1
      while index < count, isBlank(page[index]) { index += 1 }
      guard index < count else { return nil }
      let quote = page[index]
      if quote == 0x22 || quote == 0x27 {
        guard let close = find(quote, in: page, from: index + 1) else { return nil }
        index = close + 1
      } else {
        while index < count, !isBlank(page[index]), page[index] != 0x3E { index += 1 }
      }
    }
    return nil
  }

  // MARK: - Bytes

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
  }

  /// The bytes libxml2 takes into an HTML element name: letters, digits, ":", "-", "_", ".".
  private static func isNameByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || (0x30...0x39).contains(byte) || byte == 0x3A || byte == 0x2D
      || byte == 0x5F || byte == 0x2E
  }

  private static func find(_ byte: UInt8, in page: UnsafeBufferPointer<UInt8>, from start: Int)
    -> Int?
  {
    guard start < page.count, let base = page.baseAddress else { return nil }
    guard let found = memchr(base + start, Int32(byte), page.count - start) else { return nil }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  private static func find(
    _ text: StaticString, in page: UnsafeBufferPointer<UInt8>, from start: Int,
    ignoringCase: Bool = false
  ) -> Int? {
    let first = text.utf8Start[0]
    var index = start
    while let candidate = find(first, in: page, from: index) {
      if matches(page, at: candidate, text, ignoringCase: ignoringCase) { return candidate }
      index = candidate + 1
    }
    return nil
  }

  /// Whether `text` (lowercase ASCII) is at `index`, in any case when `ignoringCase`.
  private static func matches(
    _ page: UnsafeBufferPointer<UInt8>, at index: Int, _ text: StaticString,
    ignoringCase: Bool = false
  ) -> Bool {
    let length = text.utf8CodeUnitCount
    guard index >= 0, index + length <= page.count else { return false }
    for offset in 0..<length {
      var byte = page[index + offset]
      if ignoringCase, byte >= 0x41, byte <= 0x5A { byte += 0x20 }
      guard byte == text.utf8Start[offset] else { return false }
    }
    return true
  }

  private static func contains(
    _ page: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ text: StaticString
  ) -> Bool {
    let length = text.utf8CodeUnitCount
    var index = range.lowerBound
    while index + length <= range.upperBound {
      if matches(page, at: index, text, ignoringCase: true) { return true }
      index += 1
    }
    return false
  }
}
