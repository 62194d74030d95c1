import BasketKit
import Testing

@Suite struct TesseractTSVTests {
  static let header =
    "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"

  @Test func readsTheWordsWithTheirBoxesLinesAndConfidence() {
    let tsv =
      Self.header + """
        1\t1\t0\t0\t0\t0\t0\t0\t1424\t716\t-1\t
        2\t1\t1\t0\t0\t0\t84\t115\t224\t78\t-1\t
        4\t1\t1\t1\t1\t0\t84\t115\t224\t34\t-1\t
        5\t1\t1\t1\t1\t1\t84\t119\t128\t28\t96.751785\tTomato
        5\t1\t1\t1\t1\t2\t224\t115\t84\t34\t61.5\tSoup
        5\t1\t2\t3\t4\t1\t91\t316\t9\t8\t64.822311\t+

        """
    let words = TesseractTSV.words(tsv)
    #expect(words.map(\.text) == ["Tomato", "Soup", "+"])
    #expect(words[0].box == PhotoBox(left: 84, top: 119, width: 128, height: 28))
    #expect(words[1].confidence == 61.5)
    #expect(words[2].block == 2 && words[2].paragraph == 3 && words[2].line == 4)
    #expect(words[0].box.right == 212 && words[0].box.bottom == 147)
  }

  @Test func skipsJunkRowsAndKeepsTheRest() {
    let rows = [
      "5\t1\t1\t1\t1\t1\t10\t10\t20\t20\t90\tgood",
      "5\t1\t1\t1\t1\t2\t-5\t10\t20\t20\t90\tnegative",
      "5\t1\t1\t1\t1\t3\t10\t10\t99999999\t20\t90\thuge",
      "5\t1\t1\t1\t1\t4\t10\t10\t20\t20\tnan\tnan",
      "5\t1\t1\t1\t1\t5\t10\t10\t20\t20\t90\t   ",
      "5\t1\t1\t1\t1\t6\t10\t10\t20",
      "5\tx\t1\t1\t1\t7\t10\t10\t20\t20\t90\tbad-page",  // the page column isn't read
      "5\t1\t1\t1\tone\t8\t10\t10\t20\t20\t90\tbad-line",
      "\u{0}\u{FFFF}garbage",
      "5\t1\t1\t1\t1\t9\t10\t10\t20\t20\t250\tclamped",
      "5\t1\t1\t1\t1\t9\t10\t10\t20\t20\t-1\tunscored",
      "5\t1\t1\t1\t1\t9\t10\t10\t20\t20\t90\ttab\tinside",
    ]
    let words = TesseractTSV.words(Self.header + rows.joined(separator: "\r\n"))
    #expect(words.map(\.text) == ["good", "bad-page", "clamped", "unscored", "tab\tinside"])
    #expect(words[2].confidence == 100)
    #expect(words[3].confidence == 0)
  }

  @Test func cutsOverlongWordsAndReadsNothingFromNothing() {
    #expect(TesseractTSV.words("").isEmpty)
    #expect(TesseractTSV.words(Self.header).isEmpty)
    let long = String(repeating: "a", count: 5000)
    let words = TesseractTSV.words("5\t1\t1\t1\t1\t1\t0\t0\t1\t1\t90\t\(long)")
    #expect(words.first?.text.count == TesseractTSV.maximumWordLength)
  }
}
