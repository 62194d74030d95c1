import Testing

@testable import BasketKit

@Suite struct EmojiMatchingTests {
  let classifier = EmojiClassifier.shared

  @Test(
    "The longest keyword wins",
    arguments: [
      ("peach", "🍑"), ("peas", "🫛"), ("ginger", "🫚"), ("gin", "🥃"), ("hamburger", "🍔"),
      ("ham", "🍖"), ("pineapple", "🍍"), ("apple", "🍎"), ("grapefruit", "🍊"), ("grapes", "🍇"),
    ])
  func longestKeywordWins(name: String, emoji: String) {
    #expect(classifier.classify(name).emoji == emoji)
  }

  @Test(
    "Short keywords match whole words only",
    arguments: [("paper", "pap"), ("goat", "oat"), ("gingerbread", "gin"), ("peachy", "pea")])
  func shortKeywordsMatchWholeWords(name: String, keyword: String) {
    #expect(classifier.classify(name).emoji != classifier.classify(keyword).emoji)
  }

  @Test(
    "The head noun decides unless a longer phrase matches",
    arguments: [
      ("chocolate milk", "🥛"), ("milk chocolate", "🍫"), ("peanut butter", "🥜"),
      ("coffee beans", "☕"), ("orange juice", "🧃"), ("chicken soup", "🍲"),
      ("frozen peas", "🫛"), ("Tuna in brine", "🐟"), ("bag of frozen peas", "🫛"),
      ("Milk, semi-skimmed", "🥛"), ("chicken breast", "🍗"), ("cream of tartar", "🧁"),
    ])
  func headNounDecides(name: String, emoji: String) {
    #expect(classifier.classify(name).emoji == emoji)
  }

  @Test(
    "Plurals, accents, case and punctuation fold",
    arguments: [
      ("apples", "apple"), ("tomatoes", "tomato"), ("berries", "berry"), ("loaves", "loaf"),
      ("potatoes", "potato"), ("peaches", "peach"), ("cherries", "cherry"),
      ("jalapeño", "jalapeno"), ("JALAPEÑOS", "jalapeno"), ("crème fraîche", "creme fraiche"),
      ("Baker's yeast!", "bakers yeast"), ("  PEANUT-butter ", "peanut butter"),
    ])
  func foldsToSameResult(name: String, plain: String) {
    #expect(classifier.classify(name) == classifier.classify(plain))
    #expect(classifier.classify(name).stage == .curated)
  }

  @Test(
    "Stems make singular and plural meet",
    arguments: [
      ("leaves", "leaf"), ("cookies", "cookie"), ("quiches", "quiche"), ("boxes", "box"),
      ("shoes", "shoe"), ("glasses", "glass"), ("fries", "fry"), ("pies", "pie"),
      ("olives", "olive"), ("kiwis", "kiwi"),
    ])
  func stemsMeet(plural: String, singular: String) {
    #expect(FoldedName(plural).key == FoldedName(singular).key)
  }

  @Test("Words that are not plurals keep their ending", arguments: ["hummus", "couscous", "swiss"])
  func nonPluralsKeepEnding(word: String) {
    #expect(FoldedName(word).key == word)
  }

  @Test(
    "Run-together words still match",
    arguments: [("pineapplejuice", "🧃"), ("corn flakes", "🥣"), ("icecream", "🍨")])
  func runTogetherWords(name: String, emoji: String) {
    #expect(classifier.classify(name).emoji == emoji)
  }

  @Test(
    "The semantic map catches unknown nouns, with plural stripping and head-noun fallback",
    arguments: [("pomfrets", "🐟"), ("frozen brill", "🐟"), ("pomfret", "🐟")])
  func semanticFallback(name: String, emoji: String) {
    let result = classifier.classify(name)
    #expect(result.emoji == emoji)
  }

  @Test("Frozen peas take the same emoji as peas at every stage")
  func frozenPeas() {
    #expect(classifier.classify("frozen peas").emoji == classifier.classify("peas").emoji)
    #expect(classifier.classify("frozen pomfret").emoji == classifier.classify("pomfret").emoji)
    #expect(classifier.classify("pomfret").stage == .semantic)
  }

  @Test(
    "Frozen food is shelved in the freezers; a frozen drink stays a drink",
    arguments: [
      ("frozen peas", "frozen"), ("bag of frozen peas", "frozen"), ("frozen pizza", "frozen"),
      ("frozen spinach", "frozen"), ("peas", "produce"), ("frozen margarita", "drinks"),
    ])
  func frozenFoodIsFrozen(name: String, category: String) {
    #expect(classifier.classify(name).category == category)
  }

  @Test("Nothing known gets the basket", arguments: ["", "   ", "!!!", "xyzzy", "qwertyuiop"])
  func defaultBasket(name: String) {
    #expect(classifier.classify(name) == .fallback)
  }

  @Test(
    "Measures come with the match",
    arguments: [
      ("milk", MeasureKind.poured), ("flour", .weighed), ("mince", .weighed), ("eggs", .counted),
      ("orange juice", .poured), ("cheddar", .weighed), ("olive oil", .poured),
    ])
  func measures(name: String, measure: MeasureKind) {
    #expect(classifier.classify(name).measure == measure)
  }
}
