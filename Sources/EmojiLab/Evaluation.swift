import BasketKit
import Foundation

// MARK: - Words the table never saw

/// Holds out a fifth of the curated keywords at a time (a seeded five-way split, so every
/// keyword is held out once), rebuilds the tables without them, and counts how many held-out
/// keywords the rest of the cascade still maps to their own emoji.
///
/// The semantic map's anchors are curated words, so each fold also drops the semantic entries
/// of the held-out words themselves (else a held-out anchor answers itself); how many more the
/// map would get right with those entries kept is printed apart.
func holdout(seed: UInt64) {
  let keywords = seededShuffle(GroceryVocabulary.curatedKeywords, seed: seed)
  struct Tally {
    var held = 0
    var rightCurated = 0
    var rightSemantic = 0
    var wrongCurated = 0
    var wrongSemantic = 0
    var basket = 0
    var right: Int { rightCurated + rightSemantic }
    mutating func add(_ other: Tally) {
      held += other.held
      rightCurated += other.rightCurated
      rightSemantic += other.rightSemantic
      wrongCurated += other.wrongCurated
      wrongSemantic += other.wrongSemantic
      basket += other.basket
    }
  }
  var total = Tally()
  var phrases = Tally()
  var single = Tally()
  var examples: [String] = []
  var anchorHits = 0
  print("hold-out: \(keywords.count) curated keywords in 5 seeded folds (seed \(seed))")
  print("fold  held  right(curated rules)  right(semantic)  wrong(curated)  wrong(semantic)  🧺")
  for fold in 0..<5 {
    let held = keywords.indices.filter { $0 % 5 == fold }.map { keywords[$0] }
    let heldWords = Set(held.map(\.keyword))
    let classifier = EmojiClassifier.holdingOut(heldWords, semanticToo: true)
    let keepingAnchors = EmojiClassifier.holdingOut(heldWords)
    var tally = Tally()
    for keyword in held {
      let result = classifier.classify(keyword.keyword)
      let anchored = keepingAnchors.classify(keyword.keyword)
      if anchored.stage == .semantic, anchored.emoji == keyword.emoji,
        result.emoji != keyword.emoji
      {
        anchorHits += 1
      }
      var one = Tally()
      one.held = 1
      let right = result.emoji == keyword.emoji
      switch (result.stage, right) {
      case (.curated, true): one.rightCurated = 1
      case (.semantic, true): one.rightSemantic = 1
      case (.curated, false): one.wrongCurated = 1
      case (.semantic, false): one.wrongSemantic = 1
      case (.default, _): one.basket = 1
      }
      tally.add(one)
      if NameKey.of(keyword.keyword).contains(" ") { phrases.add(one) } else { single.add(one) }
      if fold == 0, !right, result.stage != .default, examples.count < 12 {
        examples.append("\(keyword.keyword) \(keyword.emoji) → \(result.emoji) (\(result.stage))")
      }
    }
    total.add(tally)
    print(
      String(
        format: "%4d  %4d  %20@  %15@  %14@  %15@  %@", fold + 1, tally.held,
        percent(tally.rightCurated, tally.held), percent(tally.rightSemantic, tally.held),
        percent(tally.wrongCurated, tally.held), percent(tally.wrongSemantic, tally.held),
        percent(tally.basket, tally.held)))
  }
  func line(_ name: String, _ t: Tally) {
    print(
      "\(name): \(t.held) held out; right emoji \(t.right) (\(percent(t.right, t.held))): "
        + "\(t.rightCurated) by the curated rules on the other keywords, \(t.rightSemantic) by "
        + "the semantic map; wrong \(t.wrongCurated + t.wrongSemantic) "
        + "(\(percent(t.wrongCurated + t.wrongSemantic, t.held))); 🧺 \(t.basket) "
        + "(\(percent(t.basket, t.held)))")
  }
  line("all folds", total)
  line("  phrases (2+ words)", phrases)
  line("  single words", single)
  print(
    "not counted above: \(anchorHits) (\(percent(anchorHits, total.held))) more would be right "
      + "if the semantic map kept the held-out words' own entries (they are its anchors)")
  print("wrong in fold 1, for example: \(examples.joined(separator: "; "))")
}

// MARK: - The labelled ingredient sets

