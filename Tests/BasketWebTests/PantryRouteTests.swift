import BasketKit
import BasketTestSupport
import Synchronization
import Testing

@testable import BasketWeb

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A `WebApp` with the pantry routes over in-memory stores; photos go to `read` (a stand-in
/// for zbar).
struct PantryHarness {
  let clock = TestClock()
  let store = InMemoryStore()
  let pantryStore = InMemoryPantryStore()
  let app: WebApp
  var basket: Basket { app.environment.basket }
  var book: PantryBook { app.environment.pantry!.book }

  init(
    mode: AccessPolicy.Mode = .loopbackOnly,
    read: (@Sendable ([UInt8], String) throws -> ScannedCodes)? = nil
  ) {
    let basket = Fixtures.basket(clock: clock, store: store)
    // Entry ids from 1000 on, apart from the list's items.
    let counter = Mutex(999)
    let ids = IDGenerator {
      Fixtures.id(
        counter.withLock {
          $0 += 1; return $0
        })
    }
    let book = PantryBook(store: pantryStore, clock: clock.appClock, ids: ids)
    app = WebApp(
      environment: WebEnvironment(
        basket: basket, access: AccessPolicy(mode: mode), timeZone: TimeZone(identifier: "UTC")!,
        randomBytes: { [UInt8](repeating: 7, count: $0) },
        pantry: PantryServices(book: book, readBarcodes: read)))
  }

  func send(
    _ method: String, _ path: String, json: String? = nil, query: [String: String] = [:],
    headers: [String: String] = [:]
  ) -> Response {
    app.sameOrigin(method, path, json: json, headers: headers, query: query)
  }

  func body(_ response: Response) -> JSONValue {
    (try? JSONValue.parse(response.body)) ?? .null
  }

  func error(_ response: Response) -> String? { body(response)["error"]?.string }

  /// Adds through the API and returns the entry's JSON.
  @discardableResult
  func add(_ json: String) -> JSONValue {
    body(send("POST", "/api/v2/pantry", json: json))["entry"] ?? .null
  }

  func names(query: [String: String] = [:]) -> [String] {
    guard
      case .array(let entries)? = body(send("GET", "/api/v2/pantry", query: query))["entries"]
    else { return [] }
    return entries.compactMap { $0["name"]?.string }
  }
}

@Suite struct PantryRouteTests {
  @Test func addsListsAndSearchesEntries() {
    let harness = PantryHarness()
    let added = harness.send(
      "POST", "/api/v2/pantry",
      json:
        #"{"name":"Oat milk","barcode":"4006381333931","packages":2,"packageSize":"1 l","left":"1,5 l","note":"the barista one"}"#
    )
    #expect(added.status == 201)
    let body = harness.body(added)
    #expect(body["outcome"]?.string == "added")
    #expect(body["before"] == .null)
    let entry = body["entry"]
    #expect(entry?["name"]?.string == "Oat milk")
    #expect(entry?["barcode"]?.string == "4006381333931")
    #expect(entry?["barcodeFormat"]?.string == "EAN-13")
    #expect(entry?["packages"]?.number == 2)
    #expect(entry?["packageSize"]?["text"]?.string == "1 l")
    #expect(entry?["left"]?["text"]?.string == "1.5 l")
    #expect(entry?["stock"]?.string == "2 × 1 l, 1.5 l left")
    #expect(entry?["note"]?.string == "the barista one")
    #expect(entry?["updatedAt"]?.string == "2026-07-06T10:00:00.000Z")
    harness.add(#"{"name":"Flour","packageSize":"1 kg"}"#)
    harness.add(#"{"name":"Apples","packages":6}"#)

    #expect(harness.names() == ["Apples", "Flour", "Oat milk"])
    #expect(harness.names(query: ["q": "milk"]) == ["Oat milk"])
    #expect(harness.names(query: ["q": "barista"]) == ["Oat milk"])
    #expect(harness.names(query: ["q": "400638"]) == ["Oat milk"])
    #expect(harness.names(query: ["q": "apple"]) == ["Apples"])
    #expect(harness.names(query: ["q": "pasta"]) == [])
    let long = String(repeating: "a", count: 201)
    #expect(harness.send("GET", "/api/v2/pantry", query: ["q": long]).status == 400)
  }

  @Test func typedTextIsReadAsTheListReadsIt() {
    // The web Pantry's add field goes through the same parsers as the list, so a typed amount
    // means the same thing in both.
    let harness = PantryHarness()
    let tins = harness.body(
      harness.send("POST", "/api/v2/pantry", json: #"{"text":"2 x 400 g chopped tomatoes"}"#))
    #expect(tins["entry"]?["name"]?.string == "chopped tomatoes")
    #expect(tins["entry"]?["stock"]?.string == "2 × 400 g")
    let onions = harness.body(
      harness.send("POST", "/api/v2/pantry", json: #"{"text":"3 onions","packages":4}"#))
    #expect(onions["entry"]?["name"]?.string == "onions")
    #expect(onions["entry"]?["stock"]?.string == "4")  // the exact field wins, counted as typed
    #expect(onions["entry"]?["countedAs"]?.string == "thing")
  }

  @Test func addingANameOrCodeThatIsThereAddsToItsEntry() {
    let harness = PantryHarness()
    harness.add(#"{"name":"Milk","barcode":"036000291452","packageSize":"1 l"}"#)
    let again = harness.send("POST", "/api/v2/pantry", json: #"{"name":"milk","packages":2}"#)
    #expect(again.status == 200)
    #expect(harness.body(again)["outcome"]?.string == "merged")
    #expect(harness.body(again)["before"]?["packages"]?.number == 1)
    #expect(harness.body(again)["entry"]?["stock"]?.string == "3 × 1 l")
    // The code alone, in its EAN-13 form: a package more of the same entry.
    let scanned = harness.send("POST", "/api/v2/pantry", json: #"{"barcode":"0036000291452"}"#)
    #expect(scanned.status == 200)
    #expect(harness.body(scanned)["entry"]?["stock"]?.string == "4 × 1 l")
    #expect(harness.names() == ["Milk"])
  }

  @Test(
    arguments: [
      (#"{}"#, 400, #"send a "text" or "name", or a "barcode" named before"#),
      (#"{"name":"  "}"#, 400, "a pantry entry needs a name"),
      (
        #"{"name":"Jam","barcode":"4006381333932"}"#, 400,
        #""4006381333932" isn't a barcode: the check digit should be 1, not 2"#
      ),
      (
        #"{"barcode":"40063813339"}"#, 400,
        #""40063813339" isn't a barcode: a barcode has 8, 12, 13 or 14 digits; this has 11"#
      ),
      (
        #"{"barcode":"96385074"}"#, 400,
        "the code 96385074 is new to this pantry: give it a name (there is no product database)"
      ),
      (
        #"{"name":"Jam","packageSize":"a jar"}"#, 400,
        #""a jar" isn't an amount: a number and a unit, such as 500 g, 1.5 l, 2 cups or 6"#
      ),
      (
        #"{"name":"Jam","packages":1.5}"#, 400,
        #"packages are a whole number from 0 to 9999, not "1.5""#
      ),
      (
        #"{"name":"Jam","packages":"two"}"#, 400,
        #"packages are a whole number from 0 to 9999, not "two""#
      ),
      (
        #"{"name":"Jam","left":500}"#, 400,
        #""left" must be an amount as text, such as "500 g", not a number"#
      ),
      (#"{"name":"Jam","qty":1}"#, 400, nil),
    ] as [(String, Int, String?)])
  func refusesWhatItCannotAddSayingWhy(json: String, status: Int, message: String?) {
    let harness = PantryHarness()
    let response = harness.send("POST", "/api/v2/pantry", json: json)
    #expect(response.status == status)
    if let message { #expect(harness.error(response) == message) }
    #expect(harness.error(response)?.isEmpty == false)
    #expect(harness.names().isEmpty)
  }

  @Test func editsAnEntryAndClearsFields() throws {
    let harness = PantryHarness()
    let id = try #require(
      harness.add(#"{"name":"Rice","packageSize":"1 kg","note":"basmati"}"#)["id"]?.string)
    let edited = harness.send(
      "PATCH", "/api/v2/pantry/\(id)",
      json: #"{"name":"Basmati rice","left":"400 g","note":null,"barcode":"96385074"}"#)
    #expect(edited.status == 200)
    let entry = harness.body(edited)["entry"]
    #expect(entry?["name"]?.string == "Basmati rice")
    #expect(entry?["stock"]?.string == "1 × 1 kg, 400 g left")
    #expect(entry?["note"] == .null)
    #expect(entry?["barcode"]?.string == "96385074")
    #expect(harness.body(harness.send("GET", "/api/v2/pantry/\(id)"))["entry"] == entry)
    // The code keeps the name it was given: it is remembered.
    let looked = harness.body(harness.send("GET", "/api/v2/pantry/barcodes/96385074"))
    #expect(looked["status"]?.string == "inPantry")
    #expect(looked["name"]?.string == "Basmati rice")

    let cleared = harness.send(
      "PATCH", "/api/v2/pantry/\(id)", json: #"{"left":null,"packageSize":null}"#)
    #expect(harness.body(cleared)["entry"]?["stock"]?.string == "1 package")
    #expect(harness.send("PATCH", "/api/v2/pantry/\(id)", json: "{}").status == 400)
    #expect(harness.send("PATCH", "/api/v2/pantry/\(id)", json: #"{"left":"lots"}"#).status == 400)
    #expect(harness.send("PATCH", "/api/v2/pantry/\(id)", json: #"{"note":7}"#).status == 400)
  }

  @Test func editingIntoAnotherEntrysNameOrCodeIsAConflict() throws {
    let harness = PantryHarness()
    harness.add(#"{"name":"Rice","barcode":"96385074"}"#)
    let id = try #require(harness.add(#"{"name":"Pasta"}"#)["id"]?.string)
    let name = harness.send("PATCH", "/api/v2/pantry/\(id)", json: #"{"name":"rice"}"#)
    #expect(name.status == 409)
    #expect(harness.error(name) == "the pantry already has Rice")
    let code = harness.send("PATCH", "/api/v2/pantry/\(id)", json: #"{"barcode":"96385074"}"#)
    #expect(code.status == 409)
    #expect(harness.error(code) == "the code 96385074 is already Rice's")
    #expect(harness.names() == ["Pasta", "Rice"])
  }

  @Test func usesAnAmountOrAllOfAnEntry() throws {
    let harness = PantryHarness()
    let flour = try #require(
      harness.add(#"{"name":"Flour","packages":2,"packageSize":"1 kg"}"#)["id"]?.string)
    let used = harness.send("POST", "/api/v2/pantry/\(flour)/use", json: #"{"amount":"300 g"}"#)
    #expect(used.status == 200)
    #expect(harness.body(used)["entry"]?["stock"]?.string == "2 × 1 kg, 1.7 kg left")
    #expect(harness.body(used)["taken"]?["text"]?.string == "300 g")
    #expect(harness.body(used)["ranOut"] == .bool(false))
    let more = harness.send("POST", "/api/v2/pantry/\(flour)/use", json: #"{"amount":"2 kg"}"#)
    #expect(harness.body(more)["ranOut"] == .bool(true))
    #expect(harness.body(more)["entry"]?["usedUp"] == .bool(true))

    let eggs = try #require(harness.add(#"{"name":"Eggs","packageSize":"6"}"#)["id"]?.string)
    let all = harness.send("POST", "/api/v2/pantry/\(eggs)/use", json: #"{"all":true}"#)
    #expect(harness.body(all)["entry"]?["stock"]?.string == "used up")
    #expect(harness.body(all)["taken"] == .null)

    let milk = try #require(harness.add(#"{"name":"Lamp oil","left":"1 l"}"#)["id"]?.string)
    let grams = harness.send("POST", "/api/v2/pantry/\(milk)/use", json: #"{"amount":"200 g"}"#)
    #expect(grams.status == 400)
    #expect(
      harness.error(grams)
        == "Lamp oil is counted in l, and 200 g can't be counted with it (no conversion is known)")
    for bad in [#"{}"#, #"{"amount":"1 l","all":true}"#, #"{"all":false}"#] {
      #expect(harness.send("POST", "/api/v2/pantry/\(milk)/use", json: bad).status == 400, "\(bad)")
    }
  }

  @Test func removesAnEntryAndItsCodeKeepsTheName() throws {
    let harness = PantryHarness()
    let id = try #require(
      harness.add(#"{"name":"Coffee","barcode":"4006381333931"}"#)["id"]?.string)
    let removed = harness.send("DELETE", "/api/v2/pantry/\(id)")
    #expect(removed.status == 200)
    #expect(harness.body(removed)["entry"]?["name"]?.string == "Coffee")
    #expect(harness.names().isEmpty)
    #expect(harness.send("DELETE", "/api/v2/pantry/\(id)").status == 404)
    #expect(harness.send("GET", "/api/v2/pantry/\(id)").status == 404)
    #expect(harness.send("PATCH", "/api/v2/pantry/\(id)", json: #"{"name":"x"}"#).status == 404)
    #expect(harness.send("GET", "/api/v2/pantry/not-an-id").status == 400)
    #expect(harness.send("PUT", "/api/v2/pantry/\(id)").status == 405)

    // Named once, remembered: the code alone brings the entry back under its name.
    let looked = harness.body(harness.send("GET", "/api/v2/pantry/barcodes/4006381333931"))
    #expect(looked["status"]?.string == "named")
    #expect(looked["name"]?.string == "Coffee")
    #expect(looked["entry"] == .null)
    let back = harness.send("POST", "/api/v2/pantry", json: #"{"barcode":"4006381333931"}"#)
    #expect(back.status == 201)
    #expect(harness.body(back)["entry"]?["name"]?.string == "Coffee")
  }

  @Test func looksUpATypedCode() {
    let harness = PantryHarness()
    let unknown = harness.send("GET", "/api/v2/pantry/barcodes/4006381333931")
    #expect(unknown.status == 200)
    let body = harness.body(unknown)
    #expect(body["status"]?.string == "unknown")
    #expect(body["format"]?.string == "EAN-13")
    #expect(body["key"]?.string == "04006381333931")
    #expect(body["entry"] == .null && body["name"] == .null)

    harness.add(#"{"name":"Cola","barcode":"036000291452","packages":1}"#)
    // The UPC-A's EAN-13 form, typed with spaces (the parser decodes %20): the same product,
    // offered a package more.
    let known = harness.body(harness.send("GET", "/api/v2/pantry/barcodes/0 036000 291452"))
    #expect(known["status"]?.string == "inPantry")
    #expect(known["code"]?.string == "0036000291452")
    #expect(known["entry"]?["name"]?.string == "Cola")

    let wrong = harness.send("GET", "/api/v2/pantry/barcodes/4006381333932")
    #expect(wrong.status == 400)
    #expect(
      harness.error(wrong)
        == #""4006381333932" isn't a barcode: the check digit should be 1, not 2"#)
    let letters = harness.send("GET", "/api/v2/pantry/barcodes/40063x")
    #expect(
      harness.error(letters) == #""40063x" isn't a barcode: barcodes are digits only: 'x' isn't"#)
    #expect(harness.send("POST", "/api/v2/pantry/barcodes/4006381333931").status == 405)
  }

  @Test func scansAPhotoThroughTheReaderItWasGiven() {
    struct Unreadable: Error, CustomStringConvertible {
      var description: String { "IMG_1.HEIC is a HEIC photo, which can't be read here." }
    }
    let seen = Mutex<[String]>([])
    let harness = PantryHarness(read: { photo, name in
      seen.withLock { $0.append(name) }
      switch photo.first {
      case 1: return ScannedCodes(codes: [try! Barcode("4006381333931")])
      case 2: return ScannedCodes(codes: [], ignored: 1)
      case 3: return ScannedCodes(codes: [try! Barcode("4006381333931"), try! Barcode("96385074")])
      default: throw Unreadable()
      }
    })
    harness.add(#"{"name":"Chocolate","barcode":"4006381333931"}"#)
    func scan(_ bytes: [UInt8], name: String? = nil) -> Response {
      let named = name.map { #","name":"\#($0)""# } ?? ""
      return harness.send(
        "POST", "/api/v2/pantry/scan",
        json: #"{"photo":"\#(Data(bytes).base64EncodedString())"\#(named)}"#)
    }
    let found = scan([1, 9, 9], name: "DCIM/bar code.jpg")
    #expect(found.status == 200)
    #expect(harness.body(found)["status"]?.string == "inPantry")
    #expect(harness.body(found)["entry"]?["name"]?.string == "Chocolate")
    let none = scan([2], name: "qr.png")
    #expect(none.status == 422)
    #expect(
      harness.error(none)
        == "no product barcode found on qr.png (1 other code seen, not a product's): photograph the barcode straight on, filling most of the picture, or type its digits"
    )
    let two = scan([3])
    #expect(two.status == 422)
    #expect(
      harness.error(two)
        == "the photo shows 2 product barcodes (4006381333931, 96385074): scan one of them by typing its digits"
    )
    let heic = scan([4], name: "IMG_1.HEIC")
    #expect(heic.status == 422)
    #expect(harness.error(heic) == "IMG_1.HEIC is a HEIC photo, which can't be read here.")
    #expect(seen.withLock { $0 } == ["bar code.jpg", "qr.png", "the photo", "IMG_1.HEIC"])

    for bad in [#"{}"#, #"{"photo":""}"#, #"{"photo":"%%"}"#, #"{"photo":1}"#] {
      #expect(harness.send("POST", "/api/v2/pantry/scan", json: bad).status == 400, "\(bad)")
    }
    #expect(
      PantryHarness().send("POST", "/api/v2/pantry/scan", json: #"{"photo":"AQ=="}"#).status == 503)
    #expect(WebApp.maxBodySize(for: "/api/v2/pantry/scan") == 24 << 20)
    #expect(WebApp.maxBodySize(for: "/api/v2/pantry") == WebApp.maxBodySize)
  }

  @Test(
    arguments: [
      ("IMG_0001.JPG", "IMG_0001.JPG"), ("../../etc/passwd", "passwd"), ("a\\b.png", "b.png"),
      ("", "the photo"), ("  ", "the photo"), ("x\u{0}\u{202E}y.png", "xy.png"),
      (String(repeating: "n", count: 100), String(repeating: "n", count: 80)),
    ] as [(String, String)])
  func namesAPhotoOnlyByItsLastPart(sent: String, shown: String) {
    #expect(WebApp.photoName(sent) == shown)
  }

  @Test func checksInWhatWasCheckedOff() throws {
    let harness = PantryHarness()
    harness.add(#"{"name":"Milk","left":"500 ml"}"#)
    _ = harness.send(
      "POST", "/api/v2/items", json: #"{"name":"milk","quantity":{"amount":2,"unit":"L"}}"#)
    _ = harness.send("POST", "/api/v2/items", json: #"{"name":"Toothpaste"}"#)
    _ = harness.send("POST", "/api/v2/items", json: #"{"name":"Bread"}"#)
    harness.clock.advance(by: 5)
    for item in try harness.basket.sections().toGet where item.name != "Bread" {
      _ = harness.send("POST", "/api/v2/items/\(item.id.uuidString)/check")
    }
    #expect(harness.body(harness.send("GET", "/api/v2/checkin"))["offers"] == .array([]))

    let offered = harness.send("POST", "/api/v2/checkin")
    #expect(offered.status == 200)
    guard case .array(let offers)? = harness.body(offered)["offers"] else {
      Issue.record("no offers")
      return
    }
    // Milk is in the pantry; toothpaste neither is nor came from a recipe.
    try #require(offers.map { $0["name"]?.string } == ["milk"])
    #expect(offers[0]["amount"]?["text"]?.string == "2 l")
    #expect(offers[0]["joins"]?.string == "Milk")
    #expect(offers[0]["state"]?.string == "pending")
    let id = try #require(offers[0]["id"]?.string)
    // Asked again: the same offer, once.
    #expect(harness.body(harness.send("GET", "/api/v2/checkin"))["offers"] == .array(offers))
    #expect(harness.body(harness.send("POST", "/api/v2/checkin"))["offers"] == .array(offers))

    let accepted = harness.send(
      "POST", "/api/v2/checkin/\(id)/accept", json: #"{"amount":"1 l"}"#)
    #expect(accepted.status == 200)
    #expect(harness.body(accepted)["outcome"]?.string == "merged")
    #expect(harness.body(accepted)["entry"]?["stock"]?.string == "2 packages, 1.5 l left")
    #expect(harness.body(accepted)["offers"] == .array([]))
    #expect(harness.send("POST", "/api/v2/checkin/\(id)/accept").status == 404)
    #expect(harness.send("POST", "/api/v2/checkin/\(id)/skip").status == 404)

    // Everything, when asked: the toothpaste too, then skipped for good.
    let everything = harness.body(
      harness.send("POST", "/api/v2/checkin", json: #"{"everything":true}"#))
    #expect(everything["offers"]?[0]?["name"]?.string == "Toothpaste")
    #expect(everything["offers"]?[0]?["joins"] == .null)
    let toothpaste = try #require(everything["offers"]?[0]?["id"]?.string)
    let skipped = harness.send("POST", "/api/v2/checkin/\(toothpaste)/skip")
    #expect(harness.body(skipped)["offers"] == .array([]))
    #expect(harness.body(harness.send("POST", "/api/v2/checkin"))["offers"] == .array([]))
    #expect(harness.names() == ["Milk"])
  }

  @Test func anOfferWaitsUntilItIsDecided() throws {
    let harness = PantryHarness()
    harness.add(#"{"name":"Eggs","packageSize":"6"}"#)
    _ = harness.send("POST", "/api/v2/items", json: #"{"name":"Eggs"}"#)
    let item = try #require(try harness.basket.sections().toGet.first)
    _ = harness.send("POST", "/api/v2/items/\(item.id.uuidString)/check")
    let id = try #require(
      harness.body(harness.send("POST", "/api/v2/checkin"))["offers"]?[0]?["id"]?.string)
    // Not yet: nothing is sent, and a day later (Got it long cleared) it is still offered.
    harness.clock.advance(by: 24 * 60 * 60)
    #expect(try harness.basket.sections().gotIt.isEmpty)
    #expect(
      harness.body(harness.send("POST", "/api/v2/checkin"))["offers"]?[0]?["id"]?.string == id)
    let bad = harness.send("POST", "/api/v2/checkin/\(id)/accept", json: #"{"amount":"a dozen"}"#)
    #expect(bad.status == 400)
    #expect(harness.body(harness.send("GET", "/api/v2/checkin"))["offers"]?[0]?["id"]?.string == id)
    #expect(harness.send("POST", "/api/v2/checkin/nope/skip").status == 400)
    #expect(harness.send("DELETE", "/api/v2/checkin").status == 405)
    #expect(harness.send("POST", "/api/v2/checkin/\(id)/later").status == 404)
  }

  @Test func pantryRoutesKeepTheAPIsGate() {
    let harness = PantryHarness(mode: .householdSecret("s3cret-household"))
    let unpaired = harness.send("GET", "/api/v2/pantry")
    #expect(unpaired.status == 401)
    let open = PantryHarness()
    let foreign = open.send(
      "POST", "/api/v2/pantry", json: #"{"name":"Jam"}"#,
      headers: ["Origin": "https://evil.example"])
    #expect(foreign.status == 403)
    let text = open.send(
      "POST", "/api/v2/pantry", json: #"{"name":"Jam"}"#, headers: ["Content-Type": "text/plain"])
    #expect(text.status == 415)
    let big = String(repeating: "x", count: WebApp.maxBodySize)
    #expect(open.send("POST", "/api/v2/pantry", json: #"{"note":"\#(big)"}"#).status == 413)
    #expect(open.names().isEmpty)
    #expect(Harness().send("GET", "/api/v2/pantry").status == 503)
    #expect(Harness().send("GET", "/api/v2/checkin").status == 503)
  }
}
