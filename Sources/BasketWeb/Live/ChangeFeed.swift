import BasketKit
import Synchronization

/// Turns "the store may have changed" into change notices on a hub, once per new revision.
///
/// Called after every write the server makes (so other pages hear of it at once) and by the
/// store watcher when another process writes. Each call costs one revision read; revisions
/// already announced are not announced again.
public final class ChangeFeed: Sendable {
  public let hub = BroadcastHub<ChangeNotice>()
  private let readRevision: @Sendable () -> Int64?
  private let describe: @Sendable (Int64) -> ChangeNotice?
  private let announced = Mutex<Int64?>(nil)

  /// `readRevision` returns the store's revision, or nil when it can't be read. `describe`
  /// returns the notice for everything after a revision (with the change as its payload), or
  /// nil when that is unknown; the feed then announces the bare revision.
  public init(
    readRevision: @escaping @Sendable () -> Int64?,
    describe: @escaping @Sendable (Int64) -> ChangeNotice? = { _ in nil }
  ) {
    self.readRevision = readRevision
    self.describe = describe
  }

  /// The last revision announced (or first read), if any.
  public var revision: Int64? { announced.withLock { $0 } }

  /// Subscribes to change notices, first handing `initial` the revision announced so far,
  /// with no notice able to slip in between (a page's hello and its first change stay in
  /// order).
  public func subscribe(
    initial: (Int64?) -> Void, _ subscriber: @escaping BroadcastHub<ChangeNotice>.Subscriber
  ) -> BroadcastHub<ChangeNotice>.Token {
    announced.withLock { last in
      initial(last)
      return hub.subscribe(subscriber)
    }
  }

  /// Runs `body` with the revision announced so far (nil before the first), no notice able to
  /// be announced meanwhile: what joins the listeners in `body` hears exactly what follows it.
  public func withAnnounced<T>(_ body: (Int64?) -> T) -> T {
    announced.withLock { body($0) }
  }

  /// Announces `notice`, a change whose revision (and perhaps payload: the change itself) the
  /// caller already knows, unless a revision as new was announced before; a later `check()`
  /// then doesn't announce that revision again. Returns whether it was announced.
  @discardableResult
  public func announce(_ notice: ChangeNotice) -> Bool {
    announced.withLock { last in
      if let last, notice.revision <= last { return false }
      last = notice.revision
      hub.publish(notice)
      return true
    }
  }

  /// Announces what was just written: the change since the last announced revision, read in
  /// one go by `describe`, which names the revision it reached, so no revision is read before
  /// it; as `check()` when there is no description. Returns the revision announced or read.
  ///
  /// (After each change a phone makes, this is what stands between its commit and the other
  /// phones hearing of it.)
  @discardableResult
  public func checkAfterWrite() -> Int64? {
    let described: Int64? = announced.withLock { last in
      guard let previous = last, let notice = describe(previous), notice.revision >= previous
      else { return nil }
      if notice.revision > previous {
        last = notice.revision
        hub.publish(notice)
      }
      return notice.revision
    }
    return described ?? check()
  }

  /// Reads the revision and announces it if it moved. Returns the revision read.
  @discardableResult
  public func check() -> Int64? {
    announced.withLock { last in
      guard let current = readRevision() else { return last }
      if let previous = last, previous != current {
        // NB: the description is read after `current`, so it may reach a newer revision; it
        // is announced as that one, and the next check starts from there.
        var notice = describe(previous) ?? ChangeNotice(revision: current)
        if notice.revision < current { notice = ChangeNotice(revision: current) }
        last = notice.revision
        hub.publish(notice)
        return notice.revision
      } else if last == nil {
        last = current
      }
      return current
    }
  }
}
