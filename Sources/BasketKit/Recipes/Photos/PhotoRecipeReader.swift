/// Where a line of a recipe stands in the photos: the page (0 for the first image given) and
/// the box around its words.
public struct PhotoRegion: Equatable, Hashable, Sendable, Codable {
  public var page: Int
  public var box: PhotoBox

  public init(page: Int, box: PhotoBox) {
    self.page = page
    self.box = box
  }
}

/// A line of the text read from photos, as given to the importer.
public struct PhotoTextLine: Equatable, Hashable, Sendable {
  public var text: String
  public var region: PhotoRegion
  /// The words Tesseract was less sure of than `PhotoRecipeReader.confidenceThreshold`.
  public var doubtfulWords: [String]

  public init(text: String, region: PhotoRegion, doubtfulWords: [String] = []) {
    self.text = text
    self.region = region
    self.doubtfulWords = doubtfulWords
  }
}

/// A recipe read from photos, with where each ingredient line came from.
public struct PhotoRecipe: Equatable, Sendable {
  public var recipe: Recipe
  /// Beside `recipe.ingredientGroups`: each line's source in the photos (nil when it can't be
  /// told).
  public var ingredientSources: [[PhotoTextLine?]]
  /// The text the importer read.
  public var text: String

  public init(recipe: Recipe, ingredientSources: [[PhotoTextLine?]], text: String) {
    self.recipe = recipe
    self.ingredientSources = ingredientSources
    self.text = text
  }
}

/// Turns the words Tesseract read on one or more photos of a recipe into a recipe.
///
/// Each page is put in reading order (`PhotoReadingOrder`), bullets dropped, misreads fixed
/// where sure (`KitchenOCRFixes`), a word broken by a hyphen at a line's end joined, and a blank
/// line left at a big vertical gap, at a jump to another column and between pages; the text
/// then goes through `RecipeImporter.recipe(fromText:)` as pasted text does. Every ingredient
/// line holding a word Tesseract was less than `confidenceThreshold` sure of is marked
/// uncertain, as well as those where an ambiguous misread was replaced ("%": ½ or ¼) and those
/// the ingredient parser finds uncertain.
public enum PhotoRecipeReader {
  /// Tesseract's confidence (0–100) below which a word is doubted. On the measured cards,
  /// words read right scored 90–96 and most misreads below 70.
  public static let confidenceThreshold = 70.0
  /// A vertical gap between lines wider than this many times the page's usual one starts a
  /// paragraph.
  public static let paragraphGap = 1.6

  /// The recipe on the pages (each the words of one photo, in the order given), or nil when
  /// they hold no ingredients and no method.
  public static func recipe(pages: [[PhotoWord]]) -> PhotoRecipe? {
    let lines = textLines(pages: pages)
    let text = lines.map { $0?.text ?? "" }.joined(separator: "\n")
    guard var recipe = RecipeImporter.recipe(fromText: text) else { return nil }
    let kept = lines.compactMap { $0 }
    var next = 0
    var sources: [[PhotoTextLine?]] = []
    for group in recipe.ingredientGroups.indices {
      var groupSources: [PhotoTextLine?] = []
      for line in recipe.ingredientGroups[group].ingredients.indices {
        let text = recipe.ingredientGroups[group].ingredients[line].text
        let found =
          kept[next...].firstIndex { matches($0.text, text) }
          ?? kept.firstIndex { matches($0.text, text) }
        if let found {
          next = max(next, found + 1)
          if !kept[found].doubtfulWords.isEmpty {
            recipe.ingredientGroups[group].ingredients[line].uncertain = true
          }
        }
        groupSources.append(found.map { kept[$0] })
      }
      sources.append(groupSources)
    }
    return PhotoRecipe(recipe: recipe, ingredientSources: sources, text: text)
  }

