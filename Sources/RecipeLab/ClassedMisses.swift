import BasketKit
import Foundation

/// The flag measured against wrong lines read by hand and put in classes (see
/// `Data/ingredients/nyt-wrong-sample.tsv`): P, the parser misread the line; L and C, the label
/// is at odds with the line or the dataset labels the construction both ways; S, the scorer.
/// The flag is there to mark the lines the parser cannot read; only P lines are that.
extension IngredientEvaluation {
  /// Writes the wrong lines of NYT's random held-out fifth as a sheet to classify by hand: the
  /// line, its label and what the parser read, but not whether the parser flagged it, so that
  /// the flag cannot sway the class. Reading the sheet spends those lines as a held-out set, so
  /// only someone who then leaves the parser alone should read it.
  static func sheet(directory: String, to path: String) throws {
    guard let nyt = try load(directory).first(where: { $0.label.hasPrefix("NYT") }) else { return }
    var out =
      "input\tlabel_name\tlabel_quantity\tlabel_unit\tquantity\tunit\tname\tpreparation\tnote\talternatives\tclass\treason\n"
    var seen: Set<String> = []
    for row in nyt.rows where isHeldOut(row.input) && seen.insert(row.input).inserted {
      let detailed = IngredientLineParser.parseDetailed(row.input)
      let line = detailed.line
      guard
        !(quantityMatches(row, detailed) && unitMatches(row, line) && nameMatches(row, detailed))
      else { continue }
      let quantity =
        line.quantity.map { "\($0.amount)\($0.maxAmount.map { "-\($0)" } ?? "")" } ?? ""
      let fields = [
        row.input, row.name, row.quantity, row.unit, quantity, line.quantity?.unit?.id ?? "",
        line.name, line.preparation ?? "", line.note ?? "",
        line.alternatives.joined(separator: " | "), "", "",
      ]
      out += fields.map(tsvField).joined(separator: "\t") + "\n"
    }
    try out.write(toFile: path, atomically: true, encoding: .utf8)
  }

  /// Prints, for a file of classed NYT lines, how many of each class the parser now reads
  /// right, and of those still wrong how many it flags. When every classed line is in the
  /// held-out fifth, the file is taken to class all of the fifth's wrong lines at the time it
  /// was written: wrong lines not in it (new since) count as misreadings, and the flag's share
  /// of right lines is over the whole fifth. Prints figures only, never a line.
  static func classes(directory: String, file: String) throws {
    guard let nyt = try load(directory).first(where: { $0.label.hasPrefix("NYT") }) else { return }
    let records = try String(contentsOfFile: file, encoding: .utf8)
      .split(separator: "\n").filter { !$0.hasPrefix("#") }
      .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    guard let header = records.first, let inputColumn = header.firstIndex(of: "input"),
      let classColumn = header.firstIndex(of: "class")
    else {
      print("\(file): no input and class columns")
      return
    }
    var classOf: [String: String] = [:]
    for record in records.dropFirst() where record.count > max(inputColumn, classColumn) {
      classOf[record[inputColumn]] = record[classColumn]
    }
    let wholeFifth = classOf.keys.allSatisfy(isHeldOut)
    struct Tally {
      var lines = 0
      var right = 0
      var flaggedWrong = 0
    }
    var tallies: [String: Tally] = [:]
    var flagged = 0
    var flaggedRight = 0
    var seen: Set<String> = []
    for row in nyt.rows where seen.insert(row.input).inserted {
      let classed = classOf[row.input]
      guard classed != nil || wholeFifth && isHeldOut(row.input) else { continue }
      let detailed = IngredientLineParser.parseDetailed(row.input)
      let right =
        quantityMatches(row, detailed) && unitMatches(row, detailed.line)
        && nameMatches(row, detailed)
      let uncertain = detailed.line.uncertain
      if wholeFifth && uncertain {
        flagged += 1
        if right { flaggedRight += 1 }
      }
      guard let group = classed ?? (right ? nil : "new") else { continue }
      tallies[group, default: Tally()].lines += 1
      if right { tallies[group, default: Tally()].right += 1 }
      if !right && uncertain { tallies[group, default: Tally()].flaggedWrong += 1 }
    }
    func percent(_ part: Int, _ whole: Int) -> String {
      whole == 0 ? "-" : String(format: "%.1f %%", 100 * Double(part) / Double(whole))
    }
    print("Classed wrong lines (\(file)):")
    for (group, tally) in tallies.sorted(by: { $0.key < $1.key }) {
      let wrong = tally.lines - tally.right
      print(
        "  \(group.padding(toLength: 4, withPad: " ", startingAt: 0)) \(tally.lines) classed, \(tally.right) now right, \(wrong) still wrong, of them flagged \(tally.flaggedWrong) (\(percent(tally.flaggedWrong, wrong)))"
      )
    }
    let misread = ["P", "new"].compactMap { tallies[$0] }
    let misreadWrong = misread.reduce(0) { $0 + $1.lines - $1.right }
    let misreadFlagged = misread.reduce(0) { $0 + $1.flaggedWrong }
    print(
      "  misreadings (P\(wholeFifth ? " and new" : "")) still wrong, flagged: \(misreadFlagged) of \(misreadWrong) (\(percent(misreadFlagged, misreadWrong)), goal ≥ 80 %)"
    )
    if wholeFifth {
      print(
        "  flagged lines of the whole fifth that are right: \(flaggedRight) of \(flagged) (\(percent(flaggedRight, flagged)), goal ≤ 20 %)"
      )
    }
  }
}
