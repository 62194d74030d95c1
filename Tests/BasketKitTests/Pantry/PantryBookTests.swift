import BasketKit
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// "500 g" → 500 g, "6" → a count of 6.
func pantryAmount(_ text: String) -> IngredientQuantity {
  try! PantryAmount.read(text)
}

@Suite struct PantryBookTests {
  let clock = TestClock()
  let store = InMemoryPantryStore()
  var book: PantryBook {
    PantryBook(store: store, clock: clock.appClock, ids: Fixtures.sequentialIDs())
  }

  @Test func addingANameTwiceAddsAPackageToTheOneEntry() throws {
    let book = self.book
    let first = try book.add(
      PantryAddition(name: "Milk", packageSize: pantryAmount("1 l")))
    #expect(first.outcome == .added)
    #expect(first.entry.onHand == pantryAmount("1 l"))
    clock.advance(by: 60)
    let second = try book.add(PantryAddition(name: " MILK ", packages: 2))
    #expect(second.outcome == .merged)
    #expect(second.entry.id == first.entry.id)
    #expect(second.entry.name == "Milk")
    #expect(second.entry.packages == 3)
    #expect(second.entry.onHand == pantryAmount("3 l"))
    #expect(second.entry.updatedAt == clock.now)
    #expect(try book.list().count == 1)
  }

