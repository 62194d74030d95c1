import BasketKit
import Testing

@Suite struct KitchenOCRFixesTests {
  /// A misread and what it becomes: the context makes the reading sure.
  static let fixed: [(String, String)] = [
    ("2 Ib ground beef", "2 lb ground beef"),
    ("1b 1b beef", "1b 1b beef"),  // NB: the first has no number before it
    ("1 1b beef", "1 lb beef"),
    ("3 Ibs potatoes", "3 lbs potatoes"),
    ("1.5 Ib. pork", "1.5 lb pork"),
    ("8 02 butter", "8 oz butter"),
    ("14 0z can tomatoes", "14 oz can tomatoes"),
    ("% cup cream", "½ cup cream"),
    ("Y2 tsp salt", "½ tsp salt"),
    ("Y4 cup milk", "¼ cup milk"),
    ("1 Y2 cups flour", "1 ½ cups flour"),
    ("% butter", "½ butter"),  // a food the density table knows
    ("l cup sugar", "1 cup sugar"),
    ("I tsp vanilla", "1 tsp vanilla"),
    ("| tsp sugar", "1 tsp sugar"),
    ("l00 g flour", "100 g flour"),
    ("2I0 ml water", "210 ml water"),
    ("I0 oz spinach", "10 oz spinach"),
    ("300 mI milk", "300 ml milk"),
    ("300 mi milk", "300 ml milk"),
    ("3, Blend until smooth", "3. Blend until smooth"),
    ("40z flour", "4 oz flour"),
    ("2Ib beef mince", "2 lb beef mince"),
    ("1½Ibs potatoes", "1½ lbs potatoes"),
  ]

  /// Lines that look like misreads but aren't, or aren't surely: left alone.
  static let untouched: [String] = [
    "Ib",  // alone: no number before it
    "Ib beef",
    "add 02 later",  // no number before
    "8 02",  // no word after: a time, a code
    "dial 555 02",
    "2% milk",  // glued: a real percentage
    "1 % milk",  // after a number, only a unit makes it sure: this may be a percentage
    "% of the batch",
    "Y2 wing",
    "Y4 road",
    "I like butter",  // "like" isn't a unit
    "2 l milk",  // a litre, after a number
    "Stir in l cup",  // not where an amount is expected
    "Il",
    "l",
    "Bake at 200 for 02 hours",
    "12345I g",  // too long to be a misread amount
    "mI milk",
    "300 mi",
    "2, 3 or 4 eggs",  // a list, not a step number
    "then 3, Blend",
    "402 flour",  // digits: may be a number
    "40z",  // no word after
    "x0z flour",
  ]

  @Test(arguments: fixed)
  func fixesAMisreadWhereTheContextIsSure(misread: String, meant: String) {
    #expect(KitchenOCRFixes.fixed(line: misread) == meant)
  }

  @Test(arguments: untouched)
  func leavesEverythingElseAlone(line: String) {
    #expect(KitchenOCRFixes.fixed(line: line) == line)
  }
}
