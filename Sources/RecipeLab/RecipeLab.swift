import BasketKit
import BasketRecipeImport
import Foundation

/// Measures the recipe importer and the ingredient line parser against the shared data sets,
/// and times them. Run by `scripts/bench`; skips with a message when the data is absent.
///
///   RecipeLab ingredients DIR [--misses N --kind wrong|unflagged|flagged-right --own FILE
///                              --from "NYT 2015"|"own lines II"]
///                                                 misses of a tuning source only; the own lines
///                                                 default to Data/ingredients/own-lines*.csv
///   RecipeLab dump DIR FILE                       NYT's tuning lines, label beside parse, as TSV
///   RecipeLab sheet DIR FILE                      the wrong lines of NYT's held-out fifth, to
///                                                 class by hand (reading them spends the fifth)
///   RecipeLab classes DIR FILE                    the flag against lines classed by hand
///   RecipeLab features DIR FILE                   NYT's tuning lines' flag features, for
///                                                 Tools/recipes/flag_model.py
///   RecipeLab pages DIR [--misses N --field FIELD --results FILE --tuning-only --doubts]
///                                                 tuning and held-out sites apart; misses and
///                                                 results of tuning sites only
///   RecipeLab packs PAGES_DIR [--misses N]        lines Recipe Ready still buys by the spoon
///                                                 or cup though the food is sold in packs
///   RecipeLab quickadd DIR [TYPED_TSV] [--misses N]
///                                                 the add bar's reader on the typed-line table
///                                                 (figures only: held out) and on cookbook lines
///                                                 (misses of NYT's tuning lines only)
///   RecipeLab typed LINE...                       what the add bar reads from each line
///   RecipeLab bench [INGREDIENTS_DIR PAGES_DIR]
///   RecipeLab differential PAGES_DIR              the SAX reader against the tree-walking one,
///                                                 page by page
///   RecipeLab repeat N FILE...                      imports the files N times (for profilers)
@main
struct RecipeLab {
  static func main() throws {
    var arguments = Array(CommandLine.arguments.dropFirst())
    var misses = 0
    if let flag = arguments.firstIndex(of: "--misses"), flag + 1 < arguments.count {
      misses = Int(arguments[flag + 1]) ?? 0
      arguments.removeSubrange(flag...(flag + 1))
    }
    var field: String?
    if let flag = arguments.firstIndex(of: "--field"), flag + 1 < arguments.count {
      field = arguments[flag + 1]
      arguments.removeSubrange(flag...(flag + 1))
    }
    var results: String?
    if let flag = arguments.firstIndex(of: "--results"), flag + 1 < arguments.count {
      results = arguments[flag + 1]
      arguments.removeSubrange(flag...(flag + 1))
    }
    var tuningOnly = false
    if let flag = arguments.firstIndex(of: "--tuning-only") {
      tuningOnly = true
      arguments.remove(at: flag)
    }
    var doubts = false
    if let flag = arguments.firstIndex(of: "--doubts") {
      doubts = true
      arguments.remove(at: flag)
    }
    var kind = IngredientEvaluation.MissKind.wrong
    if let flag = arguments.firstIndex(of: "--kind"), flag + 1 < arguments.count {
      kind = IngredientEvaluation.MissKind(rawValue: arguments[flag + 1]) ?? .wrong
      arguments.removeSubrange(flag...(flag + 1))
    }
    var own = [
      "Data/ingredients/own-lines.csv", "Data/ingredients/own-lines-2.csv",
      "Data/ingredients/own-lines-3.csv", "Data/ingredients/own-lines-4.csv",
    ]
    var missesFrom = "NYT 2015"
    if let flag = arguments.firstIndex(of: "--from"), flag + 1 < arguments.count {
      missesFrom = arguments[flag + 1]
      arguments.removeSubrange(flag...(flag + 1))
    }
    if let flag = arguments.firstIndex(of: "--own"), flag + 1 < arguments.count {
      own = [arguments[flag + 1]]
      arguments.removeSubrange(flag...(flag + 1))
    }
    switch arguments.first {
    case "packs" where arguments.count == 2:
      try PackEvaluation.run(directory: arguments[1], showMisses: misses)
    case "bench":
      try Bench.run(
        ingredientsDirectory: arguments.count > 1 ? arguments[1] : nil,
        pagesDirectory: arguments.count > 2 ? arguments[2] : nil)
    case "quickadd" where arguments.count >= 2:
      try QuickAddEvaluation.run(
        directory: arguments[1],
        typed: arguments.count > 2 ? arguments[2] : "Data/quickadd/typed-lines.tsv",
        showMisses: misses)
    case "typed":
      for line in arguments.dropFirst() {
        do {
          let items = try ShoppingLine.read(line)
          let shown = items.map { item in
            "\(item.name)|\(item.amount.map { "\($0.amount)|\($0.unit?.id ?? "")\($0.packSize.map { " (\($0.amount) \($0.unit?.id ?? ""))" } ?? "")" } ?? "|")"
          }
          print("\(line) => \(shown.joined(separator: " ; "))")
        } catch {
          print("\(line) => REFUSED: \(error)")
        }
      }
    case "parse":
      for line in arguments.dropFirst() {
        let l = IngredientLineParser.parse(line)
        let q =
          l.quantity.map {
            "\($0.amount)\($0.maxAmount.map { "-\($0)" } ?? "") \($0.unit?.id ?? "-")"
          } ?? "nil"
        print(
          "\(line) => q=\(q) name=\(l.name) prep=\(l.preparation ?? "-") note=\(l.note ?? "-") opt=\(l.optional) unc=\(l.uncertain) alt=\(l.alternatives) size=\(l.size ?? "-") pack=\(l.packSize.map { "\($0.amount) \($0.unit?.id ?? "-")" } ?? "-") eq=\(l.equivalents.map { "\($0.amount) \($0.unit?.id ?? "-")" }) vague=\(l.vagueUnit?.id ?? "-")"
        )
      }
    case "json" where arguments.count == 2:
      let text = (try? String(contentsOfFile: arguments[1], encoding: .utf8)) ?? ""
      print(JSONValue.pageValues(in: text).count)
    case "page" where arguments.count == 2:
      let bytes = Array(FileManager.default.contents(atPath: arguments[1]) ?? Data())
      let page = HTMLRecipePage.read(bytes)
      print(
        "title: \(page.title ?? "nil") lang: \(page.language ?? "nil") jsonLD: \(page.jsonLD.map(\.count)) microdata: \(page.microdata.count) blocks: \(page.blocks.count)"
      )
      for script in page.jsonLD {
        let values = JSONValue.pageValues(in: script)
        print("  script: \(values.count) values \(script.prefix(120))")
      }
      if arguments.contains("--blocks") || true {
        for block in page.blocks.prefix(400) {
          print("  [\(block.kind) ^\(block.parent)] \(block.text.prefix(100))")
          for line in block.lines { print("      | \(line.prefix(100))") }
        }
      }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
      if let recipe = RecipeImporter.recipe(from: page) {
        print(String(decoding: try encoder.encode(recipe), as: UTF8.self).prefix(3000))
      } else {
        print("no recipe")
      }
    case "repeat" where arguments.count >= 3:
      // For profilers: imports the pages given N times over.
      let pages = arguments.dropFirst(2).map {
        Array(FileManager.default.contents(atPath: $0) ?? Data())
      }
      var total = 0
      for _ in 0..<(Int(arguments[1]) ?? 1) {
        for bytes in pages {
          total &+= RecipeImporter.recipe(from: HTMLRecipePage.read(bytes))?.ingredients.count ?? 0
        }
      }
      print(total)
    case "differential" where arguments.count >= 2:
      PageEvaluation.differential(directory: arguments[1])
    case "pages" where arguments.count == 2:
      PageEvaluation.run(
        directory: arguments[1], showMisses: misses, field: field, results: results,
        heldOut: !tuningOnly, doubts: doubts)
    case "features" where arguments.count == 3:
      try IngredientEvaluation.features(directory: arguments[1], to: arguments[2])
    case "sheet" where arguments.count == 3:
      try IngredientEvaluation.sheet(directory: arguments[1], to: arguments[2])
    case "classes" where arguments.count == 3:
      try IngredientEvaluation.classes(directory: arguments[1], file: arguments[2])
    case "dump" where arguments.count == 3:
      try IngredientEvaluation.dump(directory: arguments[1], to: arguments[2])
    case "ingredients" where arguments.count == 2:
      try IngredientEvaluation.run(
        directory: arguments[1], own: own, showMisses: misses, kind: kind, missesFrom: missesFrom)
    default:
      print(
        "usage: RecipeLab ingredients DIR [--misses N --kind K --own FILE] | pages DIR [--misses N --field F] | bench [INGREDIENTS_DIR PAGES_DIR] | differential DIR | repeat N FILE..."
      )
      exit(2)
    }
  }
}
