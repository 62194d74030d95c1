/// Finding and replacing text without the string-processing library, which Embedded Swift
/// (the WebAssembly build) doesn't have. Byte-wise on UTF-8: for the short texts the rules
/// search, as fast as the library's.
extension StringProtocol {
  /// Whether `part` occurs in the text.
  package func includes(_ part: String) -> Bool {
    firstOffset(of: part) != nil
  }

  /// The text with every `old` replaced by `new`, left to right.
  package func replacingAll(_ old: String, with new: String) -> String {
    let source = Array(utf8)
    let pattern = Array(old.utf8)
    guard !pattern.isEmpty, pattern.count <= source.count else { return String(self) }
    var out: [UInt8] = []
    out.reserveCapacity(source.count)
    var index = 0
    while index < source.count {
      if index + pattern.count <= source.count, source[index] == pattern[0],
        source[index..<(index + pattern.count)].elementsEqual(pattern)
      {
        out.append(contentsOf: new.utf8)
        index += pattern.count
      } else {
        out.append(source[index])
        index += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  private func firstOffset(of part: String) -> Int? {
    let source = Array(utf8)
    let pattern = Array(part.utf8)
    guard !pattern.isEmpty else { return 0 }
    guard pattern.count <= source.count else { return nil }
    for start in 0...(source.count - pattern.count)
    where source[start] == pattern[0]
      && source[start..<(start + pattern.count)].elementsEqual(pattern)
    {
      return start
    }
    return nil
  }
}
