import BasketKit
import Testing

@Suite struct BriefTitleTests {
  @Test(arguments: [
    ("Chili", "Chili"),
    (
      "20-Minute Chipotle Creamed Chicken Recipe Puts a Spicy Spin on Comfort Food by Jo",
      "20-Minute Chipotle Creamed…"
    ),
    ("Grandma's Best Beef Stew: Slow and Easy", "Grandma's Best Beef Stew"),
    ("Spaghetti alla Puttanesca (Pasta with Olives) | Serious Eats", "Spaghetti alla Puttanesca"),
    ("Easy Weeknight Lentil Soup Recipe", "Easy Weeknight Lentil Soup"),
    ("One-Pot Creamy Tuscan Garlic Chicken Pasta", "One-Pot Creamy Tuscan Garlic…"),
    ("Recipe: Pancakes", "Recipe"),
    ("Pancakes by Jo - Food Site", "Pancakes"),
    (
      "Supercalifragilisticexpialidociousandthensome stew",
      "Supercalifragilisticexpialidociousandthensome…"
    ),
    ("", ""),
  ])
  func aTitleIsNamedBriefly(title: String, brief: String) {
    #expect(BriefTitle.of(title) == brief)
  }
}

@Suite struct CountNounTests {
  @Test(arguments: [
    ("onion", [String](), "onions"), ("yellow onion", [], "yellow onions"),
    ("tomato", [], "tomatoes"), ("cherry", [], "cherries"), ("peach", [], "peaches"),
    ("courgette", [], "courgettes"), ("eggs", [], "eggs"), ("onion", ["onions"], "onions"),
    ("bay leaf", ["bay leaves"], "bay leaves"),
  ])
  func moreThanOneReadsAsMany(name: String, written: [String], plural: String) {
    #expect(CountNoun.plural(name, written: written) == plural)
  }
}
