import BasketKit
import BasketTestSupport
import Foundation
import Testing

/// How the shipped dictionary ranks, and how remembered names show on chips.
@Suite struct SuggestionRankingTests {
  static let engine = SuggestionEngine(dictionary: GroceryVocabulary.dictionary)
  let now = Fixtures.monday
  let noHistory = HistoryIndex(memory: [], now: Fixtures.monday)

  @Test(
    "An everyday prefix offers its staple among the first three chips, with no history",
    arguments: [
      ("mi", "Milk"), ("ch", "Chicken"), ("ch", "Cheese"), ("che", "Cheese"), ("to", "Tomatoes"),
      ("ap", "Apples"), ("br", "Bread"), ("eg", "Eggs"), ("bu", "Butter"), ("on", "Onions"),
      ("ga", "Garlic"), ("po", "Potatoes"), ("car", "Carrots"), ("le", "Lemons"),
      ("li", "Limes"), ("or", "Oranges"), ("pas", "Pasta"), ("ri", "Rice"), ("sa", "Salt"),
      ("su", "Sugar"), ("fl", "Flour"), ("ye", "Yeast"), ("cof", "Coffee"), ("te", "Tea"),
      ("ju", "Juice"), ("wa", "Water"), ("too", "Toothpaste"), ("toi", "Toilet roll"),
      ("soa", "Soap"), ("sham", "Shampoo"), ("yo", "Yogurt"), ("ham", "Ham"), ("bac", "Bacon"),
      ("sau", "Sausages"), ("nap", "Nappies"), ("ban", "Bananas"), ("bee", "Beef"),
      ("cer", "Cereal"), ("cuc", "Cucumber"), ("mu", "Mushrooms"), ("pea", "Peas"),
      ("sp", "Spinach"), ("str", "Strawberries"), ("let", "Lettuce"), ("oa", "Oats"),
      ("hon", "Honey"), ("ket", "Ketchup"), ("may", "Mayonnaise"), ("tu", "Tuna"),
      ("wi", "Wine"), ("cr", "Cream"), ("cri", "Crisps"), ("fis", "Fish"), ("bis", "Biscuits"),
      ("av", "Avocados"), ("cou", "Courgettes"), ("gra", "Grapes"), ("piz", "Pizza"),
      ("ce", "Celery"), ("mar", "Margarine"), ("jam", "Jam"), ("bin", "Bin bags"),
      ("tof", "Tofu"), ("sal", "Salmon"), ("ice", "Ice cream"), ("det", "Detergent"),
    ])
  func stapleComesFirst(prefix: String, staple: String) {
    let chips = Self.engine.suggest(prefix, history: noHistory, excluding: [])
    let firstThree = chips.prefix(3).map { NameKey.of($0.name) }
    #expect(
      firstThree.contains(NameKey.of(staple)), "\(prefix) → \(chips.prefix(5).map(\.name))")
  }

  @Test func theIssuesExamplesNoLongerBuryTheStaple() {
    func firstThree(_ prefix: String) -> [String] {
      Self.engine.suggest(prefix, history: noHistory, excluding: []).prefix(3).map(\.name)
    }
    #expect(firstThree("mi").first == "milk")
    #expect(!firstThree("mi").contains("Mio") && !firstThree("mi").contains("Mici"))
    #expect(!firstThree("ch").contains("Chai") && !firstThree("ch").contains("Chex"))
    #expect(!firstThree("to").contains("Toy"))
    #expect(firstThree("ap").first == "apple")
  }

  @Test func popularityRanksDictionaryWordsThenLengthThenAlphabet() {
    let engine = SuggestionEngine(dictionary: [
      DictionaryWord(name: "Mio"), DictionaryWord(name: "Mirin", popularity: 5),
      DictionaryWord(name: "Milk", popularity: 90), DictionaryWord(name: "Mici"),
      DictionaryWord(name: "Almond milk", popularity: 400),
    ])
    let names = engine.suggest("mi", history: noHistory, excluding: []).map(\.name)
    #expect(names == ["Milk", "Mirin", "Mio", "Mici", "Almond milk"])
  }

  @Test func historyStillComesBeforeThePopularWords() {
    let memory = [MemoryEntry(name: "Mixed nuts", timesAdded: 1, lastAdded: now)]
    let chips = Self.engine.suggest(
      "mi", history: HistoryIndex(memory: memory, now: now), excluding: [])
    #expect(chips.first == Suggestion(name: "Mixed nuts", source: .history))
    #expect(chips.dropFirst().first == Suggestion(name: "milk", source: .dictionary))
  }

  @Test func spellingsThatFoldTogetherShowOnceWithTheHigherPopularity() {
    let engine = SuggestionEngine(dictionary: [
      DictionaryWord(name: "Tomato", popularity: 3), DictionaryWord(name: "Tofu", popularity: 5),
      DictionaryWord(name: "Tomatoes", popularity: 10),
    ])
    let names = engine.suggest("to", history: noHistory, excluding: []).map(\.name)
    #expect(names == ["Tomato", "Tofu"])
  }
}

@Suite struct ChipNameTests {
  let now = Fixtures.monday
  let engine = SuggestionEngine(dictionary: ["Milk", "Oat Milk", "Bread"])

  private func usuals(_ names: [String]) -> [String] {
    let memory = names.enumerated().map { index, name in
      MemoryEntry(
        name: name, timesAdded: names.count - index, lastAdded: now.addingTimeInterval(-60))
    }
    return engine.usuals(history: HistoryIndex(memory: memory, now: now), excluding: [])
      .map(\.name)
  }

  @Test(
    "A shouted name shows as the dictionary spells it, or in sentence case",
    arguments: [
      ("MILK", "Milk"), ("OAT MILK", "Oat Milk"), ("FROZEN PIZZA", "Frozen pizza"),
      ("BBQ SAUCE", "BBQ sauce"), ("KIDS' YOGHURT POUCHES", "Kids' yoghurt pouches"),
      ("JAM", "Jam"), ("HP SAUCE", "HP sauce"),
    ])
  func shoutedNamesAreTidied(typed: String, shown: String) {
    #expect(usuals([typed]) == [shown])
  }

  @Test(
    "Chosen casing and short capitals are kept",
    arguments: ["milk", "iPhone charger", "BBQ sauce", "HP", "KFC", "Oat MILK", "🍕", "TV 4K"])
  func chosenCasingIsKept(typed: String) {
    #expect(usuals([typed]) == [typed])
  }

  @Test func historySuggestionsAreTidiedToo() {
    let memory = [MemoryEntry(name: "BREAD", timesAdded: 3, lastAdded: now)]
    let chips = engine.suggest("br", history: HistoryIndex(memory: memory, now: now), excluding: [])
    #expect(chips == [Suggestion(name: "Bread", source: .history)])
  }

  @Test(
    arguments: [
      ("MILK", "Milk"), ("OAT MILK", "Oat milk"), ("BBQ SAUCE", "BBQ sauce"), ("milk", "milk"),
      ("2 L MILK", "2 L milk"), ("ÉCLAIRS", "Éclairs"), ("7UP", "7up"), ("TV", "TV"),
    ])
  func tidyNameIsSentenceCaseForShoutedNames(typed: String, tidy: String) {
    #expect(TidyName.of(typed) == tidy)
  }
}
