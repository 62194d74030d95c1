import BasketKit
import BasketTestSupport
import Synchronization
import Testing

@testable import BasketWeb

#if canImport(Glibc)
  import Glibc
#endif
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The broadcast hub and the change feed behind live updates (no sockets).
@Suite struct LiveUpdateTests {
  final class Recorder: Sendable {
    let events = Mutex<[String]>([])
    func record(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
  }

  /// Subscribes to `feed`: a recorder of the frames it sends from now on.
  private func frames(of feed: ChangeFeed) -> Recorder {
    let seen = Recorder()
    _ = feed.subscribe(initial: { _ in }) { notice in
      seen.record(String(decoding: notice.frame, as: UTF8.self))
    }
    return seen
  }

  @Test func everySubscriberGetsEachEventInOrderUntilItLeaves() {
    let hub = BroadcastHub<Int>()
    let first = Recorder()
    let second = Recorder()
    let one = hub.subscribe { first.record("a\($0)") }
    _ = hub.subscribe { second.record("b\($0)") }
    hub.publish(1)
    hub.unsubscribe(one)
    hub.publish(2)
    #expect(first.all == ["a1"])
    #expect(second.all == ["b1", "b2"])
    #expect(hub.count == 1)
  }

  @Test func theFeedAnnouncesEachNewRevisionOnce() {
    let revision = Mutex<Int64?>(3)
    let feed = ChangeFeed(readRevision: { revision.withLock { $0 } })
    let seen = Recorder()
    #expect(feed.check() == 3)  // the first read sets the baseline, announcing nothing
    _ = feed.subscribe(initial: { seen.record("hello \($0 ?? -1)") }) { notice in
      seen.record("change \(notice.revision)")
    }
    feed.check()
    revision.withLock { $0 = 4 }
    feed.check()
    feed.check()
    revision.withLock { $0 = nil }  // unreadable: nothing announced, nothing forgotten
    feed.check()
    revision.withLock { $0 = 5 }
    feed.check()
    #expect(seen.all == ["hello 3", "change 4", "change 5"])
  }

  @Test func aCheckedChangeCarriesWhatChangedSinceTheLastAnnouncedRevision() {
    let revision = Mutex<Int64?>(3)
    let asked = Recorder()
    let feed = ChangeFeed(
      readRevision: { revision.withLock { $0 } },
      describe: { from in
        asked.record("since \(from)")
        // The description was read a moment later: the store had moved on to 6 by then.
        return from == 3 ? ChangeNotice(revision: 6, payload: .object([("from", .number(3))])) : nil
      })
    feed.check()
    let seen = frames(of: feed)
    revision.withLock { $0 = 4 }
    #expect(feed.check() == 6)
    revision.withLock { $0 = 6 }
    feed.check()  // 6 is already out
    revision.withLock { $0 = 7 }
    feed.check()  // no description: the bare revision, and pages refetch
    #expect(asked.all == ["since 3", "since 6"])
    #expect(
      seen.all == [
        "event: change\ndata: {\"revision\":6,\"from\":3}\n\n",
        "event: change\ndata: {\"revision\":7}\n\n",
      ])
  }

  @Test func aWriteIsAnnouncedFromItsDescriptionWithNoRevisionReadFirst() {
    let revision = Mutex<Int64?>(3)
    let reads = Atomic<Int>(0)
    let feed = ChangeFeed(
      readRevision: {
        reads.add(1, ordering: .relaxed)
        return revision.withLock { $0 }
      },
      describe: { from in
        let now = revision.withLock { $0 } ?? from
        return from == 5
          ? nil : ChangeNotice(revision: now, payload: .object([("from", .number(Double(from)))]))
      })
    feed.check()
    let seen = frames(of: feed)
    revision.withLock { $0 = 4 }
    #expect(feed.checkAfterWrite() == 4)
    #expect(feed.checkAfterWrite() == 4)  // nothing more written: nothing announced
    #expect(reads.load(ordering: .relaxed) == 1)  // only the first check's
    revision.withLock { $0 = 5 }
    feed.checkAfterWrite()
    revision.withLock { $0 = 6 }
    // No description from 5: the revision is read and announced bare.
    #expect(feed.checkAfterWrite() == 6)
    #expect(reads.load(ordering: .relaxed) == 2)
    #expect(
      seen.all == [
        "event: change\ndata: {\"revision\":4,\"from\":3}\n\n",
        "event: change\ndata: {\"revision\":5,\"from\":4}\n\n",
        "event: change\ndata: {\"revision\":6}\n\n",
      ])
  }

  @Test func anAnnouncedChangeCarriesItsPayloadAndIsNotAnnouncedTwice() {
    let revision = Mutex<Int64?>(3)
    let feed = ChangeFeed(readRevision: { revision.withLock { $0 } })
    feed.check()
    let seen = frames(of: feed)
    revision.withLock { $0 = 4 }
    let added = ChangeNotice(revision: 4, payload: .object([("op", .string("add"))]))
    #expect(feed.announce(added))
    feed.check()  // revision 4 is already out, with its payload
    #expect(!feed.announce(ChangeNotice(revision: 4)))
    #expect(!feed.announce(ChangeNotice(revision: 2)))  // older than what pages have
    #expect(seen.all == ["event: change\ndata: {\"revision\":4,\"op\":\"add\"}\n\n"])
  }

  @Test func theStoreWatcherWakesOnWritesToTheStoresFilesOnly() throws {
    let folder = "/tmp/basket-watch-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let calls = Atomic<Int>(0)
    let watcher = try #require(
      StoreWatcher(storePath: "\(folder)/basket.sqlite") { calls.add(1, ordering: .relaxed) })
    defer { watcher.stop() }
    try Data("unrelated".utf8).write(to: URL(fileURLWithPath: "\(folder)/notes.txt"))
    usleep(300_000)
    #expect(calls.load(ordering: .relaxed) == 0)
    try Data("frames".utf8).write(to: URL(fileURLWithPath: "\(folder)/basket.sqlite-wal"))
    var waited = 0
    while calls.load(ordering: .relaxed) == 0, waited < 100 {
      usleep(10_000)
      waited += 1
    }
    #expect(calls.load(ordering: .relaxed) >= 1, "no wake-up within a second")
  }

  @Test func aChangeNoticeIsAServerSentEventThatCanCarryAPayload() {
    #expect(
      String(decoding: ChangeNotice(revision: 7).frame, as: UTF8.self)
        == "event: change\ndata: {\"revision\":7}\n\n")
    let withChange = ChangeNotice(
      revision: 8, payload: .object([("op", .string("check")), ("revision", .number(1))]))
    #expect(
      String(decoding: withChange.frame, as: UTF8.self)
        == "event: change\ndata: {\"revision\":8,\"op\":\"check\"}\n\n")
    #expect(
      String(
        decoding: ServerSentEvent.frame(
          event: "hello", data: .object([]), retryMilliseconds: 1000), as: UTF8.self)
        == "retry: 1000\nevent: hello\ndata: {}\n\n")
  }

  @Test func theHeartbeatIsAnEventAPageSeesAndTheHelloSaysHowOftenItComes() {
    // NB: a comment (": …") never reaches the page's EventSource, so a silent dead stream
    // would look alive; a `ping` event does.
    #expect(
      String(decoding: ServerSentEvent.heartbeat, as: UTF8.self) == "event: ping\ndata: {}\n\n")
    #expect(
      String(
        decoding: ServerSentEvent.hello(revision: 4, heartbeatMilliseconds: 250), as: UTF8.self)
        == "retry: 1000\nevent: hello\ndata: {\"revision\":4,\"heartbeat\":250}\n\n")
  }
}
