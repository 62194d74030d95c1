import BasketTUI
import Testing

@Suite struct TextWidthTests {
  @Test(arguments: [
    ("a", 1), ("é", 1), ("e\u{301}", 1), ("🥛", 2), ("🧺", 2), ("中", 2), ("Ｍ", 2), ("ｱ", 1),
    ("❤️", 2), ("❤", 1), ("🇬🇧", 2), ("👩‍👩‍👧", 2), ("1️⃣", 2), ("👍🏽", 2), ("☐", 1), ("⋅", 1),
    ("\u{200B}", 0), ("한", 2),
  ])
  func aGraphemeTakesItsRealWidth(grapheme: String, width: Int) {
    #expect(TextWidth.of(Character(grapheme)) == width)
  }

  @Test func aStringsWidthAddsItsGraphemes() {
    #expect(TextWidth.of("🥛 Milk") == 7)
    #expect(TextWidth.of("牛乳 2") == 6)
  }

  @Test func truncationKeepsWithinTheWidthAndEndsWithAnEllipsis() {
    #expect(TextWidth.truncate("Chocolate", toWidth: 5) == "Choc…")
    #expect(TextWidth.truncate("牛乳牛乳", toWidth: 5) == "牛乳…")
    #expect(TextWidth.truncate("Tea", toWidth: 5) == "Tea")
    #expect(TextWidth.tail("Chocolate", toWidth: 5) == "…late")
  }

  @Test func aWideGraphemeThatDoesNotFitBecomesASpace() {
    var frame = Frame(size: Size(width: 5, height: 1))
    frame.put("abcd🥛", x: 0, y: 0, style: .plain)
    #expect(frame.line(0) == "abcd")
    #expect(frame[4, 0].width == 1)
  }

  @Test func overwritingHalfAWideGraphemeClearsTheOtherHalf() {
    var frame = Frame(size: Size(width: 6, height: 1))
    frame.put("🥛🥛", x: 0, y: 0, style: .plain)
    frame.put("x", x: 1, y: 0, style: .plain)
    #expect(frame.line(0) == " x🥛")
    frame.put("y", x: 2, y: 0, style: .plain)
    #expect(frame.line(0) == " xy")
  }
}
