/// Reduces an English word to a plural-free stem so that singular and plural meet.
///
/// The stem is a match key, not a dictionary word: "berry" and "berries" both become "berri",
/// "cookie" and "cookies" both become "cooki", "tomato" and "tomatoes" both "tomato", "loaf"
/// and "loaves" both "loaf". Keywords and item names go through the same function, so the only
/// requirement is that the forms of one word collide and different words do not.
/// `Tools/emoji/generate.py` mirrors these rules to catch curated keywords that collide.
enum Stemmer {
  private static let a: UInt8 = 0x61
  private static let c: UInt8 = 0x63
  private static let e: UInt8 = 0x65
  private static let h: UInt8 = 0x68
  private static let i: UInt8 = 0x69
  private static let o: UInt8 = 0x6F
  private static let s: UInt8 = 0x73
  private static let u: UInt8 = 0x75
  private static let v: UInt8 = 0x76
  private static let x: UInt8 = 0x78
  private static let y: UInt8 = 0x79
  private static let z: UInt8 = 0x7A

  /// Plurals in -ves whose singular ends in -f or -fe; every other -ves word just loses its -s.
  private static let fPlurals: [[UInt8]: [UInt8]] = {
    let pairs = [
      ("loaves", "loaf"), ("leaves", "leaf"), ("halves", "half"), ("knives", "knife"),
      ("calves", "calf"), ("shelves", "shelf"), ("scarves", "scarf"), ("wolves", "wolf"),
      ("thieves", "thief"), ("wives", "wife"), ("lives", "life"), ("sheaves", "sheaf"),
    ]
    var map: [[UInt8]: [UInt8]] = [:]
    for (plural, singular) in pairs { map[Array(plural.utf8)] = Array(singular.utf8) }
    return map
  }()

  /// Stems the word that runs from `start` to the end of `buffer`, in place.
  static func stem(_ buffer: inout [UInt8], from start: Int) {
    var n = buffer.count - start
    guard n >= 3 else { return }
    for k in start..<buffer.count where buffer[k] < a || buffer[k] > z { return }
    @inline(__always) func at(_ back: Int) -> UInt8 { buffer[buffer.count - back] }
    @inline(__always) func drop(_ k: Int) {
      buffer.removeLast(k)
      n -= k
    }

    // Step 1: take off the plural ending.
    if n >= 4, at(1) == s {
      if at(3) == v, at(2) == e {
        if let singular = fPlurals[Array(buffer[start...])] {
          buffer.replaceSubrange(start..., with: singular)
          return
        }
        drop(1)
      } else if n >= 5, at(3) == i, at(2) == e {
        drop(2)
        buffer[buffer.count - 1] = y  // berries → berry
      } else if n >= 5, at(3) == o, at(2) == e {
        drop(2)  // tomatoes → tomato
      } else if at(2) == e,
        (at(3) == x) || (at(3) == h && (at(4) == c || at(4) == s))
          || (n >= 5 && at(3) == s && at(4) == s) || (n >= 5 && at(3) == z && at(4) == z)
      {
        drop(2)  // boxes, peaches, radishes, glasses, fizzes
      } else if at(2) != s, at(2) != u {
        drop(1)
      }
    }

    // Step 2: give endings that vary between singular and plural one spelling.
    guard n >= 3 else { return }
    let last = at(1)
    if last == y, !isVowel(at(2)) {
      buffer[buffer.count - 1] = i  // berry → berri, so it meets "berries" → "berri"
    } else if n >= 4, last == e, at(2) == i || at(2) == o {
      drop(1)  // cookie → cooki, shoe → sho
    } else if n >= 5, last == e, at(2) == h, at(3) == c {
      drop(1)  // quiche → quich, to meet "quiches"
    }
  }

  private static func isVowel(_ b: UInt8) -> Bool {
    b == a || b == e || b == i || b == o || b == u
  }
}
