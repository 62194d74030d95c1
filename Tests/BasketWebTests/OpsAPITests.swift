import BasketKit
import BasketTestSupport
import BasketWeb
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `POST /api/v2/ops`, `GET /api/v2/changes`, op ids on the single routes and the live events,
/// through `WebApp.handle` with a frozen clock.
@Suite struct OpsAPITests {
  let harness = Harness()
  static let now = "2026-07-06T10:00:00.000Z"

  /// An op id ending in `n`.
  static func op(_ n: Int) -> String {
    let hex = String(n, radix: 16)
    return "0000000a-0000-4000-8000-" + String(repeating: "0", count: 12 - hex.count) + hex
  }

  /// An item id ending in `n`.
  static func item(_ n: Int) -> String {
    Fixtures.id(n).uuidString.lowercased()
  }

  /// One operation's JSON: `{"op", "at", "type"` and the members given.
  static func operation(_ n: Int, _ type: String, _ members: String, at: String = now) -> String {
    #"{"op":"\#(op(n))","at":"\#(at)","type":"\#(type)"\#(members.isEmpty ? "" : ",")\#(members)}"#
  }

  private func send(_ operations: [String]) -> Response {
    harness.send("POST", "/api/v2/ops", json: #"{"ops":[\#(operations.joined(separator: ","))]}"#)
  }

  private func results(_ response: Response) -> [JSONValue] {
    guard case .array(let results)? = harness.body(response)["results"] else { return [] }
    return results
  }

  // MARK: - POST /ops

  @Test func aBatchAppliesInOrderAndAnswersPerOperation() {
    let response = send([
      Self.operation(1, "add", #""item":"\#(Self.item(1))","text":"2 l milk""#),
      Self.operation(2, "add", #""item":"\#(Self.item(2))","name":"Eggs""#),
      Self.operation(3, "check", #""item":"\#(Self.item(2))""#),
      Self.operation(4, "rename", #""item":"\#(Self.item(1))","name":"Oat milk""#),
    ])
    #expect(response.status == 200)
    #expect(
      response.text
        == #"{"results":[{"op":"\#(Self.op(1))","status":"applied"},{"op":"\#(Self.op(2))","status":"applied"},{"op":"\#(Self.op(3))","status":"applied"},{"op":"\#(Self.op(4))","status":"applied"}],"revision":4}"#
    )
    #expect(harness.names("toGet") == ["Oat milk"])
    #expect(harness.names("gotIt") == ["Eggs"])
  }

  @Test func aReplayedBatchIsAllDuplicatesAndAMergedAddNamesTheServersItem() {
    let milk = harness.add("Milk")
    let batch = [
      Self.operation(1, "add", #""item":"\#(Self.item(7))","name":"milk""#),
      Self.operation(2, "check", #""item":"\#(Self.item(7))""#),
    ]
    let first = results(send(batch))
    let again = send(batch)
    #expect(first.map { $0["status"]?.string } == ["applied", "applied"])
    #expect(first.map { $0["item"]?.string } == [milk, milk])
    #expect(results(again).map { $0["status"]?.string } == ["duplicate", "duplicate"])
    #expect(results(again).map { $0["item"]?.string } == [milk, milk])
    #expect(harness.body(again)["revision"]?.number == 3)
    #expect(harness.names("gotIt") == ["Milk"])
  }

  @Test func aRefusalCarriesItsReasonAndTheOperationsAfterItStillApply() {
    let milk = harness.add("Milk")
    _ = harness.send("DELETE", "/api/v2/items/\(milk)")
    let response = send([
      Self.operation(1, "check", #""item":"\#(milk)""#),
      Self.operation(2, "add", #""item":"\#(Self.item(2))","name":"Eggs""#),
      Self.operation(
        3, "quantity", #""item":"\#(Self.item(2))","quantity":{"amount":2000,"unit":"kg"}"#),
    ])
    let answers = results(response)
    #expect(answers[0]["status"]?.string == "refused")
    #expect(answers[0]["reason"]?.string == "Milk was removed on another phone")
    #expect(answers[1]["status"]?.string == "applied")
    #expect(answers[2]["status"]?.string == "refused")
    #expect(answers[2]["reason"]?.string?.hasPrefix("2000 kg is not an amount") == true)
    #expect(harness.names("toGet") == ["Eggs"])
  }

  @Test func malformedOperationsAreRefusedOneByOne() {
    let response = send([
      Self.operation(1, "fly", #""item":"\#(Self.item(1))""#),
      #"{"op":"\#(Self.op(2))","type":"check","item":"\#(Self.item(1))"}"#,
      #""just a string""#,
      #"{"op":42,"at":"\#(Self.now)","type":"check","item":"\#(Self.item(1))"}"#,
      Self.operation(5, "add", #""item":"not-a-uuid","name":"Milk""#),
      Self.operation(6, "add", #""item":"\#(Self.item(6))","name":"Milk""#),
    ])
    #expect(response.status == 200)
    let answers = results(response)
    #expect(
      answers.map { $0["status"]?.string } == [
        "refused", "refused", "refused", "refused", "refused", "applied",
      ])
    #expect(
      answers.map { $0["op"] } == [
        .string(Self.op(1)), .string(Self.op(2)), .null, .null, .string(Self.op(5)),
        .string(Self.op(6)),
      ])
    #expect(
      answers[0]["reason"]?.string
        == #"This change could not be read: "fly" is not a type of change (expected add, check, uncheck, rename, quantity, amount, note, remove, clear, undo)"#
    )
    #expect(answers[1]["reason"]?.string == #"This change could not be read: "at" is missing"#)
    #expect(answers[2]["reason"]?.string?.contains("must be a JSON object") == true)
    #expect(answers[4]["reason"]?.string?.contains(#""item" must be a UUID"#) == true)
    #expect(harness.names("toGet") == ["Milk"])
  }

  @Test(arguments: [
    ("not json", 400, "malformed JSON"),
    (#"[]"#, 400, "must be a JSON object"),
    (#"{}"#, 400, #""ops" must be an array"#),
    (#"{"ops":{}}"#, 400, #""ops" must be an array"#),
    (#"{"ops":[],"more":1}"#, 400, #"unknown field "more""#),
  ])
  func aBodyThatIsNotAQueueIsRefusedWhole(body: String, status: Int, message: String) {
    let response = harness.send("POST", "/api/v2/ops", json: body)
    #expect(response.status == status)
    #expect(harness.body(response)["error"]?.string?.contains(message) == true)
  }

  @Test func anEmptyQueueAnswersWithTheRevisionAndChangesNothing() throws {
    let response = send([])
    #expect(response.text == #"{"results":[],"revision":0}"#)
    #expect(try harness.store.revision() == 0)
  }

  @Test func fiveHundredOperationsAreTakenAndFiveHundredAndOneRefused() throws {
    let many = (1...501).map { n in
      Self.operation(n, "add", #""item":"\#(Self.item(n))","name":"item \#(n)""#)
    }
    let tooMany = send(many)
    #expect(tooMany.status == 413)
    #expect(harness.body(tooMany)["error"]?.string?.contains("at most 500 changes") == true)
    #expect(try harness.store.items().isEmpty)
    let response = send(Array(many.prefix(500)))
    #expect(response.status == 200)
    #expect(results(response).count == 500)
    #expect(try harness.store.items().count == 500)
    #expect(harness.store.transactions == 1)
  }

  @Test func theOpsRouteTakesUpTo512KiBAndOtherRoutes64() {
    let padding = String(repeating: " ", count: 100 * 1024)
    let roomy = harness.send("POST", "/api/v2/ops", json: #"{"ops":[]}"# + padding)
    #expect(roomy.status == 200)
    let cramped = harness.send("POST", "/api/v2/items", json: #"{"name":"Milk"}"# + padding)
    #expect(cramped.status == 413)
    let huge = harness.send(
      "POST", "/api/v2/ops", json: #"{"ops":[]}"# + String(repeating: " ", count: 512 * 1024))
    #expect(huge.status == 413)
    #expect(harness.body(huge)["error"]?.string == "the request body is larger than 512 KiB")
    #expect(WebApp.maxBodySize(for: "/api/v2/ops") == 512 * 1024)
    #expect(WebApp.maxBodySize(for: "/api/v2/items") == 64 * 1024)
  }

  @Test func theOpsRouteIsGuardedLikeEveryWrite() {
    let get = harness.send("GET", "/api/v2/ops")
    #expect(get.status == 405)
    let foreign = harness.send(
      "POST", "/api/v2/ops", json: #"{"ops":[]}"#, headers: ["Origin": "http://evil.example"])
    #expect(foreign.status == 403)
    let paired = Harness(mode: .householdSecret("s3cret-s3cret"))
    #expect(paired.send("POST", "/api/v2/ops", json: #"{"ops":[]}"#).status == 401)
  }

  // MARK: - Op ids on the single routes

  /// Each list route with an `op`: sent twice, it applies once and answers in its shape, with
  /// `revision`. (`OperationReplayTests` replays every changing route in `WebApp.routes`.)
  @Test func everyChangingRouteTakesAnOpIdAndAppliesItOnce() throws {
    let add = #"{"name":"Milk","id":"\#(Self.item(1))","op":"\#(Self.op(1))"}"#
    let routes: [(String, String, String, Int)] = [
      ("POST", "/api/v2/items", add, 201),
      (
        "PATCH", "/api/v2/items/\(Self.item(1))", #"{"name":"Oat milk","op":"\#(Self.op(2))"}"#, 200
      ),
      (
        "PATCH", "/api/v2/items/\(Self.item(1))",
        #"{"quantity":{"amount":1,"unit":"L"},"op":"\#(Self.op(3))"}"#, 200
      ),
      ("POST", "/api/v2/items/\(Self.item(1))/check", #"{"op":"\#(Self.op(4))"}"#, 200),
      ("POST", "/api/v2/items/\(Self.item(1))/uncheck", #"{"op":"\#(Self.op(5))"}"#, 200),
      ("POST", "/api/v2/items/\(Self.item(1))/check", #"{"op":"\#(Self.op(6))"}"#, 200),
      ("POST", "/api/v2/clear", #"{"op":"\#(Self.op(7))"}"#, 200),
      ("POST", "/api/v2/undo", #"{"clear":"\#(Self.op(7))","op":"\#(Self.op(8))"}"#, 200),
      ("DELETE", "/api/v2/items/\(Self.item(1))", #"{"op":"\#(Self.op(9))"}"#, 204),
    ]
    for (method, path, json, status) in routes {
      let first = harness.send(method, path, json: json)
      #expect(first.status == status, "\(method) \(path): \(first.text)")
      let revision = try harness.store.revision()
      let again = harness.send(method, path, json: json)
      #expect(again.status == (status == 201 ? 200 : status), "\(method) \(path): \(again.text)")
      #expect(try harness.store.revision() == revision, "\(method) \(path) applied twice")
      if status == 204 {
        #expect(again.header("Basket-Revision") == String(revision))
      } else {
        #expect(harness.body(again)["revision"]?.number == Double(revision))
      }
    }
    #expect(harness.body(harness.send("POST", "/api/v2/items", json: add))["outcome"] == nil)
    #expect(harness.send("POST", "/api/v2/items", json: add).status == 404)
  }

  @Test func aRetriedAddAnswersReplayedWithTheItem() {
    let add = #"{"text":"2 l milk","id":"\#(Self.item(1))","op":"\#(Self.op(1))"}"#
    _ = harness.send("POST", "/api/v2/items", json: add)
    let again = harness.send("POST", "/api/v2/items", json: add)
    #expect(harness.body(again)["outcome"]?.string == "replayed")
    #expect(harness.body(again)["item"]?["chip"]?.string == "2 L")
  }

  @Test func aRetriedClearAndUndoAnswerWhatTheyDidTheFirstTime() {
    let milk = harness.add("Milk")
    _ = harness.send("POST", "/api/v2/items/\(milk)/check")
    let clear = #"{"op":"\#(Self.op(1))"}"#
    let first = harness.body(harness.send("POST", "/api/v2/clear", json: clear))
    let again = harness.body(harness.send("POST", "/api/v2/clear", json: clear))
    #expect(first["cleared"]?.number == 1)
    #expect(again["cleared"]?.number == 1)
    #expect(again["undoUntil"] == first["undoUntil"])
    let undo = #"{"clear":"\#(Self.op(1))","op":"\#(Self.op(2))"}"#
    #expect(harness.body(harness.send("POST", "/api/v2/undo", json: undo))["restored"]?.number == 1)
    #expect(harness.body(harness.send("POST", "/api/v2/undo", json: undo))["restored"]?.number == 1)
    #expect(harness.names("gotIt") == ["Milk"])
  }

  @Test func aChangeCanSayWhenItWasMade() {
    let response = harness.send(
      "POST", "/api/v2/items", json: #"{"name":"Milk","at":"2026-07-06T09:00:00.000Z"}"#)
    #expect(harness.body(response)["item"]?["addedAt"]?.string == "2026-07-06T09:00:00.000Z")
    // NB: v2 leaves out `listedAt` equal to `addedAt`; v1 writes it.
    #expect(harness.body(response)["item"]?["listedAt"] == nil)
    let other = Harness()
    let v1 = other.send(
      "POST", "/api/v1/items", json: #"{"name":"Tea","at":"2026-07-06T09:00:00.000Z"}"#)
    #expect(other.body(v1)["item"]?["listedAt"]?.string == "2026-07-06T09:00:00.000Z")
  }

  @Test(arguments: [
    (#"{"name":"Milk","op":"nope"}"#, #""op" must be a UUID"#),
    (#"{"name":"Milk","at":"soon"}"#, #""at" must be a time"#),
    (#"{"name":"Milk","at":"2026-01-01T00:00:00Z"}"#, "This change is too old to apply"),
  ])
  func aBadOpIdOrTimeIsRefused(json: String, message: String) {
    let response = harness.send("POST", "/api/v2/items", json: json)
    #expect(response.status == 400 || response.status == 409)
    #expect(harness.body(response)["error"]?.string?.contains(message) == true)
    #expect(harness.names("toGet").isEmpty)
  }

  @Test func anEditOfAnItemRemovedElsewhereSaysSo() {
    let milk = harness.add("Milk")
    _ = harness.send("DELETE", "/api/v2/items/\(milk)")
    let renamed = harness.send("PATCH", "/api/v2/items/\(milk)", json: #"{"name":"Oat milk"}"#)
    #expect(renamed.status == 404)
    #expect(harness.body(renamed)["error"]?.string == "Milk was removed on another phone")
    let added = harness.send("POST", "/api/v2/items", json: #"{"name":"Milk","id":"\#(milk)"}"#)
    #expect(added.status == 409)
    #expect(harness.names("toGet").isEmpty)
  }

  // MARK: - The list and the change feed

  @Test func theListCarriesItsRevision() {
    #expect(harness.list()["revision"]?.number == 0)
    harness.add("Milk")
    #expect(harness.list()["revision"]?.number == 1)
  }

  @Test func changesSinceARevisionCarryTheItemsAndTheRemovals() throws {
    let milk = harness.add("Milk")
    let eggs = harness.add("Eggs")
    let since = try harness.store.revision()
    _ = harness.send("POST", "/api/v2/items/\(milk)/check")
    _ = harness.send("DELETE", "/api/v2/items/\(eggs)")
    let response = harness.send("GET", "/api/v2/changes", query: ["since": String(since)])
    #expect(response.status == 200)
    let body = harness.body(response)
    #expect(body["from"]?.number == Double(since))
    #expect(body["revision"]?.number == Double(since + 2))
    guard case .array(let items)? = body["items"] else {
      Issue.record("no items")
      return
    }
    #expect(items.map { $0["id"]?.string } == [milk])
    #expect(items.first?["checkedAt"]?.string == Self.now)
    #expect(items.first?["clearedAt"] == nil)
    #expect(body["removed"] == .array([.string(eggs)]))
  }

  @Test func changesShowAnItemHiddenByAClear() throws {
    let milk = harness.add("Milk")
    _ = harness.send("POST", "/api/v2/items/\(milk)/check")
    let since = try harness.store.revision()
    _ = harness.send("POST", "/api/v2/clear")
    let body = harness.body(harness.send("GET", "/api/v2/changes", query: ["since": "\(since)"]))
    guard case .array(let items)? = body["items"] else {
      Issue.record("no items")
      return
    }
    #expect(items.first?["clearedAt"]?.string == Self.now)
  }

  @Test func changesFromTooLongAgoOrFromTheFutureAre410() throws {
    let milk = harness.add("Milk")
    _ = harness.send("DELETE", "/api/v2/items/\(milk)")
    harness.clock.advance(by: OpLog.retention + 60)
    harness.add("Eggs")  // tidies: the tombstone from revision 2 goes
    let old = harness.send("GET", "/api/v2/changes", query: ["since": "1"])
    #expect(old.status == 410)
    #expect(harness.body(old)["error"]?.string?.contains("fetch /api/v2/list again") == true)
    #expect(harness.send("GET", "/api/v2/changes", query: ["since": "2"]).status == 200)
    #expect(harness.send("GET", "/api/v2/changes", query: ["since": "99"]).status == 410)
  }

  @Test(arguments: [nil, "", "-1", "one", "1.5"] as [String?])
  func aRevisionThatIsNotOneIs400(since: String?) {
    let response = harness.send("GET", "/api/v2/changes", query: since.map { ["since": $0] } ?? [:])
    #expect(response.status == 400)
  }

  // MARK: - Live events

  @Test func aChangeNoticeCarriesTheChangeAsSlashChangesDoes() throws {
    harness.add("Milk")
    let before = try harness.store.revision()
    #expect(harness.app.changeNotice(after: before)?.payload?["items"] == .array([]))

    let eggs = harness.add("Eggs")
    let notice = try #require(harness.app.changeNotice(after: before))
    #expect(notice.revision == before + 1)
    let data = notice.data
    #expect(data["from"]?.number == Double(before))
    #expect(data["revision"]?.number == Double(before + 1))
    let ids: [JSONValue?] =
      if case .array(let items)? = data["items"] { items.map { $0["id"] } } else { [] }
    #expect(ids == [JSONValue.string(eggs)])
    // The same JSON as /changes.
    let changes = try JSONValue.parse(
      harness.send("GET", "/api/v3/changes", query: ["since": String(before)]).body)
    for key in ["from", "revision", "items", "removed"] { #expect(data[key] == changes[key]) }
  }

  @Test func aNoticeTooFarBehindIsUnknownSoPagesRefetch() throws {
    let milk = harness.add("Milk")
    _ = harness.send("DELETE", "/api/v2/items/\(milk)")
    harness.clock.advance(by: OpLog.retention + 60)
    harness.add("Eggs")
    #expect(harness.app.changeNotice(after: 1) == nil)
  }

}
