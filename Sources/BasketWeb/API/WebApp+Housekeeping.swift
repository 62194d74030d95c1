import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// When the list's next tidy is due, as read at one store revision.
struct TidySchedule: Sendable {
  var revision: Int64
  var due: Date?
}

extension WebApp {
  /// The server's housekeeping step: when time has settled something on the list (a Got it
  /// item's hour has passed, a Clear all can no longer be undone), commits it as an ordinary
  /// store write, so the revision moves, removals leave tombstones, and live pages and CalDAV
  /// clients see the item go although nobody wrote. Returns whether the store changed.
  ///
  /// Cost: a revision read while nothing is due; the due date (`Basket.nextTidy`, a read of
  /// every item) is worked out again only after the store changes. `WebServer` calls it once a
  /// second from its housekeeping thread.
  public func tidyIfDue() -> Bool {
    guard let revision = try? basket.store.revision() else { return false }
    let known = tidySchedule.withLock { $0 }
    let due: Date?
    if let known, known.revision == revision {
      due = known.due
    } else {
      guard let next = try? basket.nextTidy() else { return false }
      due = next
      tidySchedule.withLock { $0 = TidySchedule(revision: revision, due: next) }
    }
    guard let due, due <= basket.now, (try? basket.tidy()) != nil else { return false }
    localWrites.add(1, ordering: .releasing)
    return (try? basket.store.revision()) != revision
  }
}
