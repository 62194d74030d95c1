import Foundation
import Testing

/// RECIPE arguments on the command line: a word of one title names it.
@Suite struct RecipeReferenceTests {
  let basket = BasketBinary()

  @Test func aTitleWordNamesTheRecipeAndSeveralAreListed() throws {
    for text in [
      "Beef stew\n\nIngredients\n500 g beef\n2 carrots\n",
      "Lentil stew\n\nIngredients\n200 g lentils\n",
    ] {
      let saved = try basket.run(["recipe", "import", "-", "--save"], input: Array(text.utf8))
      #expect(saved.status == 0, "\(saved.stderr)")
    }
    let added = try basket.run(["recipe", "add", "beef"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try basket.names("toGet").contains("beef"))
    let both = try basket.run(["recipe", "add", "stew"])
    #expect(both.status == 1)
    #expect(both.stderr.contains("\"stew\" matches several recipes: Beef stew ("), "\(both.stderr)")
    #expect(both.stderr.contains("Lentil stew ("), "\(both.stderr)")
  }
}

/// Tap water and optional lines stay off the list unless named with --with: nobody buys them
/// by default.
@Suite struct LeftOutLineCommandTests {
  let basket = BasketBinary()

  @Test func waterAndOptionalLinesAreLeftOutUnlessChosen() throws {
    let text =
      "Soup\n\nIngredients\n2 onions\n4 cups water\n1 tsp chilli flakes (optional)\n1 cup boiling water\n"
    let saved = try basket.run(["recipe", "import", "-", "--save"], input: Array(text.utf8))
    #expect(saved.status == 0, "\(saved.stderr)")
    let added = try basket.run(["recipe", "add", "soup"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try basket.names("toGet") == ["onions"])
    let chilli = try basket.run(["recipe", "add", "soup", "--with", "chilli flakes"])
    #expect(chilli.status == 0, "\(chilli.stderr)")
    #expect(Set(try basket.names("toGet")) == ["onions", "chilli flakes"])
    let missing = try basket.run(["recipe", "add", "soup", "--with", "saffron"])
    #expect(missing.status == 1)
    #expect(
      missing.stderr == "basket: Soup has no ingredient \"saffron\" to add; nothing was added\n")
  }
}
