import Testing

@testable import RecipeLab

/// The lenient comparison the page reader is measured by (docs/measurements.md): what it lets
/// through as the same text, and what it must still tell apart.
@Suite struct PageScoringTests {
  @Test(arguments: [
    ("1½ cups flour", "1 1/2 cups flour"),
    ("0,5 l milk", "1/2 l milk"),
    ("2 Eggs (large)", "2 eggs"),
    ("400g butter", "400 g butter"),
    ("2 tbsp olive oil", "2 tablespoons olive oil"),
    ("1 tsp salt", "1 teaspoon salt"),
    ("500 gm cherry tomatoes", "500 grams cherry tomatoes"),
    ("1 pound(s) spaghetti", "1 pound spaghetti"),
    ("4 lbs chicken", "4 pounds chicken"),
    ("1 c sugar", "1 cup sugar"),
  ])
  func textWrittenAnotherWayMatches(got: String, want: String) {
    #expect(PageScoring.matches(got, want, lenient: true))
  }

  @Test(arguments: [
    ("2 tbsp olive oil", "2 tsp olive oil"),
    ("1 cup flour", "2 cups flour"),
    ("500 g tomatoes", "500 kg tomatoes"),
    ("1 oz butter", "1 lb butter"),
    ("3 eggs", "3 eggs beaten"),
  ])
  func aDifferentAmountUnitOrWordDoesNot(got: String, want: String) {
    #expect(!PageScoring.matches(got, want, lenient: true))
  }

  @Test(arguments: [
    ("4 servings", "Serves 4", true),
    ("4 servings", "Servings: 4", true),
    ("6 servings", "6 porcií", true),
    ("2 servings", "2 Portionen", true),
    ("4 servings", "Serves 6", false),
    ("32 servings", "32 pints", false),
    ("4 servings", "serves 4 to 6", false),
  ])
  func aYieldOfServingsMatchesInAnyWordsForServings(got: String, want: String, same: Bool) {
    let reading = PageEvaluation.Reading(
      got: ["yields": [got]], want: ["yields": [want]], gotTime: nil, wantTime: nil)
    #expect(reading.matches("yields", lenient: true) == same)
    #expect(!reading.matches("yields", lenient: false) || got == want)
  }

  @Test func theStrictComparisonLetsNoneOfThatThrough() {
    #expect(!PageScoring.matches("2 tbsp olive oil", "2 tablespoons olive oil", lenient: false))
    #expect(PageScoring.matches("2  tbsp olive oil ", "2 tbsp olive oil", lenient: false))
  }

  @Test func listsMatchLineForLineInOrder() {
    let want = ["1 cup flour", "2 eggs"]
    #expect(PageScoring.matches(["1 c flour", "2 Eggs"], want, lenient: true))
    #expect(!PageScoring.matches(["2 eggs", "1 cup flour"], want, lenient: true))
    #expect(!PageScoring.matches(["1 cup flour"], want, lenient: true))
  }
}

@Suite struct StepScoringTests {
  @Test func aStepsOwnNumberAtItsStartDoesNotCount() {
    let want = ["Step 1 Preheat the oven.", "2. Mix the flour.", "Bake."]
    #expect(
      PageScoring.matches(
        ["Preheat the oven", "Mix the flour", "Bake"], want, lenient: true, steps: true))
    #expect(
      PageScoring.matches(
        ["Étape 1 Preheat the oven", "2 Mix the flour", "3 Bake"], want, lenient: true, steps: true)
    )
  }

  @Test func aNumberThatIsNotTheStepsOwnStillCounts() {
    // "2 eggs" opening the first step is an amount, not its number.
    #expect(!PageScoring.matches(["Beat 2 eggs."], ["2 Beat 2 eggs."], lenient: true, steps: true))
    #expect(
      !PageScoring.matches(["Add the milk."], ["Add 1 the milk."], lenient: true, steps: true))
    // Ingredients are not steps: their first number is an amount.
    #expect(!PageScoring.matches(["eggs"], ["1 eggs"], lenient: true))
    #expect(!PageScoring.matches(["Preheat"], ["1 Preheat"], lenient: false, steps: true))
  }

  @Test func aSpaceBetweenTwoWordsDoesNotCountButOneBetweenNumbersDoes() {
    #expect(PageScoring.matches("robot oubatteur", "robot ou batteur", lenient: true))
    #expect(!PageScoring.matches("1 2 cups", "12 cups", lenient: true))
    #expect(!PageScoring.matches("robot oubatteur", "robot ou batteur", lenient: false))
  }
}
