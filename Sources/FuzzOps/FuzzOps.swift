// Fuzz target for a phone's queue of changes: the body of `POST /api/v3/ops` (`OpsBody`, the
// `ListOperation` JSON) and the rules that apply it (`SyncRules`), through `WebApp.handle` over an
// in-memory store with a frozen clock.
//
// Built with `-sanitize=fuzzer -DFUZZING` by `scripts/fuzz`, libFuzzer calls `fuzzOne` with
// mutated bodies. Built normally, `main` replays the seed corpus (or the files given) through
// the same checks, so the seeds run as a regression test.

import BasketKit
import BasketTestSupport
import BasketWeb
import SeedReplay

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Sends one body to a fresh server twice and checks what the protocol promises: nothing traps;
/// the answer is 200 with one result per change (or a short 400/413); every change is applied,
/// a duplicate or refused with a short reason; sent again, nothing applies twice and the store
/// doesn't move; no gone item is on the list, every alias leads somewhere, no time is past
/// the server's clock, and `/changes` from 0 is the whole list.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let clock = TestClock()
  let store = InMemoryStore()
  let app = WebApp(
    environment: WebEnvironment(
      basket: Fixtures.basket(clock: clock, store: store),
      access: AccessPolicy(mode: .loopbackOnly),
      timeZone: .gmt, randomBytes: { [UInt8](repeating: 7, count: $0) }))

  let first = send(bytes, to: app)
  guard first.status == 200 else {
    require(first.status == 400 || first.status == 413, "status \(first.status)")
    require(first.body.count <= maximumMessageLength + 20, "an unbounded error")
    require((try? store.revision()) == 0, "a refused body changed the store")
    return 0
  }
  let results = outcomes(first)
  let revision = try? store.revision()
  for (_, status, reason) in results {
    require(["applied", "duplicate", "refused"].contains(status), "status \(status)")
    require((status == "refused") == (reason != nil), "a reason without a refusal, or none")
    require((reason?.utf8.count ?? 0) <= maximumMessageLength, "an unbounded reason")
  }

  let second = send(bytes, to: app)
  require(second.status == 200, "a replay was not taken")
  let replayed = outcomes(second)
  require(replayed.count == results.count, "a replay answered a different number of changes")
  for (before, after) in zip(results, replayed) {
    switch before.status {
    case "applied", "duplicate":
      require(after.status == "duplicate", "a change applied twice")
    default:
      // NB: a duplicate is possible: a later change in the body may reuse its op id.
      require(after.status != "applied", "a refused change applied when sent again")
    }
  }
  require((try? store.revision()) == revision, "a replay moved the store")
  checkStore(store, now: clock.now)
  return 0
}

/// The longest reason or error a change may get (a name is at most 200 characters).
private let maximumMessageLength = 400

private func send(_ body: [UInt8], to app: WebApp) -> Response {
  app.handle(
    Request(
      method: "POST", path: "/api/v3/ops",
      headers: [
        "Host": "127.0.0.1:8080", "Origin": "http://127.0.0.1:8080",
        "Content-Type": "application/json",
      ], body: body))
}

/// Each result's op, status and reason.
private func outcomes(_ response: Response) -> [(op: JSONValue?, status: String, reason: String?)] {
  guard let value = try? JSONValue.parse(response.body),
    case .array(let results)? = value["results"]
  else { fail("a 200 answer without results") }
  return results.map { result in
    guard case .string(let status)? = result["status"] else { fail("a result without a status") }
    var reason: String?
    if case .string(let text)? = result["reason"] { reason = text }
    return (result["op"], status, reason)
  }
}

private func checkStore(_ store: InMemoryStore, now: Date) {
  guard let items = try? store.items() else { fail("the store can't be read") }
  let sync = store.sync
  let ids = Set(items.map(\.id))
  require(ids.count == items.count, "two items share an id")
  require(ids.isDisjoint(with: sync.tombstones.keys), "a gone item is on the list")
  for alias in sync.aliases.values {
    require(
      ids.contains(alias.item) || sync.tombstones[alias.item] != nil, "an alias leads nowhere")
    require(!ids.contains(alias.alias), "an alias is also an item")
  }
  for item in items {
    let times = [
      item.addedAt, item.changed.name, item.changed.quantity, item.changed.checked,
      item.changed.place, item.changed.note,
    ]
    require(times.allSatisfy { $0 <= now }, "a time past the server's clock")
    if let note = item.note {
      require(
        note.count <= ItemNote.maxLength && NameText.cleaned(note) == note,
        "a note too long or not cleaned was stored")
    }
    if let quantity = item.quantity {
      require(
        quantity.amount.isFinite && quantity.amount >= 0
          && quantity.amount <= QuantityRules.maximum(for: quantity.unit),
        "an impossible quantity was stored")
    }
  }
  guard let changes = try? store.changes(since: 0) else { fail("no changes from revision 0") }
  require(Set(changes.items) == Set(items), "/changes from 0 is not the list")
  require(Set(changes.removed) == Set(sync.tombstones.keys), "/changes misses a removal")
}

#if !FUZZING
  /// Replays the seed corpus, or the files and folders given, through `fuzzOne`.
  @main
  enum Replay {
    static func main() throws { try SeedReplay.run("Ops", fuzzOne) }
  }
#endif
