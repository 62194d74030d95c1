/// The method as the page shows it, when its markup joins several steps into one: a page
/// that shows the step's text as several paragraphs or list items, one after another, has
/// those as its steps; a step that numbers its parts inline ("1. Heat the oven. 2. Mix …") is
/// split at the numbers.
///
/// Cost: for each long marked step, a byte comparison per short block of the page (each
/// block's letters read once).
enum VisibleSteps {
  /// `steps` with each one numbered inline split at its numbers, and, when the markup gives
  /// the whole method as one or two steps, each one the page shows as several blocks
  /// replaced by them. (A method of several steps is split as its markup says: pages often
  /// show a step's sentences apart without meaning them as steps.)
  static func steps(_ steps: [String], in blocks: [PageBlock]) -> [String] {
    let joined = steps.count <= 2 && steps.contains { $0.utf8.count >= 120 }
    let units = joined ? Units(blocks) : nil
    var out: [String] = []
    let titled = steps.map(withoutTitle)
    // Pages run a step's sentences together too ("oven.Add"): only a method given whole as
    // one step is split where that happens.
    for step in titled.count == 1 ? gluedParts(titled[0]) : titled {
      if step.utf8.count >= 120, let parts = units?.parts(of: step) {
        out.append(contentsOf: parts)
      } else if let parts = numberedParts(step) {
        out.append(contentsOf: parts)
      } else {
        out.append(step)
      }
    }
    return withoutNumbers(out)
  }

  /// Steps that each open with their own number ("1. Heat …", "2. Mix …"), without it: the
  /// page numbers its list, and a step's number is not its text. Steps after the numbered
  /// ones may go without ("Enjoy!").
  static func withoutNumbers(_ steps: [String]) -> [String] {
    guard steps.count >= 2 else { return steps }
    var out: [String] = []
    for (offset, step) in steps.enumerated() {
      let characters = Array(step)
      if let end = marker(characters, at: 0, number: offset + 1), out.count == offset {
        out.append(String(characters[end...]))
      } else if out.count >= 2, offset >= out.count,
        characters.first.map({ !$0.isNumber }) ?? true
      {
        continue
      } else {
        return steps
      }
    }
    return out + steps[out.count...]
  }

  /// "Bereiden: Verhit de olie …" without the method's title before its colon.
  static func withoutTitle(_ step: String) -> String {
    guard let colon = step.firstIndex(of: ":"),
      step.distance(from: step.startIndex, to: colon) <= 30,
      PageSections.isMethodTitle(String(step[..<colon]))
    else { return step }
    let rest = String(step[step.index(after: colon)...]).trimmingCharacters()
    return rest.isEmpty ? step : String(rest)
  }

  /// A step whose paragraphs were run together without a space ("… 1 minuut.Voeg de tijm
  /// toe …") as those paragraphs.
  static func gluedParts(_ step: String) -> [String] {
    let characters = Array(step)
    guard characters.count >= 3 else { return [step] }
    var parts: [String] = []
    var start = 0
    for index in 1..<(characters.count - 1)
    where ".!?".contains(characters[index]) && characters[index - 1].isLowercase
      && characters[index + 1].isUppercase
    {
      parts.append(String(String(characters[start...index]).trimmingCharacters()))
      start = index + 1
    }
    guard !parts.isEmpty else { return [step] }
    parts.append(String(String(characters[start...]).trimmingCharacters()))
    return parts.filter { !$0.isEmpty }
  }

  /// "1. Heat the oven. 2. Mix the flour. 3. Bake." as its three parts, without the numbers,
  /// when the numbers run 1, 2, 3… in order, each followed by a capital letter.
  static func numberedParts(_ step: String) -> [String]? {
    let characters = Array(step)
    guard characters.count >= 20 else { return nil }
    var cuts: [(start: Int, textStart: Int)] = []
    var expected = 1
    var index = 0
    while index < characters.count {
      // "… pepper.2. Bring …": a number may follow a sentence's end without a space.
      let isStart =
        index == 0 || characters[index - 1] == " "
        || (expected > 1 && index >= 2 && ".!)".contains(characters[index - 1])
          && characters[index - 2].isLetter)
      if isStart, let end = marker(characters, at: index, number: expected) {
        cuts.append((index, end))
        expected += 1
        index = end
        continue
      }
      index += 1
    }
    guard cuts.count >= 2, cuts[0].start == 0 else { return nil }
    var parts: [String] = []
    for (offset, cut) in cuts.enumerated() {
      let end = offset + 1 < cuts.count ? cuts[offset + 1].start : characters.count
      let part = String(characters[cut.textStart..<end]).trimmingCharacters()
      if !part.isEmpty { parts.append(String(part)) }
    }
    return parts.count >= 2 ? parts : nil
  }

  /// The index after "N. " or "N) " at `index` when a capital letter follows.
  private static func marker(_ characters: [Character], at index: Int, number: Int) -> Int? {
    let digits = Array(String(number))
    guard index + digits.count + 2 < characters.count,
      Array(characters[index..<(index + digits.count)]) == digits
    else { return nil }
    let mark = characters[index + digits.count]
    guard mark == "." || mark == ")", characters[index + digits.count + 1] == " " else {
      return nil
    }
    let next = characters[index + digits.count + 2]
    return next.isUppercase ? index + digits.count + 2 : nil
  }

  /// The page's readable lines, each with its letters and digits as a key to compare by.
  private final class Units {
    private var texts: [String] = []
    private var keys: [[UInt8]?] = []

    init(_ blocks: [PageBlock]) {
      for block in blocks {
        if case .heading = block.kind { continue }
        for line in block.lines.isEmpty ? [block.text] : block.lines {
          texts.append(line)
        }
      }
      keys = Array(repeating: nil, count: texts.count)
    }

    private func key(_ index: Int) -> [UInt8] {
      if let known = keys[index] { return known }
      let made = Units.key(texts[index])
      keys[index] = made
      return made
    }

    static func key(_ text: String) -> [UInt8] {
      var out = ""
      for character in text.lowercased() where character.isLetter || character.isNumber {
        out.append(character)
      }
      return Array(out.utf8)
    }

    /// The consecutive lines that together are `step` (a stray line or two between them
    /// skipped), when there are two or more.
    func parts(of step: String) -> [String]? {
      let whole = Units.key(step)
      guard whole.count >= 40 else { return nil }
      for start in texts.indices {
        let first = key(start)
        guard first.count >= 8, first.count < whole.count,
          whole.starts(with: first)
        else { continue }
        var parts = [texts[start]]
        var position = first.count
        var index = start + 1
        var skipped = 0
        while position < whole.count, index < texts.count, skipped <= 2 {
          let next = key(index)
          if !next.isEmpty, whole[position...].starts(with: next) {
            parts.append(texts[index])
            position += next.count
            skipped = 0
          } else {
            skipped += 1
          }
          index += 1
        }
        if position == whole.count, parts.count >= 2 { return parts }
      }
      return nil
    }
  }
}