  /// The lines of text on the pages in reading order; nil stands for a blank line.
  public static func textLines(pages: [[PhotoWord]]) -> [PhotoTextLine?] {
    var out: [PhotoTextLine?] = []
    for (page, words) in pages.enumerated() {
      if !out.isEmpty { out.append(nil) }
      let segments = PhotoReadingOrder.segments(words)
      let paragraph = paragraphGap(segments)
      var previous: PhotoSegment?
      for segment in segments {
        var words = segment.words
        dropBullet(&words)
        guard !words.isEmpty else { continue }
        let texts = KitchenOCRFixes.fixed(words.map(\.text))
        let doubtful = zip(words, texts).filter { word, text in
          word.confidence < confidenceThreshold
            || (text != word.text && KitchenOCRFixes.ambiguous.contains(word.text))
        }
        let line = PhotoTextLine(
          text: texts.joined(separator: " "),
          region: PhotoRegion(page: page, box: PhotoSegment(words: words).box),
          doubtfulWords: doubtful.map(\.0.text))
        defer { previous = segment }
        if let above = previous {
          let gap = Double(segment.box.top - above.box.bottom)
          if jumps(from: above, to: segment) || gap > paragraph {
            out.append(nil)
          } else if case let last?? = out.last, let joined = joinedHyphen(last, line) {
            out[out.count - 1] = joined
            continue
          }
        }
        out.append(line)
      }
    }
    return out
  }

  /// Whether reading goes from `above` to another column or back up the page.
  static func jumps(from above: PhotoSegment, to segment: PhotoSegment) -> Bool {
    segment.box.top < above.box.top || segment.box.left >= above.box.right
  }

  /// The vertical gap between lines that starts a paragraph: over `paragraphGap` times the
  /// page's usual gap between one line and the next (words' boxes leave the line spacing
  /// uneven, so the line height alone is no measure), and at least a line height.
  static func paragraphGap(_ segments: [PhotoSegment]) -> Double {
    var gaps: [Int] = []
    for (above, below) in zip(segments, segments.dropFirst()) where !jumps(from: above, to: below) {
      gaps.append(max(0, below.box.top - above.box.bottom))
    }
    let height = Double(PhotoReadingOrder.median(segments.map(\.height)))
    return max(height, Double(PhotoReadingOrder.median(gaps)) * paragraphGap)
  }

  /// Characters a bullet is printed as or read as ("•" often comes back as "*", "+" or "«").
  static let bulletGlyphs: Set<Character> = [
    "•", "·", "*", "+", "-", "–", "—", "»", "«", "©", "®", "°", "▪", "◦", "‣", "○", "●", "■", "□",
    "☐", "✓", "✔", "¢",
  ]

  /// Drops a bullet from the line's start: a first word made only of bullet glyphs, or bullet
  /// glyphs glued to the amount after them ("*%").
  static func dropBullet(_ words: inout [PhotoWord]) {
    guard let first = words.first else { return }
    let glyphs = first.text.prefix { bulletGlyphs.contains($0) }
    if glyphs.count == first.text.count, words.count > 1 {
      words.removeFirst()
    } else if !glyphs.isEmpty, glyphs.count < first.text.count,
      let rest = first.text.dropFirst(glyphs.count).first, rest.isNumber || "%|lIY".contains(rest)
    {
      words[0].text = String(first.text.dropFirst(glyphs.count))
    }
  }

  /// "table-" then "spoon" → "tablespoon": a word broken at a line's end, when the next line
  /// goes on in lowercase.
  static func joinedHyphen(_ first: PhotoTextLine, _ second: PhotoTextLine) -> PhotoTextLine? {
    guard first.text.hasSuffix("-"), first.text.count > 1,
      first.text.dropLast().last?.isLetter ?? false,
      second.text.first?.isLowercase ?? false,
      first.region.page == second.region.page
    else { return nil }
    return PhotoTextLine(
      text: String(first.text.dropLast()) + second.text,
      region: PhotoRegion(page: first.region.page, box: first.region.box.union(second.region.box)),
      doubtfulWords: first.doubtfulWords + second.doubtfulWords)
  }

  /// Whether the importer's line (bullets and spaces tidied) is this text line.
  private static func matches(_ line: String, _ ingredient: String) -> Bool {
    line == ingredient || (line.contains(ingredient) && ingredient.count * 2 > line.count)
  }
}
