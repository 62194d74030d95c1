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
/// It tokenizes the way libxml2's HTML parser (2.9) does at these points: comments, doctypes
/// (with their quoted literals), other `<!…>` and `<?…>`, end tags, and start tags (`<` and a
/// letter) with quoted or unquoted attribute values (a quote opens a value only after `=`);
/// a `<script>` or `<style>` body runs to its end tag, in any case (`</scriptx …>` is dropped
/// whole by libxml2 and does not end the body); `<script … />` has no body. Where it may read
/// more as markup than libxml2 does, it only misses a body. Wherever it is unsure (an
/// unterminated comment, tag or body; a NUL byte anywhere, which libxml2 reads unlike other
/// bytes) it stops and leaves the rest as it is, so the worst a mistake can cost is speed.
/// `FuzzRecipeHTML` checks that every page reads the same either way.
///
/// Until the page's encoding is settled (given, or named by a `<meta … charset …>` tag) bodies
/// are kept: libxml2 may search the rest of the page for a charset when it meets a non-ASCII
/// byte before then, and a script may hold one. A page in a 7-bit stateful encoding
/// (ISO-2022, UTF-7, HZ) or a 16- or 32-bit one, whose ASCII-looking bytes may be parts of
/// other characters, is left as it is.
///
/// A body holding a byte outside ASCII is kept unless the page is known to be valid UTF-8 read
/// as UTF-8: elsewhere libxml2 may meet a byte its decoder refuses there, and then it changes
/// decoders (or stops) for the rest of the page, which emptying the body would hide.
///
/// Cost: one pass that jumps from `<` to `<` (and over bodies to their end tags).
enum ScriptBodies {
  static func emptied(_ bytes: [UInt8], encodingKnown: Bool, validUTF8: Bool) -> [UInt8] {
    // NB: a UTF-16 page has no ASCII `<` bytes to find; leave it to libxml2.
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return bytes }
    if bytes.contains(0) { return bytes }
    return bytes.withUnsafeBufferPointer {
      emptied($0, encodingKnown: encodingKnown, validUTF8: validUTF8)
    } ?? bytes
  }

  /// The page with the bodies removed, or nil when there was nothing to remove.
  private static func emptied(
    _ page: UnsafeBufferPointer<UInt8>, encodingKnown: Bool, validUTF8: Bool
  ) -> [UInt8]? {
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
        } else if matches(page, at: index + 1, "doctype", ignoringCase: true) {
          guard let end = endOfDoctype(page, from: index) else { break scan }
          index = end + 1
        }  // NB: any other `<!` is text to libxml2, and so is what follows it.
      } else if next == 0x3F || next == 0x2F {  // "?" or "/": a processing instruction or end tag
        // libxml2 drops a bare `<?` or `</` and reads on, unless a name follows, which for a
        // processing instruction may start with a letter outside ASCII: unsure.
        guard index + 1 < count else { break scan }
        let first = page[index + 1]
        if next == 0x3F, first >= 0x80 { break scan }
        guard isLetter(first) || first == 0x5F || first == 0x3A || (next == 0x2F && first == 0x2E)
        else {
          index += 1
          continue
        }
        guard let end = find(0x3E, in: page, from: index) else { break scan }
        index = end + 1
      } else if isLetter(next) {
        var nameEnd = index
        while nameEnd < count, nameEnd - index < maximumName, isNameByte(page[nameEnd]) {
          nameEnd += 1
        }
        let name = nameKind(page, index..<nameEnd)
        guard let (tagEnd, isEmpty) = endOfStartTag(page, from: nameEnd) else { break scan }
        index = tagEnd + 1
        if !settled, nameEnd - open == 5, matches(page, at: open + 1, "meta", ignoringCase: true),
          contains(page, open..<tagEnd, "charset")
        {
          if namesUnsafeCharset(page, open..<tagEnd) { return nil }
          settled = true
        }
        guard let name, !isEmpty else { continue }
        // NB: libxml2 reads a `<` that opens a body as markup before it reads the body as raw
        // text (`<script></t</script>` is an end tag `</t` that swallows `</script>`, found by
        // FuzzRecipeHTML): unsure, so leave the rest as it is.
        if index < count, page[index] == 0x3C { break scan }
        // NB: a body is raw text to its end tag whether or not it is emptied: a JSON-LD
        // script's text may hold anything that looks like markup.
        guard let end = endTag(of: name, in: page, from: index) else { break scan }
        let keep =
          !settled || (name == .script && contains(page, open..<tagEnd, "ld+json"))
          || (!validUTF8 && !isASCII(page, index..<end))
        if !keep, end > index { cuts.append(index..<end) }
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

  /// Where a doctype ends: its `>`, past quoted literals (libxml2 reads its identifiers so).
  private static func endOfDoctype(_ page: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    var index = start
    while index < page.count {
      let byte = page[index]
      if byte == 0x3E { return index }
      if byte == 0x22 || byte == 0x27 {
        guard let close = find(byte, in: page, from: index + 1) else { return nil }
        index = close + 1
      } else {
        index += 1
      }
    }
    return nil
  }

  /// Whether the meta tag at `range` names an encoding whose ASCII-looking bytes may be parts
  /// of other characters: ISO-2022-*, UTF-7, HZ, UTF-16, UTF-32, UCS-2, UCS-4.
  private static func namesUnsafeCharset(_ page: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> Bool
  {
    contains(page, range, "2022") || contains(page, range, "utf-7")
      || contains(page, range, "utf7") || contains(page, range, "hz-gb")
      || contains(page, range, "=hz") || contains(page, range, "\"hz")
      || contains(page, range, "'hz") || contains(page, range, "utf-16")
      || contains(page, range, "utf16") || contains(page, range, "utf-32")
      || contains(page, range, "utf32") || contains(page, range, "ucs")
  }

  /// Where the body starting at `start` ends: at `</script` or `</style` (in any case) not
  /// followed by a byte of a longer name, as libxml2 closes it. An end tag with a longer name
  /// (`</scriptx …>`) is dropped whole, up to its `>`, and the body reads on after it.
  private static func endTag(of name: RawText, in page: UnsafeBufferPointer<UInt8>, from start: Int)
    -> Int?
  {
    let closing: StaticString = name == .script ? "</script" : "</style"
    var index = start
    while let found = find(closing, in: page, from: index, ignoringCase: true) {
      var after = found + closing.utf8CodeUnitCount
      if after >= page.count || !isNameByte(page[after]) { return found }
      while after < page.count, isNameByte(page[after]) { after += 1 }
      while after < page.count, isBlank(page[after]) { after += 1 }
      guard let close = find(0x3E, in: page, from: after) else { return nil }
      index = close + 1
    }
    return nil
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

  /// The longest element or attribute name libxml2 reads; the bytes after it start the next
  /// attribute.
  private static let maximumName = 100

  /// Where the start tag whose attributes begin at `start` ends (its `>`), and whether it ends
  /// with `/>`; nil when it never ends. As libxml2 reads attributes: a name starts with a
  /// letter, "_", ":" or "."; after a name, "=" and a quoted or unquoted value may follow.
  /// Anything else is junk, dropped up to a blank, ">" or "/>", quotes and all (found by
  /// FuzzRecipeHTML: `<script="></script">` ends at its first ">").
  private static func endOfStartTag(_ page: UnsafeBufferPointer<UInt8>, from start: Int)
    -> (Int, Bool)?
  {
    var index = start
    let count = page.count
    func endsTag(_ at: Int) -> Bool {
      page[at] == 0x3E || (page[at] == 0x2F && at + 1 < count && page[at + 1] == 0x3E)
    }
    while index < count, isBlank(page[index]) { index += 1 }
    while index < count {
      let byte = page[index]
      if byte == 0x3E { return (index, false) }  // ">"
      if byte == 0x2F, index + 1 < count, page[index + 1] == 0x3E { return (index + 1, true) }
      if isLetter(byte) || byte == 0x5F || byte == 0x3A || byte == 0x2E {  // a name
        let nameStart = index
        while index < count, index - nameStart < maximumName, isNameByte(page[index]) {
          index += 1
        }
        var look = index
        while look < count, isBlank(page[look]) { look += 1 }
        index = look
        if look < count, page[look] == 0x3D {  // "=" and a value
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
      } else {  // junk
        while index < count, !isBlank(page[index]), !endsTag(index) { index += 1 }
      }
      while index < count, isBlank(page[index]) { index += 1 }
    }
    return nil
  }

  // MARK: - Bytes

  /// Whether every byte in `range` is below 0x80, read eight at a time.
  private static func isASCII(_ page: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    guard let base = page.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var index = range.lowerBound
    var high: UInt64 = 0
    while index + 8 <= range.upperBound {
      high |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      index += 8
    }
    while index < range.upperBound {
      high |= UInt64(page[index])
      index += 1
    }
    return high & 0x8080_8080_8080_8080 == 0
  }

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
