import BasketKit
import BasketTestSupport
import Testing

/// The pantry by entry id (`PantryBook+Entries`), as the web app uses it, and the one code a
/// photo gives (`ScannedCodes.onlyCode`).
@Suite struct PantryBookByIDTests {
  let clock = TestClock()
  let store = InMemoryPantryStore()
  var book: PantryBook {
    PantryBook(store: store, clock: clock.appClock, ids: Fixtures.sequentialIDs())
  }

  @Test func editsUsesAndRemovesTheEntryWithAnID() throws {
    let book = self.book
    // A name that reads as a list number: by id there is no doubt which entry is meant.
    let numbered = try book.add(PantryAddition(name: "1", packageSize: pantryAmount("500 g")))
    try book.add(PantryAddition(name: "Apples"))
    let id = numbered.entry.id
    #expect(try book.entry(id: id).name == "1")
    clock.advance(by: 30)
    let edited = try book.edit(id: id, PantryEdit(name: "Lentils", packages: 2))
    #expect(edited.name == "Lentils")
    #expect(edited.updatedAt == clock.now)
    let used = try book.use(id: id, amount: pantryAmount("600 g"))
    #expect(used.entry.stockText == "1 × 500 g, 400 g left")
    #expect(try book.use(id: id, amount: nil).entry.isUsedUp)
    #expect(try book.remove(id: id).name == "Lentils")
    #expect(try book.list().map(\.name) == ["Apples"])
  }

  @Test func anUnknownIDIsAnUnknownEntry() throws {
    let book = self.book
    let gone = Fixtures.id(99)
    let reason = PantryError.unknownEntry(gone.uuidString.lowercased())
    #expect(throws: reason) { try book.entry(id: gone) }
    #expect(throws: reason) { try book.edit(id: gone, PantryEdit(name: "x")) }
    #expect(throws: reason) { try book.use(id: gone, amount: nil) }
    #expect(throws: reason) { try book.remove(id: gone) }
  }

  @Test func aPhotoGivesItsOneProductCodeOrSaysWhy() throws {
    let code = try Barcode("4006381333931")
    #expect(try ScannedCodes(codes: [code], ignored: 2).onlyCode(onPhoto: "a.jpg") == code)
    #expect(throws: ScanError.noProductCode(photo: "a.jpg", others: 0)) {
      try ScannedCodes().onlyCode(onPhoto: "a.jpg")
    }
    let two = [code, try Barcode("96385074")]
    #expect(throws: ScanError.severalCodes(photo: "b.png", codes: two)) {
      try ScannedCodes(codes: two).onlyCode(onPhoto: "b.png")
    }
    #expect(
      ScanError.noProductCode(photo: "qr.png", others: 1).description
        == "no product barcode found on qr.png (1 other code seen, not a product's): photograph "
        + "the barcode straight on, filling most of the picture, or type its digits")
    #expect(
      ScanError.noProductCode(photo: "x", others: 3).description.contains("(3 other codes seen"))
    #expect(
      ScanError.severalCodes(photo: "b.png", codes: two).description
        == "b.png shows 2 product barcodes (4006381333931, 96385074): scan one of them by typing its digits"
    )
  }
}
