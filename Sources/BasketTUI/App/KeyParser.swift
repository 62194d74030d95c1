/// Decodes the bytes a terminal sends in raw mode into key presses and pastes.
///
/// Understands UTF-8 text, C0 control keys, CSI and SS3 sequences for arrows, Home/End,
/// Page Up/Down, Delete, Shift-Tab and F1–F12 (with or without modifiers), and bracketed
/// paste. A lone Esc can't be told from the start of a sequence until a moment passes: the
/// runner calls `flush()` when no more bytes arrive shortly after one.
public struct KeyParser: Sendable {
  /// What the parser produced.
  public enum Input: Equatable, Sendable {
    case key(Key)
    case paste(String)
  }

  private var pending: [UInt8] = []
  private var pasting: [UInt8]?

  public init() {}

  /// True when a lone Esc (or a partial sequence) waits for more bytes.
  public var isWaiting: Bool { !pending.isEmpty }

  /// Feeds bytes; returns every complete input they finish.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Input] {
    pending.append(contentsOf: bytes)
    var inputs: [Input] = []
    while let (input, used) = next() {
      pending.removeFirst(used)
      if let input { inputs.append(input) }
    }
    return inputs
  }

  /// Gives up waiting: whatever is pending becomes plain keys (a lone Esc becomes `.escape`).
  public mutating func flush() -> [Input] {
    guard !pending.isEmpty else { return [] }
    var inputs: [Input] = []
    if pending.first == 0x1B {
      inputs.append(.key(.escape))
      pending.removeFirst()
    }
    let rest = pending
    pending = []
    inputs.append(contentsOf: feed(rest))
    if pending.first == 0x1B, pending.count == 1 {
      pending = []
      inputs.append(.key(.escape))
    }
    return inputs
  }

  /// Decodes one input from the front of `pending`: nil when more bytes are needed; a nil
  /// input with a count when bytes are consumed without producing anything.
  private mutating func next() -> (Input?, Int)? {
    guard let first = pending.first else { return nil }
    if pasting != nil { return pasteByte() }
    switch first {
    case 0x1B: return escape()
    case 0x0D, 0x0A: return (.key(.enter), 1)
    case 0x09: return (.key(.tab), 1)
    case 0x7F, 0x08: return (.key(.backspace), 1)
    case 0x01...0x1A: return (.key(.control(Character(Unicode.Scalar(first + 0x60)))), 1)
    case 0x00, 0x1C...0x1F: return (nil, 1)
    default: return utf8()
    }
  }

  private func utf8() -> (Input?, Int)? {
    let first = pending[0]
    let length =
      switch first {
      case 0x20..<0x80: 1
      case 0xC0..<0xE0: 2
      case 0xE0..<0xF0: 3
      case 0xF0..<0xF8: 4
      default: 0
      }
    guard length > 0 else { return (nil, 1) }  // a stray continuation byte
    guard pending.count >= length else { return nil }
    let bytes = pending[0..<length]
    guard bytes.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }) else { return (nil, 1) }
    let text = String(decoding: bytes, as: UTF8.self)
    guard let character = text.first, text.unicodeScalars.first != "\u{FFFD}" else {
      return (nil, length)
    }
    return (.key(.character(character)), length)
  }

  private mutating func escape() -> (Input?, Int)? {
    guard pending.count >= 2 else { return nil }
    switch pending[1] {
    case UInt8(ascii: "["): return csi()
    case UInt8(ascii: "O"):
      guard pending.count >= 3 else { return nil }
      let key: Key? =
        switch pending[2] {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "M"): .enter
        case UInt8(ascii: "P"): .function(1)
        case UInt8(ascii: "Q"): .function(2)
        case UInt8(ascii: "R"): .function(3)
        case UInt8(ascii: "S"): .function(4)
        default: nil
        }
      return (key.map { .key($0) }, 3)
    case 0x1B:
      return (.key(.escape), 1)
    default:
      // Alt plus a key: treat it as the key alone.
      return (nil, 1)
    }
  }

  private mutating func csi() -> (Input?, Int)? {
    // ESC [ parameters (0x30–0x3F) intermediates (0x20–0x2F) final (0x40–0x7E)
    var index = 2
    while index < pending.count, (0x20...0x3F).contains(pending[index]) { index += 1 }
    guard index < pending.count else { return pending.count > 32 ? (nil, pending.count) : nil }
    let final = pending[index]
    let parameters = String(decoding: pending[2..<index], as: UTF8.self)
    let used = index + 1
    let numbers = parameters.split(separator: ";").map { Int($0) ?? 0 }
    let key: Key?
    // Alt (ESC [ 1 ; 3 A, or with Ctrl too: 7) makes ↑ ↓ move the item, and Shift-Alt (4, or
    // with Ctrl too: 8) its category; Alt-← → move the item to another category; others are
    // plain.
    let modifier = numbers.count >= 2 ? numbers[1] : 1
    let moves = [3, 7].contains(modifier)
    let movesGroup = [4, 8].contains(modifier)
    switch final {
    case UInt8(ascii: "A"): key = movesGroup ? .moveGroupUp : moves ? .moveUp : .up
    case UInt8(ascii: "B"): key = movesGroup ? .moveGroupDown : moves ? .moveDown : .down
    case UInt8(ascii: "C"): key = moves ? .moveRight : .right
    case UInt8(ascii: "D"): key = moves ? .moveLeft : .left
    case UInt8(ascii: "H"): key = .home
    case UInt8(ascii: "F"): key = .end
    case UInt8(ascii: "Z"): key = .backTab
    case UInt8(ascii: "P"): key = .function(1)
    case UInt8(ascii: "Q"): key = .function(2)
    case UInt8(ascii: "R"): key = .function(3)
    case UInt8(ascii: "S"): key = .function(4)
    case UInt8(ascii: "~"):
      switch numbers.first ?? 0 {
      case 200:
        pasting = []
        return (nil, used)
      case 1, 7: key = .home
      case 4, 8: key = .end
      case 3: key = .delete
      case 5: key = .pageUp
      case 6: key = .pageDown
      case 11...15: key = .function(numbers[0] - 10)
      case 17...21: key = .function(numbers[0] - 11)
      case 23, 24: key = .function(numbers[0] - 12)
      default: key = nil
      }
    default: key = nil
    }
    return (key.map { .key($0) }, used)
  }

  /// Inside a bracketed paste: collects bytes until ESC [ 2 0 1 ~.
  private mutating func pasteByte() -> (Input?, Int)? {
    let end: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
    if pending[0] == 0x1B {
      let available = min(pending.count, end.count)
      guard Array(pending[0..<available]) == Array(end[0..<available]) else {
        pasting!.append(pending[0])
        return (nil, 1)
      }
      guard available == end.count else { return nil }
      let text = String(decoding: pasting!, as: UTF8.self)
      pasting = nil
      return (.paste(text), end.count)
    }
    pasting!.append(pending[0])
    return (nil, 1)
  }
}
