import BasketKit
import BasketRecipeImport
import Testing

@Suite struct HTMLRecipePageTests {
  private func importing(_ html: String) -> Recipe? {
    RecipeDocumentImporter.recipe(from: Array(html.utf8))
  }

  @Test func readsJSONLDWhoseStringsHoldClosingTags() throws {
    let html = """
      <!doctype html><html lang="en-GB"><head><title>Ignored</title>
      <script type="application/ld+json">
      {"@type":"Recipe","name":"Fish &amp; Chips","recipeIngredient":["2 <b>large</b> potatoes","1 fillet cod"],
       "recipeInstructions":"<p>Fry.</p><p>Serve with </em>vinegar. 1 </ 2</p>"}
      </script></head><body><p>Page</p></body></html>
      """
    let recipe = try #require(importing(html))
    #expect(recipe.title == "Fish & Chips")
    #expect(recipe.ingredients.map(\.text) == ["2 large potatoes", "1 fillet cod"])
    #expect(recipe.instructions == ["Fry.", "Serve with vinegar. 1 </ 2"])
    #expect(HTMLRecipePage.read(Array(html.utf8)).language == "en-GB")
  }

  @Test func readsMicrodata() throws {
    let html = """
      <html><body><div itemscope itemtype="https://schema.org/Recipe">
        <h1 itemprop="name">Scones</h1>
        <meta itemprop="totalTime" content="PT30M">
        <span itemprop="recipeYield">Makes 8 scones</span>
        <ul><li itemprop="recipeIngredient">225 g self-raising flour</li>
            <li itemprop="recipeIngredient">55 g butter</li></ul>
        <ol itemprop="recipeInstructions"><li>Rub in the butter.</li><li>Bake.</li></ol>
        <div itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">A</span></div>
      </div></body></html>
      """
    let recipe = try #require(importing(html))
    #expect(recipe.title == "Scones")
    #expect(recipe.ingredients.map(\.text) == ["225 g self-raising flour", "55 g butter"])
    #expect(recipe.instructions == ["Rub in the butter.", "Bake."])
    #expect(recipe.totalTime == 30)
    #expect(recipe.yields == "8 scones")
  }

  @Test func fallsBackToTheHeadingsOfAPageWithoutMarkup() throws {
    let html = """
      <html><head><title>Gran's Trifle</title><meta property="og:image" content="https://x.test/t.jpg"></head>
      <body><nav><ul><li>Home</li></ul></nav><h1>Trifle</h1>
      <h2>Ingredients</h2><ul><li>1 sponge cake</li><li>500&nbsp;ml custard</li></ul>
      <h2>Method</h2><ol><li>Layer the sponge.</li><li>Pour on the custard.</li></ol>
      <h2>Comments</h2><p>Yum</p></body></html>
      """
    let recipe = try #require(importing(html))
    #expect(recipe.title == "Trifle")
    #expect(recipe.ingredients.map(\.text) == ["1 sponge cake", "500 ml custard"])
    #expect(recipe.instructions == ["Layer the sponge.", "Pour on the custard."])
    #expect(recipe.image == "https://x.test/t.jpg")
  }

  @Test func recoversFromMalformedMarkup() throws {
    let html =
      "<html><body><h2>Ingredients<ul><li>2 eggs<li>1 cup milk</ul><h2>Method</h2><p>Whisk.<p>Cook"
    let recipe = try #require(importing(html))
    #expect(recipe.ingredients.map(\.text) == ["2 eggs", "1 cup milk"])
    #expect(recipe.instructions == ["Whisk.", "Cook"])
  }

  @Test func readsWindows1252BytesWithoutADeclaredCharset() throws {
    var bytes = Array("<html><body><h2>Ingredients</h2><ul><li>".utf8)
    bytes += [0xBD] + Array(" cup sugar</li><li>".utf8) + [0x9D]  // ½, then an undefined byte
    bytes += Array("1 egg</li></ul></body></html>".utf8)
    let recipe = try #require(RecipeDocumentImporter.recipe(from: bytes))
    #expect(recipe.ingredients.first?.text == "½ cup sugar")
    #expect(recipe.ingredients.first?.quantity?.amount == 0.5)
    #expect(recipe.ingredients.last?.text == "\u{FFFD}1 egg")
  }

  @Test func followsADeclaredCharset() throws {
    var bytes = Array(
      "<html><head><meta charset=\"iso-8859-1\"></head><body><h2>Ingredients</h2><ul><li>1 cr".utf8)
    bytes += [0xE8] + Array("me fra".utf8) + [0xEE] + Array("che</li></ul></body></html>".utf8)
    let recipe = try #require(RecipeDocumentImporter.recipe(from: bytes))
    #expect(recipe.ingredients.first?.text == "1 crème fraîche")
  }

  @Test func survivesDeepNestingAndHugePagesWithoutAnswerOrCrash() {
    let deep =
      String(repeating: "<div>", count: 200_000) + "x" + String(repeating: "</div>", count: 10)
    #expect(importing(deep) == nil)
    let filler = String(repeating: "<p>Lorem ipsum dolor sit amet &amp; more</p>\n", count: 120_000)
    let huge = "<html><body>" + filler + "<h2>Ingredients</h2><ul><li>1 egg</li></ul></body></html>"
    #expect(huge.utf8.count > 5_000_000)
    #expect(importing(huge)?.ingredients.count == 1)
  }

  @Test func readsABlockOfManyBoldStretchesAndLinesInOnePass() {
    // Which lines are wholly bold is found in one pass over the bytes and the stretches:
    // checking each byte against the stretches before it took seconds on this page.
    let line = "<b>" + String(repeating: "a", count: 900) + "</b><br>"
    let page = "<html><body><p>" + String(repeating: line, count: 1_000) + "</p></body></html>"
    let clock = ContinuousClock()
    var blocks: [PageBlock] = []
    let took = clock.measure { blocks = HTMLRecipePage.read(Array(page.utf8)).blocks }
    #expect(blocks.first?.boldLines.count == 1_000)
    #expect(took < .seconds(2))
  }

  @Test(arguments: [
    [], [0], [0xFF, 0xFE], Array("<".utf8), Array("<<<>>>".utf8), Array("<script>".utf8),
  ])
  func findsNothingInJunkWithoutCrashing(bytes: [UInt8]) {
    #expect(RecipeDocumentImporter.recipe(from: bytes) == nil)
  }

  @Test func tellsHTMLFromText() {
    #expect(RecipeDocumentImporter.kind(of: Array("  <!DOCTYPE html><html>".utf8)) == .html)
    #expect(RecipeDocumentImporter.kind(of: [0xEF, 0xBB, 0xBF] + Array("<html>".utf8)) == .html)
    #expect(RecipeDocumentImporter.kind(of: Array("Pancakes\n1 egg".utf8)) == .text)
    let recipe = RecipeDocumentImporter.recipe(
      from: Array("Pancakes\n1 egg\n1 cup milk\nWhisk and fry.".utf8))
    #expect(recipe?.title == "Pancakes")
  }
}
