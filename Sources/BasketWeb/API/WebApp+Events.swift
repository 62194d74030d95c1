import BasketKit

extension WebApp {
  /// The change notice for everything that changed after `revision`: the `/changes` JSON from
  /// `revision` (`from`) to now (`revision`, `items`, `removed`), so a live page applies it
  /// without refetching. Nil when the store no longer knows what changed since then (older
  /// than `OpLog.retention`) or can't be read; the server then sends a bare notice and pages
  /// refetch the list. One revision read and one indexed read of the changed rows.
  public func changeNotice(after revision: Int64) -> ChangeNotice? {
    guard let changes = try? basket.store.changes(since: revision) else { return nil }
    // NB: an older version's shape is made only if a page speaking it listens.
    return ChangeNotice(
      revision: changes.revision, payload: changesValue(changes, .current),
      older: { [self] version in changesValue(changes, version) })
  }
}
