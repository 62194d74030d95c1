import BasketKit
import Foundation

/// Measures the add bar's reader (`ShoppingLine`) on lines typed into it:
///
/// - `Data/quickadd/typed-lines.tsv`, written to be measured once and never tuned on: only its
///   figures are printed, never a line of it;
/// - the NYT and TasteCooking ingredient lines, each typed as it stands into the add bar, whose
///   name must be what you buy ("2 onions, chopped" is onions). NYT's tuning lines' misses may
///   be printed (`--misses N`); TasteCooking's and NYT's held-out fifth are reported only.
enum QuickAddEvaluation {
  struct Tally {
    var lines = 0
    var name = 0
    var amount = 0
    var unit = 0
    var all = 0

    mutating func add(name n: Bool, amount a: Bool, unit u: Bool) {
      lines += 1
      if n { name += 1 }
      if a { amount += 1 }
      if u { unit += 1 }
      if n && a && u { all += 1 }
    }

    var figures: String {
      func share(_ count: Int) -> String {
        lines == 0 ? "-" : String(format: "%.1f %%", Double(count) * 100 / Double(lines))
      }
      return
        "name \(share(name))  amount \(share(amount))  unit \(share(unit))  all three \(share(all))"
    }
  }

  static func run(directory: String, typed: String, showMisses: Int) throws {
    if FileManager.default.fileExists(atPath: typed) {
      try typedLines(typed, showMisses: heldOutTable(typed) ? 0 : showMisses)
    } else {
      print("no typed-line table at \(typed)")
    }
    try cookbook(directory, showMisses: showMisses)
  }

  // MARK: - The typed-line table

  struct Expected {
    var name: String
    var amount: Double?
    var unit: String
  }

  /// Whether `path` is the held-out table, whose misses are never printed.
  static func heldOutTable(_ path: String) -> Bool { path.hasSuffix("typed-lines.tsv") }

