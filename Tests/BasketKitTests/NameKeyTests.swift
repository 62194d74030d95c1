import Testing

@testable import BasketKit

@Suite struct NameKeyTests {
  @Test(arguments: [
    ("Apples", "apple"),
    ("apple", "apple"),
    ("  APPLE  ", "apple"),
    ("Jalapeños", "jalapeno"),
    ("jalapeño", "jalapeno"),
    ("Tomatoes", "tomato"),
    ("Berries", "berri"),
    ("Peanut   Butter", "peanut butter"),
    ("Crème fraîche", "creme fraich"),
    ("Hummus", "hummus"),
    ("Asparagus", "asparagus"),
    ("Glasses", "glass"),
    ("Glass", "glass"),
    ("Swiss chard", "swiss chard"),
    ("Hellmann's Mayo", "hellmann mayo"),
    ("Dishes", "dish"),
    ("Gas", "gas"),
    ("Oat-milk", "oat milk"),
    ("Boxes", "box"),
    ("Loaves", "loaf"),
    ("Knives", "knife"),
    ("Leaves", "leaf"),
    ("Olives", "olive"),
    ("Peaches", "peach"),
    ("Strawberries", "strawberri"),
    ("Chillies", "chilli"),
  ])
  func foldsNamesToAComparableKey(name: String, key: String) {
    #expect(NameKey.of(name) == key)
  }

  @Test(
    "The singular and plural of a word are one item",
    arguments: [
      ("Loaves", "Loaf"), ("knives", "knife"), ("berries", "berry"), ("tomatoes", "tomato"),
      ("leaves", "leaf"), ("Cookies", "cookie"), ("shoes", "shoe"), ("quiches", "quiche"),
      ("fries", "fry"), ("pies", "pie"), ("kiwis", "kiwi"), ("Brownies", "brownie"),
      ("bin bags", "bin bag"), ("Tea bags", "tea bag"), ("potatoes", "potato"),
      ("chillies", "chilli"), ("chilies", "chili"), ("cherries", "cherry"),
    ])
  func singularAndPluralMeet(plural: String, singular: String) {
    #expect(NameKey.of(plural) == NameKey.of(singular))
  }

  @Test(
    "Words that merely end in s keep it",
    arguments: ["hummus", "asparagus", "swiss", "glass", "couscous", "gas", "citrus"])
  func nonPluralsKeepTheirEnding(word: String) {
    #expect(NameKey.of(word) == word)
    #expect(NameKey.of(word) == NameKey.of(word.uppercased()))
  }

  @Test func keepsDifferentItemsApart() {
    #expect(NameKey.of("Peas") != NameKey.of("Peaches"))
    #expect(NameKey.of("Milk") != NameKey.of("Oat milk"))
    #expect(NameKey.of("Glass") != NameKey.of("Gas"))
  }

  @Test(
    "Names without letters or digits keep their own identity",
    arguments: [("🍕", "🍔"), ("!!!", "???"), ("🍕", "!!!"), ("🍎🍎", "🍎"), ("♥", "♦")])
  func symbolNamesStayApart(one: String, other: String) {
    #expect(!NameKey.of(one).isEmpty)
    #expect(NameKey.of(one) != NameKey.of(other))
  }

  @Test(
    "A symbol name still folds whitespace and emoji presentation",
    arguments: [("🍕", " 🍕 "), ("🍕", "🍕\u{FE0F}"), ("! !", "!   !")])
  func symbolNamesFoldWhitespace(one: String, other: String) {
    #expect(NameKey.of(one) == NameKey.of(other))
  }

  @Test func emojiBesideLettersFoldAway() {
    #expect(NameKey.of("🍕 Pizza") == NameKey.of("pizza"))
  }

  @Test func prefixFoldingKeepsWordsAsWritten() {
    #expect(NameKey.folded("Tomatoes, chopped") == "tomatoes chopped")
    #expect(NameKey.folded("  Crème   Fraîche") == "creme fraiche")
    #expect(NameKey.folded("🍕") == "🍕")
  }

  @Test func theEmojiEngineFoldsWithTheSameKey() {
    // NB: one folding: an item's key and the emoji table's key for the same text never differ.
    for name in ["Loaves", "Strawberries", "Crème Fraîche", "Baker's yeast!", "Knives"] {
      #expect(FoldedName(name).key == NameKey.of(name))
    }
  }
}
