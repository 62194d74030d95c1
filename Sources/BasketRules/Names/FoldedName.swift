/// A name folded into words: lower case, accents stripped, apostrophes dropped, any other
/// punctuation or symbol turned into a word break, and (unless asked not to) each word reduced
/// to one singular spelling by `Singular`. This is the one folding Basket has: item identity
/// (`NameKey`), suggestion matching and the emoji classifier go through it, and the emoji
/// tables' keys are made by it too (the generator runs `EmojiLab fold`).
///
/// The words sit in one byte buffer separated by single spaces, so any run of consecutive words
/// is a contiguous byte range and can be hashed without building a string. Cost: one pass over
/// the name's UTF-8 bytes; no allocation beyond the two arrays for plain Latin text.
package struct FoldedName {
  /// The folded words, separated by single spaces.
  package private(set) var bytes: [UInt8] = []
  /// Where each word sits in `bytes`.
  package private(set) var words: [Word] = []

  package struct Word {
    package var start: Int
    package var end: Int
    /// True when a comma, bracket, slash or similar opened a new clause before this word.
    package var startsClause: Bool
    package var length: Int { end - start }
  }

  package init(_ name: String, singular: Bool = true) {
    bytes.reserveCapacity(name.utf8.count + 4)
    var text = name
    text.withUTF8 { append($0, singular: singular) }
  }

  /// Folds the UTF-8 text in `input` and appends its words.
  package mutating func append(_ input: UnsafeBufferPointer<UInt8>, singular: Bool) {
    var wordStart = -1
    var pendingBreak = false
    var startsClause = false

    func beginWord() {
      guard wordStart < 0 else { return }
      startsClause = pendingBreak && !words.isEmpty
      pendingBreak = false
      if !bytes.isEmpty { bytes.append(0x20) }
      wordStart = bytes.count
    }
    func endWord() {
      guard wordStart >= 0 else { return }
      if singular { Singular.reduce(&bytes, from: wordStart) }
      words.append(Word(start: wordStart, end: bytes.count, startsClause: startsClause))
      wordStart = -1
    }

    let n = input.count
    var k = 0
    while k < n {
      let lead = input[k]
      if lead < 0x80 {
        switch lead {
        case 0x61...0x7A, 0x30...0x39:
          // NB: a run of lower-case letters and digits, the common case, is copied in one go.
          beginWord()
          var end = k + 1
          while end < n, case let b = input[end],
            (0x61...0x7A).contains(b) || (0x30...0x39).contains(b)
          {
            end += 1
          }
          bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[k..<end]))
          k = end
          continue
        default: break
        }
        k += 1
        switch lead {
        case 0x41...0x5A:
          beginWord()
          bytes.append(lead | 0x20)
        case 0x27, 0x60:
          continue  // apostrophes join: "baker's" reads as "bakers"
        case 0x2C, 0x28, 0x29, 0x5B, 0x5D, 0x2F, 0x3B, 0x3A, 0x7C:
          endWord()
          pendingBreak = true
        default:
          endWord()
        }
        continue
      }
      let (value, length) = Self.decode(input, at: k)
      k += length
      if (0x300...0x36F).contains(value) || value == 0x2019 || value == 0x2018 || value == 0x2BC {
        continue  // combining accents and curly apostrophes vanish
      }
      if let plain = Self.foldLatin(value) {
        beginWord()
        plain.withUTF8Buffer { bytes.append(contentsOf: $0) }
      } else if let scalar = Unicode.Scalar(value),
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
      {
        beginWord()
        bytes.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
      } else {
        endWord()
      }
    }
    endWord()
  }

  /// The scalar value starting at `k` and its length in bytes. Malformed UTF-8 (which a Swift
  /// string never holds) decodes as a one-byte separator.
  @inline(__always)
  private static func decode(_ input: UnsafeBufferPointer<UInt8>, at k: Int) -> (UInt32, Int) {
    let lead = UInt32(input[k])
    let length =
      lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    guard length > 1, k + length <= input.count else { return (0xFFFD, 1) }
    var value = lead & (0x7F >> UInt32(length))
    for j in 1..<length { value = value << 6 | UInt32(input[k + j] & 0x3F) }
    return (value, length)
  }

  /// The whole folded text as one string, words separated by single spaces.
  package var key: String { String(decoding: bytes, as: UTF8.self) }

  /// ASCII spelling of a Latin-1 or Latin Extended-A letter, or nil for anything else.
  package static func foldLatin(_ v: UInt32) -> StaticString? {
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
