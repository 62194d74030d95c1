import BasketKit
import Testing

@testable import BasketRecipeImport

@Suite struct PageCollectorTests {
  @Test func tellsEveryElementItReadsByItsName() {
    for (name, tag) in Tag.names + [("BLOCKQUOTE", .boundary), ("Div", .div), ("span", .other)] {
      let found = name.withCString { pointer in
        pointer.withMemoryRebound(to: UInt8.self, capacity: name.utf8.count + 1) { Tag($0) }
      }
      #expect(found == tag, "\(name)")
    }
    for other in ["scrip", "scripts", "h7", "blockquotes", "d", "textareas", "tracks"] {
      let found = other.withCString { pointer in
        pointer.withMemoryRebound(to: UInt8.self, capacity: other.utf8.count + 1) { Tag($0) }
      }
      #expect(found == .other, "\(other)")
    }
  }

  @Test func takesTheLanguageFromTheRootElementOnly() {
    let page = HTMLRecipePage.read(
      Array("<html lang=\"de\"><body><p>a</p></body></html><p>after</p>".utf8))
    #expect(page.language == "de")
  }

  @Test func readsUTF8TextBeforeTheCharsetDeclaration() {
    let html =
      "<html><head><title>Crème brûlée</title><meta charset=\"utf-8\"></head><body><p>é</p></body></html>"
    let page = HTMLRecipePage.read(Array(html.utf8))
    #expect(page.title == "Crème brûlée")
  }

  @Test func marksTheLinesWhollyInBold() {
    let html =
      "<p><b>Dressing</b><br>1/2 cup <strong>mayonnaise</strong><br><strong>Salad</strong> </p>"
      + "<li><span><strong>Muffin dough</strong></span></li><strong><p>Topping</p><p>Glaze</p></strong>"
      + "<li>2 <b>eggs</b></li><p>plain</p>"
    let blocks = HTMLRecipePage.read(Array(html.utf8)).blocks
    #expect(blocks.map(\.boldLines) == [[0, 2], [0], [0], [0], [], []])
  }

  @Test func tellsBlocksApartByTheirFirstClass() {
    let html =
      "<div class=\"item\">1 egg</div><div class=\" item is-single\">salt</div>"
      + "<div class=\"title\">Sauce</div><div>2 tbsp oil</div>"
    let styles = HTMLRecipePage.read(Array(html.utf8)).blocks.map(\.style)
    #expect(styles.count == 4)
    #expect(styles[0] == styles[1])
    #expect(styles[0] != styles[2])
    #expect(styles[0] != 0 && styles[2] != 0 && styles[3] == 0)
  }
}

@Suite struct ServerCharsetTests {
  @Test func followsTheServersCharsetWhenThePageNamesNone() throws {
    var bytes = Array("<html><body><h2>Ingredients</h2><ul><li>1 cr".utf8)
    bytes += [0xE8] + Array("me fra".utf8) + [0xEE] + Array("che</li></ul></body></html>".utf8)
    let recipe = try #require(RecipeDocumentImporter.recipe(from: bytes, charset: "ISO-8859-1"))
    #expect(recipe.ingredients.first?.text == "1 crème fraîche")
  }

  @Test func aPagesOwnCharsetWinsOverTheServers() throws {
    let html =
      "<html><head><meta charset=\"utf-8\"></head><body><h2>Ingredients</h2><ul><li>1 crème</li></ul></body></html>"
    let recipe = try #require(
      RecipeDocumentImporter.recipe(from: Array(html.utf8), charset: "iso-8859-1"))
    #expect(recipe.ingredients.first?.text == "1 crème")
  }

  @Test(
    arguments: [
      ("text/html; charset=ISO-8859-1", "ISO-8859-1"), ("text/html;charset=\"utf-8\"", "utf-8"),
      ("text/html", nil), ("text/html; charset=", nil),
      ("text/html; q=1; Charset = 'koi8-r'", "koi8-r"),
    ] as [(String, String?)])
  func readsTheCharsetOfAContentType(contentType: String, charset: String?) {
    #expect(RecipeDocumentImporter.charset(in: contentType) == charset)
  }
}
