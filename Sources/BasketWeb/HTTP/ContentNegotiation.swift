/// What a request's `Accept-Encoding` allows (RFC 9110 §12.5.3), for the one content coding
/// Basket sends: gzip. Pure.
enum AcceptEncoding {
  /// Whether `header` accepts gzip: `gzip` or `x-gzip` with a weight above 0, or `*` above 0
  /// when gzip isn't named. No header, an empty one, or a weight that doesn't parse: no (a
  /// script without the header often can't decode, whatever the RFC allows).
  static func acceptsGzip(_ header: String?) -> Bool {
    guard let header else { return false }
    var named: Bool?
    var wildcard: Bool?
    for element in header.split(separator: ",") {
      let parts = element.split(separator: ";")
      guard let first = parts.first else { continue }
      let coding = first.trimmingSpaces().lowercased()
      guard !coding.isEmpty else { continue }
      var weight: Double? = 1
      for parameter in parts.dropFirst() {
        let pair = parameter.split(separator: "=", maxSplits: 1)
        guard pair.count == 2, pair[0].trimmingSpaces().lowercased() == "q" else { continue }
        weight = qvalue(pair[1].trimmingSpaces())
      }
      let acceptable = (weight ?? 0) > 0
      switch coding {
      case "gzip", "x-gzip": named = (named ?? false) || acceptable
      case "*": wildcard = (wildcard ?? false) || acceptable
      default: continue
      }
    }
    return named ?? wildcard ?? false
  }

  /// RFC 9110 `qvalue`: "0" to "1" with at most three decimals; nil for anything else.
  static func qvalue(_ text: Substring) -> Double? {
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts[0] == "0" || parts[0] == "1" else { return nil }
    if parts.count == 2 {
      let decimals = parts[1]
      guard decimals.count <= 3, decimals.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
        return nil
      }
      if parts[0] == "1", decimals.contains(where: { $0 != "0" }) { return nil }
    }
    return Double(text)
  }
}

/// Entity tags and `If-None-Match` (RFC 9110 §8.8.3, §13.1.2). Pure.
enum EntityTag {
  /// A strong tag for `bytes`: a 64-bit FNV-1a hash, quoted ("\"9f2c…\""), with `suffix`
  /// inside the quotes (a gzip body's tag differs from the identity one's).
  static func of(_ bytes: [UInt8], suffix: String = "") -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + suffix + "\""
  }

  /// Whether `If-None-Match` (`header`) matches the representation tagged `tag`: `*`, or any
  /// listed tag equal to it by weak comparison (a `W/` prefix is ignored). A list that
  /// doesn't parse matches nothing.
  static func noneMatch(_ header: String?, matches tag: String) -> Bool {
    guard let header else { return false }
    let opaque = tag.hasPrefix("W/") ? Substring(tag.dropFirst(2)) : Substring(tag)
    var rest = Substring(header)
    while true {
      rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
      if rest.isEmpty { return false }
      if rest.hasPrefix("*") { return true }
      if rest.hasPrefix("W/") { rest = rest.dropFirst(2) }
      guard rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") else {
        return false
      }
      if rest[...close] == opaque { return true }
      rest = rest[rest.index(after: close)...]
    }
  }
}
