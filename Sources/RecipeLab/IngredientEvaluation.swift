import BasketKit
import Foundation

/// Scores the ingredient line parser against the labelled lines in `../shared/data/ingredients`.
///
/// Split: a line is held out when the FNV-1a hash of its text is divisible by 5 (about a fifth);
/// the rest is the tuning part. Only tuning-part misses are ever printed.
///
/// Matching rules (the labels' columns against the parse):
/// - quantity: the label's first amount (or range) equals ours within 1 % (0.333 ≈ ⅓); an empty
///   label matches no quantity;
/// - unit: the set of kitchen units the label names (size words such as "large" are not units)
///   equals the set of units we read (the unit, the pack size's unit and any equivalents);
/// - name: equal after case, accents, punctuation, whitespace and plurals are folded (every
///   word singular); the label may also equal our name phrase as written with its "or"
///   alternatives ("chicken or vegetable stock").
struct IngredientEvaluation {
  struct Row {
    var input: String
    var name: String
    var quantity: String
    var unit: String
  }

  struct Score {
    var lines = 0
    var quantity = 0
    var unit = 0
    var name = 0
    var all = 0

    func percent(_ count: Int) -> String {
      lines == 0 ? "-" : String(format: "%.1f %%", Double(count) * 100 / Double(lines))
    }
  }

  static func isHeldOut(_ text: String) -> Bool {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash % 5 == 0
  }

  static func load(_ directory: String) throws -> [(String, [Row])] {
    var sets: [(String, [Row])] = []
    for file in [
      "nyt-ingredients-snapshot-2015-clean.csv", "tastecooking-ingredients-snapshot-2024.csv",
    ] {
      let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
      let records = CSV.parse(text)
      guard let header = records.first else { continue }
      func column(_ name: String) -> Int? { header.firstIndex(of: name) }
      guard let input = column("input"), let name = column("name"),
        let quantity = column("quantity"),
        let unit = column("unit")
      else { continue }
      let rows = records.dropFirst().compactMap { record -> Row? in
        guard record.count > max(input, name, quantity, unit) else { return nil }
        return Row(
          input: record[input], name: record[name], quantity: record[quantity], unit: record[unit])
      }
      sets.append((file, rows))
    }
    return sets
  }

  /// The label's first amount or range: "1.25", "2-3", "#3$4" (¾), "5#1$4" (5¼), "1 20".
  static func labelAmount(_ text: String) -> (Double, Double?)? {
    guard let first = text.split(separator: " ").first else { return nil }
    let parts = first.split(separator: "-", omittingEmptySubsequences: true)
    func value(_ part: Substring) -> Double? {
      if part.contains("#") {
        let pieces = part.split(separator: "#", omittingEmptySubsequences: false)
        let whole = Double(pieces[0]) ?? 0
        let fraction = pieces[1].split(separator: "$")
        guard fraction.count == 2, let n = Double(fraction[0]), let d = Double(fraction[1]), d != 0
        else { return nil }
        return whole + n / d
      }
      return Double(part)
    }
    guard let low = parts.first.flatMap(value) else { return nil }
    let high = parts.count > 1 ? value(parts[1]) : nil
    return (low, high)
  }

