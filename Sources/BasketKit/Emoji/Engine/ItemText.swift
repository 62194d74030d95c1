/// An item name folded into match-ready form: lower case, accents stripped, punctuation turned
/// into word breaks, apostrophes dropped, and each word reduced to its plural-free stem.
///
/// The words sit in one byte buffer separated by single spaces, so any run of consecutive words
/// is a contiguous byte range and can be hashed without building a string. Cost: one pass over
/// the name's Unicode scalars and one small allocation.
struct ItemText {
  /// The stemmed words, separated by single spaces.
  var bytes: [UInt8] = []
  /// Where each word sits in `bytes`.
  var words: [Word] = []

  struct Word {
    var start: Int
    var end: Int
    /// True when a comma, bracket, slash or similar opened a new clause before this word.
    var startsClause: Bool
    var length: Int { end - start }
  }

  init(_ name: String) {
    var raw: [UInt8] = []
    raw.reserveCapacity(name.utf8.count + 8)
    var clauseBreak = false
    var pendingBreak = false
    var rawWords: [(start: Int, end: Int, clause: Bool)] = []
    rawWords.reserveCapacity(8)
    var wordStart = -1

    func endWord(_ raw: [UInt8], _ rawWords: inout [(start: Int, end: Int, clause: Bool)]) {
      if wordStart >= 0 {
        rawWords.append((wordStart, raw.count, clauseBreak))
        clauseBreak = false
        wordStart = -1
      }
    }

    for scalar in name.unicodeScalars {
      let v = scalar.value
      var folded: StaticString? = nil
      var letter: UInt8 = 0
      if v < 0x80 {
        switch v {
        case 0x41...0x5A: letter = UInt8(v) | 0x20
        case 0x61...0x7A, 0x30...0x39: letter = UInt8(v)
        case 0x27, 0x60: continue  // apostrophes join: "baker's" reads as "bakers"
        case 0x2C, 0x28, 0x29, 0x5B, 0x5D, 0x2F, 0x3B, 0x3A, 0x7C:
          pendingBreak = true
        default: break
        }
      } else if (0x300...0x36F).contains(v) || v == 0x2019 || v == 0x2018 || v == 0x2BC {
        continue  // combining accents and curly apostrophes vanish
      } else {
        folded = ItemText.foldLatin(v)
        if folded == nil, scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
          if wordStart < 0 {
            if pendingBreak, !rawWords.isEmpty { clauseBreak = true }
            pendingBreak = false
            wordStart = raw.count
          }
          raw.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
          continue
        }
      }
      if letter == 0, folded == nil {
        endWord(raw, &rawWords)
        continue
      }
      if wordStart < 0 {
        if pendingBreak, !rawWords.isEmpty { clauseBreak = true }
        pendingBreak = false
        wordStart = raw.count
      }
      if let folded {
        folded.withUTF8Buffer { raw.append(contentsOf: $0) }
      } else {
        raw.append(letter)
      }
    }
    endWord(raw, &rawWords)

    bytes.reserveCapacity(raw.count + rawWords.count)
    words.reserveCapacity(rawWords.count)
    for w in rawWords {
      if !bytes.isEmpty { bytes.append(0x20) }
      let start = bytes.count
      bytes.append(contentsOf: raw[w.start..<w.end])
      Stemmer.stem(&bytes, from: start)
      words.append(Word(start: start, end: bytes.count, startsClause: w.clause))
    }
  }

  /// The whole folded text as one string, words separated by single spaces.
  var key: String { String(decoding: bytes, as: UTF8.self) }

  /// ASCII spelling of a Latin-1 or Latin Extended-A letter, or nil for anything else.
  static func foldLatin(_ v: UInt32) -> StaticString? {
    switch v {
    case 0xC0...0xC5, 0xE0...0xE5, 0x100...0x105: return "a"
    case 0xC6, 0xE6: return "ae"
    case 0xC7, 0xE7, 0x106...0x10D: return "c"
    case 0xD0, 0xF0, 0x10E...0x111: return "d"
    case 0xC8...0xCB, 0xE8...0xEB, 0x112...0x11B: return "e"
    case 0x11C...0x123: return "g"
    case 0x124...0x127: return "h"
    case 0xCC...0xCF, 0xEC...0xEF, 0x128...0x131: return "i"
    case 0x132, 0x133: return "ij"
    case 0x134, 0x135: return "j"
    case 0x136...0x138: return "k"
    case 0x139...0x142: return "l"
    case 0xD1, 0xF1, 0x143...0x14B: return "n"
    case 0xD2...0xD6, 0xD8, 0xF2...0xF6, 0xF8, 0x14C...0x151: return "o"
    case 0x152, 0x153: return "oe"
    case 0x154...0x159: return "r"
    case 0x15A...0x161, 0x17F, 0x218, 0x219: return "s"
    case 0xDF: return "ss"
    case 0x162...0x167, 0x21A, 0x21B: return "t"
    case 0xDE, 0xFE: return "th"
    case 0xD9...0xDC, 0xF9...0xFC, 0x168...0x173: return "u"
    case 0x174, 0x175: return "w"
    case 0xDD, 0xFD, 0xFF, 0x176...0x178: return "y"
    case 0x179...0x17E: return "z"
    default: return nil
    }
  }
}
