import BasketKit
import Testing

@testable import BasketRecipeImport

@Suite struct ScriptBodiesTests {
  private func emptied(_ html: String, encodingKnown: Bool = true, validUTF8: Bool = true)
    -> String
  {
    String(
      decoding: ScriptBodies.emptied(
        Array(html.utf8), encodingKnown: encodingKnown, validUTF8: validUTF8),
      as: UTF8.self)
  }

  @Test func keepsBodiesOutsideASCIIUnlessThePageIsKnownUTF8() {
    let html = "<p>a</p><script>s = 'crème';</script><script>t = 1;</script>"
    #expect(emptied(html) == "<p>a</p><script></script><script></script>")
    #expect(
      emptied(html, validUTF8: false) == "<p>a</p><script>s = 'crème';</script><script></script>")
  }

  /// Found by FuzzRecipeHTML: a page that names UTF-8 but holds bytes that aren't in a script;
  /// libxml2 changes decoders there, so emptying the script changed how "crème" read after it.
  @Test func readsAPageWithBadUTF8InAScriptAlikeEitherWay() {
    let bytes =
      Array("<html><head><meta charset=\"utf-8\"></head><body><p>Whisk<script>".utf8)
      + [0x05, 0xFF, 0xFF, 0x05] + Array("var a;</script><ul><li>500 ml crème</li></ul>".utf8)
    #expect(
      HTMLRecipePage.read(bytes) == HTMLRecipePage.read(bytes, emptyingScripts: false))
  }

  @Test(
    arguments: [
      // Script and style bodies go; JSON-LD stays.
      ("<p>a</p><script>var x = '</div>';</script><p>b</p>", "<p>a</p><script></script><p>b</p>"),
      ("<STYLE type=text/css>p{}</style><p>b", "<STYLE type=text/css></style><p>b"),
      (
        #"<script type="application/ld+json">{"a":1}</script>"#,
        #"<script type="application/ld+json">{"a":1}</script>"#
      ),
      // A kept body is still raw text: markup inside it is not read (found by FuzzRecipeHTML).
      (
        #"<script type="application/ld+json">{"a":"<script>x</script>"}</script><script>y</script>"#,
        #"<script type="application/ld+json">{"a":"<script>x</script>"}</script><script></script>"#
      ),
      // A body ends at its own end tag, in any case, as libxml2 ends it.
      ("<script>a</b>c</SCRIPT>x", "<script></SCRIPT>x"),
      ("<script>if (a </ b) {}</script >y", "<script></script >y"),
      // A longer end tag doesn't close it (libxml2 drops it and reads on; found by the fuzzer).
      ("<script>a</scriptx>b</script>c", "<script></script>c"),
      ("<script>a</scriptx>never closed", "<script>a</scriptx>never closed"),
      ("<script>a</script7;</script>b", "<script>a</script7;</script>b"),
      ("<script>a</script7;</script>b</script>c", "<script></script>c"),
      // A NUL byte anywhere: left as it is.
      ("<script>a</script>\u{0}", "<script>a</script>\u{0}"),
      // An empty element has no body.
      (
        #"<script src="a.js"/><p>kept</p><script>x</script>"#,
        #"<script src="a.js"/><p>kept</p><script></script>"#
      ),
      // Only what libxml2 reads as a start tag opens a body.
      ("<!-- <script> --><p>kept</p>", "<!-- <script> --><p>kept</p>"),
      (#"<a title="<script>">kept</a>"#, #"<a title="<script>">kept</a>"#),
      (#"<a title='x>y'><script>z</script>"#, #"<a title='x>y'><script></script>"#),
      ("<scripts>kept</scripts>", "<scripts>kept</scripts>"),
      (
        #"<!DOCTYPE html SYSTEM "a><script>x"><script>y</script>"#,
        #"<!DOCTYPE html SYSTEM "a><script>x"><script></script>"#
      ),
      // A quote opens a value only after a name and "=": junk runs to a blank or ">".
      (#"<script="></script">;</script"#, #"<script="></script">;</script"#),
      (#"<script 1="a>b">c</script>"#, #"<script 1="a></script>"#),
      (#"<script a = "x>y">c</script>"#, #"<script a = "x>y"></script>"#),
      // Names stop at 100 bytes; what follows starts the next attribute.
      (
        "<script " + String(repeating: "a", count: 100) + #"-="x>y">c</script>"#,
        "<script " + String(repeating: "a", count: 100) + #"-="x></script>"#
      ),
      // What libxml2 reads as text or drops, as xmllint --html shows: a bare `</` or `<?`, or
      // `<!` that opens no comment or doctype (found by FuzzRecipeHTML).
      (
        "</<script type=ld+json>{}</script><script>v</script>",
        "</<script type=ld+json>{}</script><script></script>"
      ),
      ("<?1 <script>x</script>", "<?1 <script></script>"),
      ("<!x <script>a</script>b>", "<!x <script></script>b>"),
      ("</_x <script>a</script>>", "</_x <script>a</script>>"),
      ("<?x <script>a</script>>", "<?x <script>a</script>>"),
      // Unsure: the rest is left as it is.
      ("<script></t</script>/<script>x</script>", "<script></t</script>/<script>x</script>"),
      ("<p>a<script>b</script><style><b></style>", "<p>a<script></script><style><b></style>"),
      ("<p>a<script>never closed", "<p>a<script>never closed"),
      ("<!-- never closed <script>x</script>", "<!-- never closed <script>x</script>"),
      (#"<div class="open><script>x</script>"#, #"<div class="open><script>x</script>"#),
    ] as [(String, String)])
  func emptiesScriptAndStyleBodies(html: String, expected: String) {
    #expect(emptied(html) == expected)
  }

  @Test func leavesPagesInStatefulEncodingsAsTheyAre() {
    let html = "<meta charset=\"ISO-2022-JP\"><script>a</script>"
    #expect(emptied(html, encodingKnown: false) == html)
    #expect(
      emptied("<meta charset=utf-8><script>a</script>", encodingKnown: false)
        == "<meta charset=utf-8><script></script>")
  }

  @Test func keepsBodiesUntilTheEncodingIsSettled() {
    let html = "<script>a</script><meta charset=utf-8><script>b</script>"
    #expect(
      emptied(html, encodingKnown: false)
        == "<script>a</script><meta charset=utf-8><script></script>")
    #expect(
      emptied(html, encodingKnown: true) == "<script></script><meta charset=utf-8><script></script>"
    )
  }

  @Test func pagesReadTheSameWithOrWithoutTheirScriptBodies() throws {
    let html = """
      <html lang="fr"><head><title>Tarte</title><style>h2{color:red}</style>
      <script>document.write("<h2>Ingredients</h2><ul><li>fake</li></ul>")</script>
      <script type="application/ld+json">{"@type":"Recipe","name":"Tarte","recipeIngredient":["3 pommes"]}</script>
      </head><body><h2>Ingredients</h2><ul><li>3 pommes</li></ul><script>var s = "</p>";</script>
      <h2>Method</h2><p>Bake.</p></body></html>
      """
    let bytes = Array(html.utf8)
    let page = HTMLRecipePage.read(bytes)
    #expect(page == HTMLRecipePage.read(bytes, emptyingScripts: false))
    #expect(page.jsonLD.count == 1)
    #expect(page.blocks.map(\.text).contains("3 pommes"))
    #expect(!page.blocks.map(\.text).contains("fake"))
  }
}

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