  static func close(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) <= 0.01 * max(1, abs(b)) + 0.002
  }

  static func quantityMatches(_ row: Row, _ line: IngredientLine) -> Bool {
    let label = labelAmount(row.quantity)
    guard let label else {
      // An empty label also matches the one we read from a leading unit word ("Pinch of salt").
      let first = row.input.split(separator: " ").first.map(String.init) ?? ""
      return line.quantity == nil
        || line.quantity?.amount == 1 && first.count > 2 && KitchenUnit.spelled(first) != nil
    }
    guard let mine = line.quantity else { return false }
    guard close(mine.amount, label.0) else { return false }
    switch (label.1, mine.maxAmount) {
    case (nil, nil): return true
    case (let a?, let b?): return close(b, a)
    default: return false
    }
  }

  static func unitMatches(_ row: Row, _ line: IngredientLine) -> Bool {
    var label = Set<String>()
    for word in row.unit.split(separator: " ") {
      if let unit = KitchenUnit.spelled(String(word)) { label.insert(groupID(unit)) }
    }
    var mine = Set<String>()
    if let unit = line.quantity?.unit { mine.insert(groupID(unit)) }
    if let unit = line.packSize?.unit { mine.insert(groupID(unit)) }
    for equivalent in line.equivalents {
      if let unit = equivalent.unit { mine.insert(groupID(unit)) }
    }
    return label == mine
  }

  static func groupID(_ unit: KitchenUnit) -> String { unit.id }

  /// Names match when the core's one folding (case, accents, punctuation, plurals) agrees.
  static func fold(_ name: String) -> String { NameKey.of(name) }

  static func nameMatches(_ row: Row, _ detailed: IngredientLineParser.Detailed) -> Bool {
    let label = fold(row.name)
    return label == fold(detailed.line.name) || label == fold(detailed.namePhrase)
  }

  static func run(directory: String, showMisses: Int) throws {
    let sets = try load(directory)
    var tuning = Score()
    var held = Score()
    var misses: [String] = []
    var perSet: [(String, Score, Score)] = []
    for (file, rows) in sets {
      var setMisses = 0
      var setTuning = Score()
      var setHeld = Score()
      for row in rows {
        let detailed = IngredientLineParser.parseDetailed(row.input)
        let q = quantityMatches(row, detailed.line)
        let u = unitMatches(row, detailed.line)
        let n = nameMatches(row, detailed)
        let heldOut = isHeldOut(row.input)
        func add(_ score: inout Score) {
          score.lines += 1
          if q { score.quantity += 1 }
          if u { score.unit += 1 }
          if n { score.name += 1 }
          if q && u && n { score.all += 1 }
        }
        if heldOut { add(&held); add(&setHeld) } else { add(&tuning); add(&setTuning) }
        if !heldOut && !(q && u && n) && setMisses < showMisses {
          setMisses += 1
          let l = detailed.line
          let got =
            "q=\(l.quantity.map { "\($0.amount)\($0.maxAmount.map { "-\($0)" } ?? "") \($0.unit?.id ?? "-")" } ?? "nil") pack=\(l.packSize.map { "\($0.amount) \($0.unit?.id ?? "-")" } ?? "-") eq=\(l.equivalents.count) name=\(l.name) phrase=\(detailed.namePhrase)"
          misses.append(
            "\(q ? " " : "Q")\(u ? " " : "U")\(n ? " " : "N") \(row.input)\n      label: q=\(row.quantity) u=\(row.unit) name=\(row.name)\n      got:   \(got)"
          )
        }
      }
      perSet.append((file, setTuning, setHeld))
    }
    for miss in misses { print(miss) }
    func line(_ label: String, _ s: Score) {
      print(
        "\(label.padding(toLength: 58, withPad: " ", startingAt: 0)) \(String(s.lines).padding(toLength: 7, withPad: " ", startingAt: 0)) quantity \(s.percent(s.quantity))  unit \(s.percent(s.unit))  name \(s.percent(s.name))  all three \(s.percent(s.all))"
      )
    }
    print("Ingredient lines (held out: FNV-1a hash of the line divisible by 5):")
    for (file, t, h) in perSet {
      line("  \(file) tuning", t)
      line("  \(file) held out", h)
    }
    line("  all tuning", tuning)
    line("  all held out", held)
  }
}

/// A small RFC 4180 reader: quoted fields, doubled quotes, newlines inside quotes.
enum CSV {
  static func parse(_ text: String) -> [[String]] {
    var records: [[String]] = []
    var record: [String] = []
    var quoted = false
    var iterator = text.unicodeScalars.makeIterator()
    var pending: Unicode.Scalar? = nil
    func next() -> Unicode.Scalar? {
      if let p = pending { pending = nil; return p }
      return iterator.next()
    }
    var view = String.UnicodeScalarView()
    while let scalar = next() {
      if quoted {
        if scalar == "\"" {
          if let following = iterator.next() {
            if following == "\"" { view.append("\"") } else { quoted = false; pending = following }
          } else {
            quoted = false
          }
        } else {
          view.append(scalar)
        }
      } else if scalar == "\"" {
        quoted = true
      } else if scalar == "," {
        record.append(String(view)); view = String.UnicodeScalarView()
      } else if scalar == "\n" || scalar == "\r" {
        if scalar == "\r" { continue }
        record.append(String(view)); view = String.UnicodeScalarView()
        records.append(record); record = []
      } else {
        view.append(scalar)
      }
    }
    if !view.isEmpty || !record.isEmpty { record.append(String(view)); records.append(record) }
    return records
  }
}
