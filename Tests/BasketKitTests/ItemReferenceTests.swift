import BasketKit
import BasketTestSupport
import Foundation
import Testing

@Suite struct ItemReferenceTests {
  let sections: ListSections = {
    let start = Fixtures.monday
    return ListSections(
      toGet: [
        Item(id: Fixtures.id(1), name: "Milk", emoji: "🥛", addedAt: start),
        Item(id: Fixtures.id(2), name: "Mint", emoji: "🌿", addedAt: start),
        Item(id: Fixtures.id(3), name: "Bread", emoji: "🍞", addedAt: start),
      ],
      gotIt: [
        Item(id: Fixtures.id(4), name: "Apples", emoji: "🍎", addedAt: start, checkedAt: start)
      ])
  }()

  @Test(arguments: [
    ("1", 1), ("3", 3), ("4", 4), ("milk", 1), ("BREAD", 3), ("br", 3), ("apple", 4),
  ])
  func resolvesNumbersNamesAndUniquePrefixes(reference: String, id: Int) throws {
    #expect(try ItemReference.resolve(reference, in: sections).id == Fixtures.id(id))
  }

  /// The numbers an earlier listing showed: Bread first, then Milk, then a removed item.
  let numbered = [Fixtures.id(3), Fixtures.id(1), Fixtures.id(9)]

  @Test(arguments: [("1", 3), ("2", 1), ("milk", 1), ("apple", 4)])
  func numbersCountInTheListingTheyCameFromAndNamesInTheListNow(reference: String, id: Int)
    throws
  {
    #expect(
      try ItemReference.resolve(reference, in: sections, numbered: numbered).id == Fixtures.id(id))
  }

  @Test func aNumberWhoseItemLeftTheListIsAnErrorNotItsNeighbour() {
    #expect(throws: ListError.numberGone(3)) {
      try ItemReference.resolve("3", in: sections, numbered: numbered)
    }
    #expect(throws: ListError.unknownItem("4")) {
      try ItemReference.resolve("4", in: sections, numbered: numbered)
    }
  }

  @Test func anAmbiguousPrefixListsTheCandidates() {
    #expect(throws: ListError.ambiguous("mi", candidates: ["Milk", "Mint"])) {
      try ItemReference.resolve("mi", in: sections)
    }
  }

  @Test(arguments: ["0", "5", "cheese", ""])
  func unknownReferencesAreReported(reference: String) {
    #expect(throws: ListError.self) { try ItemReference.resolve(reference, in: sections) }
  }
}
