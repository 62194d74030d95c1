import BasketKit
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The list's answers, each made once per state of the list and served from memory until the
/// state moves, within a bound on the memory they hold.
///
/// A state is the store's revision, the app's own writes (`WebApp.localWrites`) and the list
/// asked for; an answer
/// also ends at `validUntil`, when time alone changes the list (an item's hour in Got it, an
/// undo window, the day's mood). Reads take a shared lock and never wait for each other; a
/// miss is built by one thread while the others wait for it, so fifty reads at a new revision
/// cost one read of the store. At most `limit` bytes are kept: an answer that doesn't fit is
/// made, sent and dropped, so a huge list costs time, never memory that stays.
final class ListCache: Sendable {
  /// The default bound: a 5,000-item list is about 0.6 MB in v2's shape, 0.1 MB gzipped.
  static let defaultLimit = 4 << 20

  struct State: Equatable, Sendable {
    var revision: Int64
    var localWrites: Int
    /// The list asked for (`?list=`); nil: the household's first.
    var list: UUID? = nil
  }

  /// One version's answer for one state.
  struct Answer: Sendable {
    var state: State
    var version: APIVersion
    var validUntil: Date
    /// v2: the whole body. v1: the body up to `"now":`, whose value each request fills in.
    var body: [UInt8]
    /// v1: the body after `now`'s value. v2: empty.
    var tail: [UInt8] = []
    /// The identity body's ETag (v1's is weak: `now` differs per request).
    var tag: String
    /// v2's body gzipped, once a request accepted it (nil before, for a body too small to
    /// gain, or when zlib failed).
    var gzip: [UInt8]?
    /// Whether `gzip` was made (or found not worth making) already.
    var compressed = false

    /// The memory the answer holds.
    var bytes: Int { body.count + tail.count + (gzip?.count ?? 0) }

    func fresh(_ state: State, at now: Date) -> Bool {
      self.state == state && now < validUntil
    }
  }

  let limit: Int
  private let answers = ReadMostly<[Answer]>([])
  private let building = Mutex(())
  private let makes = Atomic<Int>(0)

  init(limit: Int = ListCache.defaultLimit) {
    self.limit = limit
  }

  /// The bytes held now (at most `limit`).
  var bytes: Int { answers.read().reduce(0) { $0 + $1.bytes } }

  /// How many answers were made (read from the store and written) so far.
  var made: Int { makes.load(ordering: .relaxed) }

  /// The kept answer of `version` at `state`, if it is still fresh at `now`.
  func answer(_ version: APIVersion, at state: State, now: Date) -> Answer? {
    answers.read().first { $0.version == version && $0.fresh(state, at: now) }
  }

  /// The answer of `version` at `state`: kept, or made by `make` (once, however many threads
  /// ask at the same moment) and kept if it fits. With `gzip`, a v2 answer carries its body
  /// gzipped (compressed once per answer, by `compress`).
  func answer(
    _ version: APIVersion, at state: State, now: Date, gzip: Bool,
    make: () throws -> Answer, compress: ([UInt8]) -> [UInt8]?
  ) rethrows -> Answer {
    if let kept = answer(version, at: state, now: now), !gzip || kept.compressed {
      return kept
    }
    return try building.withLock { _ in
      if let kept = answer(version, at: state, now: now), !gzip || kept.compressed {
        return kept
      }
      var made: Answer
      if let kept = answer(version, at: state, now: now) {
        made = kept
      } else {
        made = try make()
        makes.add(1, ordering: .relaxed)
      }
      if gzip, !made.compressed {
        made.gzip = compress(made.body)
        made.compressed = true
      }
      keep(made)
      return made
    }
  }

  /// Keeps `answer` in place of any answer of its version, dropping answers of other states,
  /// as far as `limit` allows; an answer larger than `limit` is not kept. When only its gzip
  /// doesn't fit, the body is kept without it and later reads get the body as it is (rather
  /// than compressing it again each time).
  private func keep(_ answer: Answer) {
    var kept = answer
    if kept.bytes > limit { kept.gzip = nil }
    var next: [Answer] = kept.bytes <= limit ? [kept] : []
    var total = next.first?.bytes ?? 0
    for other in answers.read()
    where other.version != answer.version && other.state == answer.state
      && total + other.bytes <= limit
    {
      next.append(other)
      total += other.bytes
    }
    answers.write(next)
  }
}