  @Test func aRecordedAmountAddsUpWithinItsFamily() throws {
    let book = self.book
    try book.add(PantryAddition(name: "Flour", amount: pantryAmount("300 g")))
    let merged = try book.add(PantryAddition(name: "flour", amount: pantryAmount("1 kg")))
    #expect(merged.entry.left.map(KitchenAmountFormat.text) == "1.3 kg")
    #expect(merged.entry.packages == 2)
    // A count can't be added to a mass: refused, and nothing changes.
    #expect(
      throws: PantryError.incomparable(entry: "Flour", has: "kg", given: "2")
    ) { try book.add(PantryAddition(name: "Flour", amount: pantryAmount("2"))) }
    #expect(try book.find("flour").left.map(KitchenAmountFormat.text) == "1.3 kg")
  }

  @Test func aCodeIsOneProductAndItsNameIsRemembered() throws {
    let book = self.book
    let upc = try Barcode("036000291452")
    try book.add(PantryAddition(name: "Oat drink", barcode: upc, packageSize: pantryAmount("1 l")))
    // The EAN-13 form of the same code, with no name: a package of the same entry.
    let scanned = try book.add(PantryAddition(barcode: try Barcode("0036000291452")))
    #expect(scanned.outcome == .merged)
    #expect(scanned.entry.name == "Oat drink")
    #expect(scanned.entry.packages == 2)
    #expect(try book.scan(try Barcode("00036000291452")) == .inPantry(scanned.entry))
    #expect(try book.find(barcode: upc)?.name == "Oat drink")
    #expect(try book.find("0036000291452").name == "Oat drink")
    // Removed, the code still knows its name: scanning it again needs no naming.
    try book.remove("oat")
    #expect(try book.scan(upc) == .named("Oat drink"))
    let again = try book.add(PantryAddition(barcode: upc))
    #expect(again.outcome == .added)
    #expect(again.entry.name == "Oat drink")
    // A code never named can't be added without a name.
    let unknown = try Barcode("4006381333931")
    #expect(try book.scan(unknown) == .unknown)
    #expect(throws: PantryError.unnamedCode("4006381333931")) {
      try book.add(PantryAddition(barcode: unknown))
    }
  }

  @Test func aNameAlreadyHoldingAnotherCodeDoesNotTakeASecondOne() throws {
    let book = self.book
    try book.add(PantryAddition(name: "Pens", barcode: try Barcode("96385074")))
    #expect(throws: PantryError.otherCode(entry: "Pens", code: "96385074")) {
      try book.add(PantryAddition(name: "pens", barcode: try Barcode("73513537")))
    }
    #expect(try book.list().map(\.packages) == [1])
  }

  @Test func editRenamesAndRefusesATakenNameOrCode() throws {
    let book = self.book
    try book.add(PantryAddition(name: "Rice", barcode: try Barcode("96385074")))
    try book.add(PantryAddition(name: "Pasta"))
    #expect(throws: PantryError.nameTaken("Pasta")) {
      try book.edit("rice", PantryEdit(name: "pasta"))
    }
    #expect(throws: PantryError.barcodeTaken(code: "96385074", by: "Rice")) {
      try book.edit("pasta", PantryEdit(barcode: .set(try Barcode("96385074"))))
    }
    let edited = try book.edit(
      "rice",
      PantryEdit(
        name: "Basmati rice", packages: 2, packageSize: .set(pantryAmount("1 kg")),
        left: .set(pantryAmount("1500 g")), note: .set("top shelf")))
    #expect(edited.name == "Basmati rice")
    #expect(edited.stockText == "2 × 1 kg, 1500 g left")
    #expect(try book.scan(try Barcode("96385074")) == .inPantry(edited))
    try book.remove("basmati")
    #expect(try book.scan(try Barcode("96385074")) == .named("Basmati rice"))
    let cleared = try book.edit("pasta", PantryEdit(note: .clear))
    #expect(cleared.note == nil)
  }

  @Test(
    arguments: [
      // packages, size, left, used, expected stock after, ran out
      (2, "500 g", nil, "200 g", "2 × 500 g, 800 g left", false),
      (2, "500 g", nil, "0.6 kg", "1 × 500 g, 400 g left", false),
      (1, "1 l", "750 ml", "1 cup", "1 × 1 l, 513.412 ml left", false),
      (1, nil, "300 g", "300 g", "used up", false),
      (1, nil, "300 g", "1 kg", "used up", true),
      (3, nil, nil, "1", "2 packages", false),
      (6, "6", nil, "4", "6 × 6, 32 left", false),
    ] as [(Int, String?, String?, String, String, Bool)])
  func usingTakesTheAmountOutAndCountsPackagesFromWhatIsLeft(
    packages: Int, size: String?, left: String?, used: String, expected: String, ranOut: Bool
  ) throws {
    let book = self.book
    try book.add(
      PantryAddition(
        name: "Thing", packages: packages, packageSize: size.map(pantryAmount),
        amount: left.map(pantryAmount)))
    let result = try book.use("thing", amount: pantryAmount(used))
    #expect(result.entry.stockText == expected)
    #expect(result.ranOut == ranOut)
  }

  @Test func usingUpAndUsingWhatCantBeCountedAgainstTheStock() throws {
    let book = self.book
    try book.add(PantryAddition(name: "Eggs", packageSize: pantryAmount("6")))
    #expect(throws: PantryError.incomparable(entry: "Eggs", has: "a plain count", given: "100 g")) {
      try book.use("eggs", amount: pantryAmount("100 g"))
    }
    try book.add(PantryAddition(name: "Saffron"))
    #expect(throws: PantryError.noAmountRecorded("Saffron")) {
      try book.use("saffron", amount: pantryAmount("1 g"))
    }
    let up = try book.use("eggs", amount: nil)
    #expect(up.entry.isUsedUp)
    #expect(up.entry.stockText == "used up")
    // A used-up entry starts again from what comes in.
    let restocked = try book.add(PantryAddition(name: "eggs", packages: 2))
    #expect(restocked.entry.onHand == pantryAmount("12"))
  }

  @Test func entriesAreFoundByNumberNameStartOrCodeAndSearchedByWords() throws {
    let book = self.book
    try book.add(PantryAddition(name: "Tinned tomatoes", note: "for the chilli"))
    try book.add(PantryAddition(name: "Tomato puree", barcode: try Barcode("4006381333931")))
    try book.add(PantryAddition(name: "Basmati rice"))
    #expect(try book.list().map(\.name) == ["Basmati rice", "Tinned tomatoes", "Tomato puree"])
    #expect(try book.find("2").name == "Tinned tomatoes")
    #expect(try book.find("tin").name == "Tinned tomatoes")
    #expect(try book.find("TOMATO PUREE").name == "Tomato puree")
    #expect(throws: PantryError.ambiguous("t", candidates: ["Tinned tomatoes", "Tomato puree"])) {
      try book.find("t")
    }
    #expect(throws: PantryError.unknownEntry("bread")) { try book.find("bread") }
    #expect(try book.search("tomato").map(\.name) == ["Tinned tomatoes", "Tomato puree"])
    #expect(try book.search("chilli").map(\.name) == ["Tinned tomatoes"])
    #expect(try book.search("400638").map(\.name) == ["Tomato puree"])
    #expect(try book.search("lentils").isEmpty)
  }

  @Test func aRefusedChangeWritesNothing() throws {
    let book = self.book
    try book.add(PantryAddition(name: "Milk"))
    let before = try store.pantry()
    #expect(throws: PantryError.emptyName) { try book.add(PantryAddition(name: "  ")) }
    #expect(throws: PantryError.badPackages("10000")) {
      try book.add(PantryAddition(name: "Milk", packages: 10000))
    }
    #expect(try store.pantry() == before)
  }

  @Test(
    arguments: [
      ("500 g", 500.0, "g"), ("1,5 l", 1.5, "l"), ("1.5kg", 1.5, "kg"), ("2 cups", 2, "cup"),
      ("1 1/2 tbsp", 1.5, "tbsp"), ("½ cup", 0.5, "cup"), ("6", 6, nil), ("3 cloves", 3, "clove"),
    ] as [(String, Double, String?)])
  func readsTypedAmounts(text: String, amount: Double, unit: String?) throws {
    let read = try PantryAmount.read(text)
    #expect(read.amount == amount)
    #expect(read.unit?.id == unit)
  }

  @Test(
    arguments: [
      "", "g", "0", "-2 g", "2 parsecs", "1e9", "abc", "1/0", "9999999 g",
      "0.0000001",  // FuzzBarcode: tidied to 0
    ])
  func refusesAmountsThatArent(text: String) {
    #expect(throws: PantryError.self) { try PantryAmount.read(text) }
  }
}
