import BasketKit
import BasketStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The numbers the last `basket list` showed, so that `basket check 2` typed after it means
/// the item that was number 2 then, even when adds (a re-add bumps an item to the top),
/// check-offs or another phone have moved the list since. Each `list` replaces them; until the
/// first one, numbers are the list's order now.
///
/// They are kept beside the store, in "STORE.list-numbers" (one item id per line), not in it:
/// they belong to one person's terminal, and a `list` must not write to the household's store
/// (nor fail on a read-only one). A file that can't be written or read just means no numbers
/// were kept.
enum ListNumbers {
  ///
  /// Each list numbers its own items: a list other than the first (`--list`) keeps them in
  /// "STORE.list-numbers.NAME", its name folded to letters, digits and dashes.
  static func path(for store: StoreLocation, list: String? = nil) -> String {
    guard let list else { return store.path + ".list-numbers" }
    let folded = NameKey.of(list).unicodeScalars.map {
      ("a"..."z").contains($0) || ("0"..."9").contains($0) ? Character($0) : "-"
    }
    return store.path + ".list-numbers." + String(String(folded).prefix(60))
  }

  /// Keeps the numbering `sections` is shown with (To get, then Got it).
  static func remember(_ sections: ListSections, store: StoreLocation, list: String? = nil) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity((sections.toGet.count + sections.gotIt.count) * 37)
    for section in [sections.toGet, sections.gotIt] {
      for item in section {
        item.id.appendStoredText(to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
      }
    }
    let target = path(for: store, list: list)
    // NB: a list shown again unchanged keeps its file: renaming over it costs more than the
    // whole rest of numbering, and `basket list` should cost little more than sqlite3.
    if contents(of: target, upTo: bytes.count + 1) == bytes { return }
    // NB: written whole into a file of its own (mkstemp: a unique name, mode 0600), then
    // renamed over the old one, so a reader never sees half a file and two lists at the same
    // instant can't write into one temporary file.
    var template = Array((target + ".XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return }
    let temporary = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let written = bytes.withUnsafeBytes { whole in
      var offset = 0
      while offset < whole.count {
        let count = write(descriptor, whole.baseAddress! + offset, whole.count - offset)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
      }
      return true
    }
    guard close(descriptor) == 0, written, rename(temporary, target) == 0 else {
      unlink(temporary)
      return
    }
  }

  /// The first `limit` bytes of the file at `path`, or nil when it can't be read.
  private static func contents(of path: String, upTo limit: Int) -> [UInt8]? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes = [UInt8](repeating: 0, count: limit)
    let count = fread(&bytes, 1, limit, file)
    return Array(bytes.prefix(count))
  }

  /// The ids the last list numbered, in order; nil when no list kept any.
  static func read(store: StoreLocation, list: String? = nil) -> [UUID]? {
    guard let file = fopen(path(for: store, list: list), "r") else { return nil }
    defer { fclose(file) }
    var ids: [UUID] = []
    var line = [CChar](repeating: 0, count: 64)
    while ids.count < 100_000, fgets(&line, Int32(line.count), file) != nil {
      let text = String(
        decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      guard let id = UUID.stored(String(text.trimmingPrefix(" ").prefix(36))) else {
        return nil  // not a file this wrote: no numbers
      }
      ids.append(id)
    }
    return ids
  }
}
