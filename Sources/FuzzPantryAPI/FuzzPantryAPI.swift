// Fuzz target for the pantry and check-in routes (`WebApp+Pantry.swift`): request bodies,
// barcode paths, search queries and a photo's decoded barcodes, sent in sequence through
// `WebApp.handle` over in-memory stores with a frozen clock.
//
// An input is text, one request a line: the line's first character picks the route, the rest
// is the body (or the code, or the query). Entries and offers are addressed as the first the
// pantry lists. A body with an `"op"` that applied is sent again, which must change nothing.
// A photo's "barcode reader" reads the photo's bytes as zbar's output
// (`ScannedCodes.reading`), so the scan route's handling is fuzzed without zbar.
//
// Built with `-sanitize=fuzzer -DFUZZING` by `scripts/fuzz`, libFuzzer calls `fuzzOne` with
// mutated inputs. Built normally, `main` replays the seed corpus (or the files given) through
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

/// Sends each line as a request and checks what the routes promise: nothing traps; every
/// answer is a 2xx or a 4xx the API uses (never 500), in JSON, an error a short `"error"`;
/// a refusal changes nothing; the pantry never holds two entries with one name or one code,
/// packages stay in 0...9999, amounts are finite and not negative, and each offer is once.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let clock = TestClock()
  let pantry = InMemoryPantryStore()
  let basket = Fixtures.basket(clock: clock)
  let book = PantryBook(store: pantry, clock: clock.appClock, ids: Fixtures.sequentialIDs())
  let app = WebApp(
    environment: WebEnvironment(
      basket: basket, access: AccessPolicy(mode: .loopbackOnly), timeZone: .gmt,
      randomBytes: { [UInt8](repeating: 7, count: $0) },
      pantry: PantryServices(
        book: book,
        readBarcodes: { photo, _ in ScannedCodes.reading(String(decoding: photo, as: UTF8.self)) }
      )))
  for line in text.split(separator: "\n", maxSplits: 40, omittingEmptySubsequences: false)
    .prefix(40)
  {
    guard let first = line.unicodeScalars.first else { continue }
    let rest = String(line.unicodeScalars.dropFirst())
    let before = try? pantry.pantry()
    let request = makeRequest(Int(first.value) % routes, rest, pantry: before, basket: basket)
    let response = app.handle(request)
    check(response, request)
    if response.status >= 400 {
      require((try? pantry.pantry()) == before, "a refused request changed the pantry")
    } else if request.body.contains(UInt8(ascii: "\"")),
      case .object(let members)? = try? JSONValue.parse(request.body),
      members.contains(where: { $0.0 == "op" })
    {
      checkReplay(request, app: app, pantry: pantry, basket: basket)
    }
    checkPantry(pantry)
    clock.advance(by: 7)
  }
  return 0
}

private let routes = 12
/// An error may name an entry twice ("Rice has the code …; to change it: basket pantry edit
/// Rice --code CODE"), each name up to `PantryRules.maxNameLength` characters of up to 4 bytes
/// (found by this target: 110 U+FFFD twice was 660 bytes), besides its own words.
private let maximumMessageLength = 2 * 4 * PantryRules.maxNameLength + 200

private func makeRequest(_ route: Int, _ rest: String, pantry: PantryState?, basket: Basket)
  -> Request
{
  let entry = pantry.map { PantryRules.sorted($0.entries) }?.first?.id.uuidString ?? "nope"
  let offer = pantry.map(CheckinRules.pending)?.first?.id.uuidString ?? "nope"
  let item = (try? basket.sections().toGet.first?.id.uuidString) ?? "nope"
  let path: String
  var method = "POST"
  var body = rest
  var query: [String: String] = [:]
  switch route {
  case 0: path = "/api/v3/pantry"
  case 1: (method, path) = ("PATCH", "/api/v3/pantry/\(entry)")
  case 2: path = "/api/v3/pantry/\(entry)/use"
  case 3: (method, path, body) = ("DELETE", "/api/v3/pantry/\(entry)", "")
  case 4: (method, path, body) = ("GET", "/api/v3/pantry/barcodes/\(rest)", "")
  case 5: (method, path, body, query) = ("GET", "/api/v3/pantry", "", ["q": rest])
  case 6: path = "/api/v3/checkin"
  case 7: path = "/api/v3/checkin/\(offer)/accept"
  case 8: path = "/api/v3/checkin/\(offer)/skip"
  case 9:
    path = "/api/v3/pantry/scan"
    body = #"{"photo":"\#(Data(rest.utf8).base64EncodedString())","name":"p.png"}"#
  case 10: path = "/api/v3/items"
  default: path = "/api/v3/items/\(item)/check"
  }
  var headers = ["Host": "127.0.0.1:8080"]
  if method != "GET" {
    headers["Origin"] = "http://127.0.0.1:8080"
    headers["Content-Type"] = "application/json"
  }
  return Request(method: method, path: path, query: query, headers: headers, body: Array(body.utf8))
}

/// Sends a request that carried an op again: it changes neither the pantry nor the list, and
/// a pantry or check-in route answers it as a duplicate.
private func checkReplay(
  _ request: Request, app: WebApp, pantry: InMemoryPantryStore, basket: Basket
) {
  let state = try? pantry.pantry()
  let revision = try? basket.store.revision()
  let again = app.handle(request)
  check(again, request)
  require(again.status == 200, "a replayed op answered \(again.status)")
  require((try? pantry.pantry()) == state, "a replayed op changed the pantry")
  require((try? basket.store.revision()) == revision, "a replayed op changed the list")
  if !request.path.hasPrefix("/api/v3/items") {
    let status = (try? JSONValue.parse(again.body))?["status"]
    require(status == .string("duplicate"), "a replayed op was not answered as a duplicate")
  }
}

private func check(_ response: Response, _ request: Request) {
  let allowed: Set<Int> = [200, 201, 204, 400, 404, 405, 409, 413, 415, 422]
  require(allowed.contains(response.status), "status \(response.status) for \(request.path)")
  guard response.status != 204 else { return }
  guard let value = try? JSONValue.parse(response.body) else {
    fail("an answer that isn't JSON for \(request.path)")
  }
  if response.status >= 400 {
    guard case .string(let message)? = value["error"] else { fail("an error without a message") }
    require(!message.isEmpty, "an empty error")
    require(
      message.utf8.count <= maximumMessageLength, "an unbounded error: \(message.prefix(300))")
  }
}

private func checkPantry(_ store: InMemoryPantryStore) {
  guard let state = try? store.pantry() else { fail("the pantry can't be read") }
  let entries = state.entries
  require(Set(entries.map(\.id)).count == entries.count, "two entries share an id")
  require(Set(entries.map(\.key)).count == entries.count, "two entries share a name")
  let codes = entries.compactMap { $0.barcode?.key }
  require(Set(codes).count == codes.count, "two entries share a code")
  for entry in entries {
    require((0...PantryRules.maxPackages).contains(entry.packages), "packages out of range")
    require(!entry.name.isEmpty && entry.name.count <= PantryRules.maxNameLength, "a bad name")
    for amount in [entry.packageSize, entry.left, entry.onHand].compactMap({ $0 }) {
      require(amount.amount.isFinite && amount.amount >= 0, "an impossible amount")
    }
  }
  require(Set(state.offers.map(\.id)).count == state.offers.count, "an item offered twice")
}

#if !FUZZING
  /// Replays the seed corpus, or the files and folders given, through `fuzzOne`.
  @main
  enum Replay {
    static func main() throws { try SeedReplay.run("PantryAPI", fuzzOne) }
  }
#endif