/// The `name` column of every CSV in the folder (RFC 4180 quoting; no field holds a newline).
func ingredientNames(in folder: URL) -> [String] {
  let files =
    (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?
    .filter { $0.hasSuffix(".csv") }.sorted() ?? []
  var names: [String] = []
  for file in files {
    guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
    else { continue }
    var lines = text.split(whereSeparator: \.isNewline).makeIterator()
    guard let header = lines.next(), let column = csvFields(header).firstIndex(of: "name") else {
      continue
    }
    while let line = lines.next() {
      let fields = csvFields(line)
      guard column < fields.count else { continue }
      let name = fields[column].split(whereSeparator: \.isWhitespace).joined(separator: " ")
      if !name.isEmpty { names.append(name) }
    }
  }
  return names
}

func csvFields(_ line: Substring) -> [String] {
  var fields: [String] = []
  var field = ""
  var quoted = false
  var iterator = line.makeIterator()
  while let c = iterator.next() {
    if quoted {
      if c == "\"" {
        if let next = iterator.next() {
          if next == "\"" {
            field.append("\"")
          } else {
            quoted = false
            if next == "," {
              fields.append(field)
              field = ""
            } else {
              field.append(next)
            }
          }
        } else {
          quoted = false
        }
      } else {
        field.append(c)
      }
    } else if c == "\"" {
      quoted = true
    } else if c == "," {
      fields.append(field)
      field = ""
    } else {
      field.append(c)
    }
  }
  fields.append(field)
  return fields
}

/// The distinct foods (by `NameKey`, first spelling kept) of the labelled sets.
func distinctIngredients(in folder: URL) -> (lines: Int, foods: [String]) {
  let names = ingredientNames(in: folder)
  var seen = Set<String>()
  return (names.count, names.filter { seen.insert(NameKey.of($0)).inserted })
}

/// The cascade's stage shares over the distinct foods of the labelled ingredient sets; with
/// `sample`, also prints a seeded random sample to judge by hand.
func ingredientsAudit(sample: Int?, seed: UInt64) {
  guard let folder = ingredientsFolder() else { return }
  let (lines, foods) = distinctIngredients(in: folder)
  let classifier = EmojiClassifier.shared
  var counts: [EmojiStage: Int] = [:]
  for food in foods { counts[classifier.classify(food).stage, default: 0] += 1 }
  print("ingredients: \(foods.count) distinct foods in \(lines) labelled recipe lines")
  for stage in EmojiStage.allCases {
    let n = counts[stage, default: 0]
    print(
      "  \(stage.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(n)\t\(percent(n, foods.count))"
    )
  }
  guard let sample else { return }
  print("\n# sample of \(sample), seed \(seed): item<TAB>emoji<TAB>stage")
  for food in seededShuffle(foods, seed: seed).prefix(sample) {
    let c = classifier.classify(food)
    print("\(food)\t\(c.emoji)\t\(c.stage.rawValue)")
  }
}

/// A hand-judged sample: `item<TAB>emoji<TAB>verdict[<TAB>better emoji]`, verdict `right` or
/// `wrong`. Prints the error rate, and for the current file (`checkEngine`) any row whose
/// emoji the engine no longer gives (those need judging again). Returns false on such rows.
@discardableResult
func judgedSample(_ relativePath: String, title: String, checkEngine: Bool) -> Bool {
  let url = repoRoot.appendingPathComponent(relativePath)
  guard FileManager.default.fileExists(atPath: url.path) else {
    print("\(title): no judged sample at \(relativePath)")
    return true
  }
  let rows = readTSV(url).filter { $0.count >= 3 }
  var wrong = 0
  var baskets = 0
  var wrongBasket = 0
  var changed: [String] = []
  for row in rows {
    if row[2] == "wrong" { wrong += 1 }
    if row[1] == "🧺" {
      baskets += 1
      if row[2] == "wrong" { wrongBasket += 1 }
    }
    if checkEngine {
      let now = EmojiClassifier.shared.classify(row[0]).emoji
      if now != row[1] { changed.append("\(row[0]): judged \(row[1]), now \(now)") }
    }
  }
  print(
    "\(title): \(rows.count) judged, \(wrong) wrong (\(percent(wrong, rows.count))); "
      + "of those, \(wrongBasket) got 🧺 where an emoji fits (🧺 given \(baskets) times)")
  if !changed.isEmpty {
    print("  \(changed.count) rows changed since judged; judge them again:")
    for line in changed { print("    \(line)") }
  }
  return changed.isEmpty
}

// MARK: - Golden set

func golden(_ path: String?) -> Int32 {
  let url =
    path.map { URL(fileURLWithPath: $0) }
    ?? repoRoot.appendingPathComponent("Data/emoji/golden.tsv")
  let keys = Set(GroceryVocabulary.curatedKeywords.map { NameKey.of($0.keyword) })
  var bad = 0
  var literal = 0
  let rows = readTSV(url).filter { $0.count >= 2 }
  for row in rows {
    if keys.contains(NameKey.of(row[0])) { literal += 1 }
    let c = EmojiClassifier.shared.classify(row[0])
    if c.emoji != row[1] {
      bad += 1
      print("\(row[0]): expected \(row[1]), got \(c.emoji) (\(c.stage.rawValue))")
    }
  }
  print(
    "\(rows.count - bad)/\(rows.count) golden pairs match; \(rows.count - literal) of them "
      + "(\(percent(rows.count - literal, rows.count))) are not a curated keyword as written")
  return bad == 0 ? 0 : 1
}
