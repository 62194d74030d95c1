/// An immutable open-addressing hash map from folded keyword bytes to a small payload.
///
/// Keys live back to back in one byte arena, so a lookup hashes a byte range of an `ItemText`
/// and compares bytes: no strings are built on the hot path. Linear probing over a power-of-two
/// slot array kept at most half full.
struct KeywordTable: Sendable {
  struct Entry: Sendable {
    var keyStart: UInt32
    var keyLength: UInt16
    var emoji: UInt16
    var category: UInt16
    var measure: MeasureKind?
    /// Words in the key (a phrase like "peanut butter" has two).
    var wordCount: UInt8
  }

  private(set) var arena: [UInt8] = []
  private(set) var entries: [Entry] = []
  private var hashes: [UInt32] = []
  private var slots: [Int32] = []
  private var mask = 0

  init(capacity: Int, arenaCapacity: Int = 0) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    slots = Array(repeating: -1, count: size)
    mask = size - 1
    entries.reserveCapacity(capacity)
    hashes.reserveCapacity(capacity)
    arena.reserveCapacity(arenaCapacity)
  }

  var count: Int { entries.count }

  /// Approximate heap bytes held by the table.
  var approximateBytes: Int {
    arena.capacity + entries.capacity * MemoryLayout<Entry>.stride + hashes.capacity * 4
      + slots.capacity * 4
  }

  /// FNV-1a over a byte range.
  @inline(__always)
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt32 {
    var h: UInt32 = 2_166_136_261
    for k in range {
      h = (h ^ UInt32(bytes[k])) &* 16_777_619
    }
    return h
  }

  /// Adds the key held in `bytes[range]` unless it is already present; returns false for a key
  /// already there. `skipping` drops one byte value from the key (used to join a phrase's words).
  @discardableResult
  mutating func insert(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, skipping: UInt8? = nil,
    emoji: UInt16, category: UInt16, measure: MeasureKind?, wordCount: Int
  ) -> Bool {
    let start = arena.count
    if let skipping {
      for k in range where bytes[k] != skipping { arena.append(bytes[k]) }
    } else {
      arena.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
    }
    let length = arena.count - start
    let (h, found) = arena.withUnsafeBufferPointer { arena in
      let h = KeywordTable.hash(arena, start..<start + length)
      return (h, lookup(arena, start..<start + length, hash: h))
    }
    if found != nil || length == 0 {
      arena.removeLast(length)
      return false
    }
    if (entries.count + 1) * 2 > slots.count { grow() }
    entries.append(
      Entry(
        keyStart: UInt32(start), keyLength: UInt16(length), emoji: emoji, category: category,
        measure: measure, wordCount: UInt8(min(wordCount, 255))))
    hashes.append(h)
    place(Int32(entries.count - 1), hash: h)
    return true
  }

  private mutating func place(_ index: Int32, hash: UInt32) {
    var slot = Int(hash) & mask
    while slots[slot] >= 0 { slot = (slot + 1) & mask }
    slots[slot] = index
  }

  private mutating func grow() {
    slots = Array(repeating: -1, count: slots.count * 2)
    mask = slots.count - 1
    for (index, h) in hashes.enumerated() { place(Int32(index), hash: h) }
  }

  /// The entry index for the bytes in `range`, whose hash is `h`.
  @inline(__always)
  func lookup(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, hash h: UInt32) -> Int? {
    slots.withUnsafeBufferPointer { slots in
      hashes.withUnsafeBufferPointer { hashes in
        entries.withUnsafeBufferPointer { entries in
          arena.withUnsafeBufferPointer { arena in
            var slot = Int(h) & mask
            while true {
              let index = Int(slots[slot])
              if index < 0 { return nil }
              if hashes[index] == h {
                let entry = entries[index]
                let length = Int(entry.keyLength)
                if length == range.count {
                  let start = Int(entry.keyStart)
                  var same = true
                  var k = 0
                  while k < length {
                    if arena[start + k] != bytes[range.lowerBound + k] {
                      same = false
                      break
                    }
                    k += 1
                  }
                  if same { return index }
                }
              }
              slot = (slot + 1) & mask
            }
          }
        }
      }
    }
  }

  /// Convenience lookup of a whole byte range (hashes it first).
  @inline(__always)
  func lookup(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
    lookup(bytes, range, hash: KeywordTable.hash(bytes, range))
  }

  /// The key bytes of an entry, as a string (for tests and tools).
  func key(at index: Int) -> String {
    let entry = entries[index]
    let start = Int(entry.keyStart)
    return String(decoding: arena[start..<start + Int(entry.keyLength)], as: UTF8.self)
  }
}