  static func typedLines(_ path: String, showMisses: Int = 0) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var rows: [(input: String, refused: Bool, items: [Expected], style: String)] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: true).dropFirst() {
      if line.hasPrefix("#") { continue }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count >= 2 else { continue }
      let style = fields.count > 2 ? fields[2] : "both"
      if fields[1] == "REFUSED" {
        rows.append((fields[0], true, [], style))
        continue
      }
      let items = fields[1].components(separatedBy: " ; ").map { item -> Expected in
        let parts = item.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        return Expected(
          name: parts[0], amount: parts.count > 1 ? Double(parts[1]) : nil,
          unit: parts.count > 2 ? parts[2] : "")
      }
      rows.append((fields[0], false, items, style))
    }
    var all = Tally()
    var byStyle: [String: Tally] = [:]
    var refusals = (right: 0, total: 0)
    var times: [Double] = []
    var printed = 0
    for row in rows {
      let start = DispatchTime.now().uptimeNanoseconds
      let read = try? ShoppingLine.read(row.input)
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
      var n = false
      var a = false
      var u = false
      if row.refused {
        refusals.total += 1
        let refused = read == nil
        if refused { refusals.right += 1 }
        (n, a, u) = (refused, refused, refused)
      } else if let read, read.count == row.items.count {
        let pairs = zip(read, row.items)
        n = pairs.allSatisfy { NameKey.of($0.name) == NameKey.of($1.name) }
        a = pairs.allSatisfy { amountMatches($0.amount, $1) }
        u = pairs.allSatisfy { unitMatches($0.amount, $1) }
      }
      all.add(name: n, amount: a, unit: u)
      byStyle[row.style, default: Tally()].add(name: n, amount: a, unit: u)
      if !(n && a && u), printed < showMisses {
        printed += 1
        let shown =
          read.map { items in
            items.map {
              "\($0.name)|\($0.amount.map { "\($0.amount)|\($0.unit?.id ?? "")" } ?? "|")"
            }.joined(separator: " ; ")
          } ?? "REFUSED"
        let label =
          row.refused
          ? "REFUSED"
          : row.items.map { "\($0.name)|\($0.amount.map { "\($0)" } ?? "")|\($0.unit)" }
            .joined(separator: " ; ")
        print(
          "  MISS \(n ? "" : "N")\(a ? "" : "A")\(u ? "" : "U")  \(row.input)  →  \(shown)   label: \(label)"
        )
      }
    }
    times.sort()
    print(
      "Typed lines (\(path)\(heldOutTable(path) ? ", held out: figures only" : ", tuning"))")
    print("  all      \(String(format: "%4d", all.lines))  \(all.figures)")
    for style in byStyle.keys.sorted() {
      let tally = byStyle[style]!
      print(
        "  \(style.padding(toLength: 8, withPad: " ", startingAt: 0)) \(String(format: "%4d", tally.lines))  \(tally.figures)"
      )
    }
    print("  refusals refused: \(refusals.right) of \(refusals.total)")
    if !times.isEmpty {
      print(
        String(
          format: "  reading time: median %.1f µs, p99 %.1f µs, max %.1f µs a line",
          times[times.count / 2], times[min(times.count - 1, times.count * 99 / 100)],
          times.last!))
    }
  }

  /// The amount read against the label's: both none, or the same amount once units convert
  /// (0.5 kg is 500 g).
  static func amountMatches(_ read: ItemAmount?, _ expected: Expected) -> Bool {
    guard let label = expected.amount else { return read == nil }
    guard let read else { return false }
    let labelUnit = unit(expected.unit)
    if let mine = read.unit, let theirs = labelUnit,
      let converted = mine.convert(read.amount, to: theirs)
    {
      return IngredientEvaluation.close(converted, label)
    }
    return IngredientEvaluation.close(read.amount, label)
  }

  static func unitMatches(_ read: ItemAmount?, _ expected: Expected) -> Bool {
    let label = unit(expected.unit)
    let mine = read?.unit
    switch (mine, label) {
    case (nil, nil): return expected.unit.isEmpty
    case (let a?, let b?):
      return a == b || (a.family != .count && a.family == b.family)
        || (a.family == .count && a.isCompatible(with: b) && a.label(for: 2) == b.label(for: 2))
    default: return false
    }
  }

  /// The table's unit words as kitchen units ("l", "fl oz", "tin").
  static func unit(_ word: String) -> KitchenUnit? {
    word.isEmpty ? nil : KitchenUnit(id: word) ?? KitchenUnit.spelled(word)
  }

  // MARK: - Cookbook lines

  static func cookbook(_ directory: String, showMisses: Int) throws {
    let sources = try IngredientEvaluation.load(directory).prefix(2)
    var printed = 0
    print("Cookbook lines typed into the add bar (name: what you buy)")
    var total = Tally()
    for source in sources {
      var tuning = Tally()
      var heldOut = Tally()
      for row in source.rows {
        let read = (try? ShoppingLine.read(row.input)) ?? []
        let n = nameMatches(row, read)
        let first = read.first?.amount
        let a = amountMatches(row, first)
        let u = unitMatches(row, first)
        total.add(name: n, amount: a, unit: u)
        if IngredientEvaluation.isHeldOut(row.input) {
          heldOut.add(name: n, amount: a, unit: u)
        } else {
          tuning.add(name: n, amount: a, unit: u)
          if !(n && a && u), printed < showMisses, source.label.hasPrefix("NYT") {
            printed += 1
            let shown = read.map {
              "\($0.name)|\($0.amount.map { "\($0.amount)|\($0.unit?.id ?? "")" } ?? "|")"
            }
            print(
              "  MISS \(n ? "" : "N")\(a ? "" : "A")\(u ? "" : "U")  \(row.input)  →  \(shown.joined(separator: " ; "))   label: \(row.name)|\(row.quantity)|\(row.unit)"
            )
          }
        }
      }
      print(
        "  \(source.label) (\(source.role)) tuning   \(String(format: "%5d", tuning.lines))  \(tuning.figures)"
      )
      print(
        "  \(source.label) (\(source.role)) held out \(String(format: "%5d", heldOut.lines))  \(heldOut.figures)"
      )
    }
    print(
      "  both, every line                    \(String(format: "%5d", total.lines))  \(total.figures)"
    )
  }

  /// The name read is the label's, folded; or the label's with describing words the label put
  /// in another column ("large eggs" against "eggs" with "large" as the size); or, read as
  /// several items, those items joined by "and" ("salt and pepper"); or the label's with its
  /// alternative kept ("butter or margarine").
  static func nameMatches(_ row: IngredientEvaluation.Row, _ read: [TypedItem]) -> Bool {
    guard let first = read.first else { return row.name.isEmpty }
    let label = NameKey.of(row.name)
    let mine = NameKey.of(first.name)
    if label == mine { return true }
    if read.count > 1, label.split(separator: " ").contains("and") {
      // "Salt and freshly ground black pepper" read as salt, and black pepper.
      let words = Set(label.split(separator: " "))
      if read.allSatisfy({ item in
        NameKey.of(item.name).split(separator: " ").allSatisfy(words.contains)
      }) {
        return true
      }
    }
    if mine.hasPrefix(label + " or ") { return true }
    // Describing words kept or dropped either way ("freshly ground pepper" and "pepper" buy
    // the same): the head agrees and the others are in the line.
    return IngredientEvaluation.differsByDescribingWords(
      longer: mine, shorter: label, movedTo: row.elsewhere)
      || IngredientEvaluation.differsByDescribingWords(
        longer: label, shorter: mine, movedTo: row.input)
  }

  static func amountMatches(_ row: IngredientEvaluation.Row, _ read: ItemAmount?) -> Bool {
    guard let label = IngredientEvaluation.labelAmount(row.quantity) else {
      // As the ingredient evaluation counts it: one of a leading unit ("Pinch of salt").
      let first = row.input.split(separator: " ").first.map(String.init) ?? ""
      return read == nil
        || read?.amount == 1 && first.count > 2 && KitchenUnit.spelled(first) != nil
    }
    guard let read else { return false }
    let values = [label.0] + (label.1.map { [$0] } ?? [])
    let mine = [read.amount] + (read.packSize.map { [$0.amount * read.amount, $0.amount] } ?? [])
    return values.contains { value in mine.contains { IngredientEvaluation.close($0, value) } }
  }

  static func unitMatches(_ row: IngredientEvaluation.Row, _ read: ItemAmount?) -> Bool {
    let label = IngredientEvaluation.labelUnits(row)
    var mine = Set<String>()
    if let unit = read?.unit { mine.insert(unit.id) }
    if let unit = read?.packSize?.unit { mine.insert(unit.id) }
    if label == mine || (!label.isEmpty && label.isSubset(of: mine)) { return true }
    // The first unit, where the label lists the line's others as well ("1 1/2 cups
    // strawberries (about 1 pint)": cup); none, where the line counts things first ("2 ducks,
    // about 4 1/2 pounds each").
    if let unit = read?.unit { return label.contains(unit.id) }
    let typed = row.input.split(separator: " ").map(String.init)
    return typed.count > 1 && RecipeAmountRules.number(in: typed[0]) != nil
      && KitchenUnit.spelled(typed[1]) == nil
  }
}
