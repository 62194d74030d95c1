import BasketTUI
import Testing

@Suite struct KeyParserTests {
  @Test(arguments: [
    ("\r", Key.enter), ("\n", .enter), ("\t", .tab), ("\u{7F}", .backspace),
    ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
    ("\u{1B}OA", .up), ("\u{1B}[1;5B", .down), ("\u{1B}[1;3A", .moveUp), ("\u{1B}[1;3B", .moveDown),
    ("\u{1B}[1;7A", .moveUp), ("\u{1B}[1;2A", .up), ("\u{1B}[1;4A", .moveGroupUp),
    ("\u{1B}[1;4B", .moveGroupDown), ("\u{1B}[1;8A", .moveGroupUp), ("\u{1B}[Z", .backTab),
    ("\u{1B}[3~", .delete),
    ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[H", .home), ("\u{1B}[4~", .end),
    ("\u{1B}OP", .function(1)), ("\u{1B}OQ", .function(2)), ("\u{1B}[13~", .function(3)),
    ("\u{03}", .control("c")), ("\u{11}", .control("q")), ("\u{12}", .control("r")),
    ("\u{18}", .control("x")), ("\u{1A}", .control("z")), ("\u{0B}", .control("k")),
    ("a", .character("a")), ("é", .character("é")), ("🥛", .character("🥛")),
  ])
  func bytesDecodeToKeys(bytes: String, key: Key) {
    var parser = KeyParser()
    #expect(parser.feed(Array(bytes.utf8)) == [.key(key)])
  }

  @Test func aLoneEscapeWaitsUntilFlushed() {
    var parser = KeyParser()
    #expect(parser.feed([0x1B]).isEmpty)
    #expect(parser.isWaiting)
    #expect(parser.flush() == [.key(.escape)])
    #expect(!parser.isWaiting)
  }

  @Test func aSequenceSplitAcrossReadsStillDecodes() {
    var parser = KeyParser()
    #expect(parser.feed([0x1B, 0x5B]).isEmpty)
    #expect(parser.feed([0x41]) == [.key(.up)])
    let milk = Array("🥛".utf8)
    #expect(parser.feed(milk[0..<2]).isEmpty)
    #expect(parser.feed(milk[2...]) == [.key(.character("🥛"))])
  }

  @Test func severalKeysInOneReadComeOutInOrder() {
    var parser = KeyParser()
    let inputs = parser.feed(Array("ab\u{1B}[Bc\r".utf8))
    #expect(
      inputs == [
        .key(.character("a")), .key(.character("b")), .key(.down), .key(.character("c")),
        .key(.enter),
      ])
  }

  @Test func aBracketedPasteArrivesAsOnePaste() {
    var parser = KeyParser()
    let inputs = parser.feed(Array("\u{1B}[200~Milk\nBread\u{1B}[201~x".utf8))
    #expect(inputs == [.paste("Milk\nBread"), .key(.character("x"))])
  }
}
