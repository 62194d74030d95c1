/// Reduces an English word to one singular spelling, so that the singular and plural of a word
/// meet: "loaves" → "loaf", "knives" → "knife", "tomatoes" → "tomato", "peaches" → "peach",
/// "glasses" → "glass", "apples" → "apple". Words that merely end in s keep it ("hummus",
/// "asparagus", "swiss", "glass", "gas").
///
/// The result is a match key, not always a dictionary word. A plural in -ies can come from -y,
/// -i or -ie ("berries", "chillies", "cookies"), so all three meet on -i: "berry" and "berries"
/// both give "berri", "chilli" and "chillies" "chilli", "cookie" and "cookies" "cooki". Likewise
/// "shoe"/"shoes" give "sho" and "quiche"/"quiches" "quich". Only lower-case ASCII words of
/// three letters or more change; anything else (digits, other scripts) is kept as it is.
enum Singular {
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

  /// Plurals in -ves whose singular ends in -f or -fe; every other -ves word just loses its -s
  /// ("olives", "cloves", "gloves").
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

  /// Reduces the word that runs from `start` to the end of `buffer`, in place.
  static func reduce(_ buffer: inout [UInt8], from start: Int) {
    var n = buffer.count - start
    guard n >= 3 else { return }
    for k in start..<buffer.count where buffer[k] < 0x61 || buffer[k] > z { return }
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
        drop(2)  // berries → berri, chillies → chilli, cookies → cooki
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

    // Step 2: give singulars whose plural is ambiguous the spelling their plural reduces to.
    guard n >= 3 else { return }
    if at(1) == y, !isVowel(at(2)) {
      buffer[buffer.count - 1] = i  // berry → berri, to meet "berries" → "berri"
      return
    }
    guard n >= 4, at(1) == e else { return }
    if at(2) == i || at(2) == o {
      drop(1)  // cookie → cooki, shoe → sho, to meet "cookies" and "shoes"
    } else if n >= 5, at(2) == h, at(3) == c {
      drop(1)  // quiche → quich, to meet "quiches" → "quich"
    }
  }

  private static func isVowel(_ b: UInt8) -> Bool {
    b == 0x61 || b == e || b == i || b == o || b == u
  }
}
