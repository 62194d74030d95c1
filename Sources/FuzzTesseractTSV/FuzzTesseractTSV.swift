// Fuzz target for photo import: `TesseractTSV.words` on any text (it comes from a program
// reading an image from outside), then the words through `PhotoReadingOrder` and
// `PhotoRecipeReader`, as `basket recipe import photo.jpg` runs them.
//
// Built with `-sanitize=fuzzer -DFUZZING` by `scripts/fuzz`, libFuzzer calls `fuzzOne` with
// mutated inputs. Built normally, `main` replays the seed corpus (or the files given) through
// the same checks, so the seeds run as a regression test.
//
// An input is Tesseract's TSV output, or anything else; a first byte of 0x01 splits the rest
// at every 0x0C (form feed) into several pages.

import BasketKit
import SeedReplay

/// Checks: nothing traps; every word read has text, a box within the limits and a confidence
/// from 0 to 100; the reading order keeps every word exactly once; the recipe's sources lie
/// beside its ingredient groups, each from a page given.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let pagesOfText: [String]
  if bytes.first == 1 {
    pagesOfText = bytes.dropFirst().split(separator: 0x0C, omittingEmptySubsequences: false)
      .map { String(decoding: $0, as: UTF8.self) }
  } else {
    pagesOfText = [String(decoding: bytes, as: UTF8.self)]
  }
  var pages: [[PhotoWord]] = []
  for text in pagesOfText {
    let words = TesseractTSV.words(text)
    for word in words {
      require(!word.text.isEmpty, "an empty word")
      require(word.text.count <= TesseractTSV.maximumWordLength, "a word longer than the limit")
      require((0...100).contains(word.confidence), "confidence \(word.confidence)")
      for value in [word.box.left, word.box.top, word.box.width, word.box.height] {
        require((0...TesseractTSV.maximumCoordinate).contains(value), "a coordinate \(value)")
      }
    }
    let segments = PhotoReadingOrder.segments(words)
    require(
      segments.map(\.words.count).reduce(0, +) == words.count,
      "the reading order lost or doubled words")
    pages.append(words)
  }
  let lines = PhotoRecipeReader.textLines(pages: pages)
  for line in lines.compactMap({ $0 }) {
    require(!line.text.isEmpty, "an empty text line")
    require(pages.indices.contains(line.region.page), "a line from page \(line.region.page)")
  }
  if let found = PhotoRecipeReader.recipe(pages: pages) {
    require(
      found.ingredientSources.map(\.count)
        == found.recipe.ingredientGroups.map(\.ingredients.count),
      "sources that don't lie beside the ingredient lines")
  }
  return 0
}

#if !FUZZING
  /// Replays the seed corpus, or the files and folders given, through `fuzzOne`.
  @main
  enum Replay {
    static func main() throws { try SeedReplay.run("TesseractTSV", fuzzOne) }
  }
#endif
