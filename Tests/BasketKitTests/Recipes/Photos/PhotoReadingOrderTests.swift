import BasketKit
import Testing

@Suite struct PhotoReadingOrderTests {
  private func texts(_ words: [PhotoWord]) -> [String] {
    PhotoReadingOrder.segments(words).map(\.text)
  }

  @Test func readsTheLeftColumnBeforeTheRightEvenWhenTheirLinesInterleave() {
    // The method's lines sit between the ingredients' lines: sorted by height alone they mix.
    let words =
      PhotoWords.column(["Ingredients", "2 eggs", "1 cup milk", "200 g flour"], x: 40, y: 100)
      + PhotoWords.column(["Method", "Whisk the eggs.", "Stir in the milk."], x: 400, y: 112)
    #expect(
      texts(words) == [
        "Ingredients", "2 eggs", "1 cup milk", "200 g flour", "Method", "Whisk the eggs.",
        "Stir in the milk.",
      ])
  }

  @Test func readsATitleAcrossBothColumnsFirst() {
    let words =
      PhotoWords.line("A very long title that runs over both columns", x: 40, y: 20)
      + PhotoWords.column(["2 eggs", "1 cup milk"], x: 40, y: 100)
      + PhotoWords.column(["Whisk.", "Fry."], x: 400, y: 100)
    #expect(
      texts(words) == [
        "A very long title that runs over both columns", "2 eggs", "1 cup milk", "Whisk.", "Fry.",
      ])
  }

  @Test func splitsALineTesseractRanAcrossTheGutter() {
    // One Tesseract line per row, each spanning both columns with a wide gap in the middle;
    // the right column starts at x 400.
    let rows = [("2 eggs Whisk", 2, 110), ("1 cup milk Stir", 3, 156), ("salt Fry", 1, 88)]
    let words = rows.enumerated().flatMap { index, row in
      PhotoWords.line(row.0, x: 40, y: 100 + index * 30, gaps: [row.1: 400 - row.2])
    }
    #expect(texts(words) == ["2 eggs", "1 cup milk", "salt", "Whisk", "Stir", "Fry"])
  }

  @Test func keepsWordsWithOrdinaryGapsOnOneLine() {
    // A gap of 1.5 line heights (30 px at 20 px high) is not a gutter.
    let words = PhotoWords.line("200 g flour", x: 40, y: 100, gaps: [2: 30])
    #expect(texts(words) == ["200 g flour"])
  }

  @Test func doesNotCutAtANarrowGutter() {
    // 25 px between the columns is less than 1.5 line heights (30 px): read row by row.
    let words =
      PhotoWords.column(["aaaa", "bbbb"], x: 40, y: 100)
      + PhotoWords.column(["cccc", "dddd"], x: 40 + 48 + 25, y: 100)
    #expect(texts(words) == ["aaaa", "cccc", "bbbb", "dddd"])
  }

  @Test func readsASingleColumnTopToBottomWhateverOrderTesseractGaveIt() {
    let words = PhotoWords.column(["one", "two", "three", "four"], x: 40, y: 100).reversed()
    #expect(texts(Array(words)) == ["one", "two", "three", "four"])
  }

  @Test func keepsEveryWordExactlyOnce() {
    let words =
      PhotoWords.column(["a b c", "d e", "f"], x: 10, y: 10)
      + PhotoWords.column(["g h", "i"], x: 300, y: 15)
      + PhotoWords.line("j k l", x: 10, y: 300, gaps: [1: 200])
    let segments = PhotoReadingOrder.segments(words)
    #expect(segments.flatMap(\.words).map(\.text).sorted() == words.map(\.text).sorted())
    #expect(PhotoReadingOrder.segments([]).isEmpty)
  }
}
