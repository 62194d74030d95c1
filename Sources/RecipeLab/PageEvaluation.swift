import BasketKit
import BasketRecipeImport
import Foundation

/// Scores the saved-page importer against `../shared/data/recipe-pages` (unpacked): per field,
/// how many pages match the expected JSON after whitespace normalisation.
struct PageEvaluation {
  struct Case {
    var html: String
    var expected: [String: Any]
  }

  static func cases(in directory: String) -> [Case] {
    let manager = FileManager.default
    var found: [Case] = []
    let hosts = ((try? manager.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    for host in hosts {
      let folder = directory + "/" + host
      let files = ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).sorted()
      for file in files where file.hasSuffix(".json") {
        let base = folder + "/" + String(file.dropLast(5))
        guard manager.fileExists(atPath: base + ".testhtml"),
          let data = manager.contents(atPath: base + ".json"),
          let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { continue }
        found.append(Case(html: base + ".testhtml", expected: object))
      }
    }
    return found
  }

  static func norm(_ text: String?) -> String? {
    text.map(RecipeText.normalizedWhitespace)
  }

  static func normList(_ value: Any?) -> [String]? {
    (value as? [Any])?.compactMap { $0 as? String }.map(RecipeText.normalizedWhitespace)
  }

  static func int(_ value: Any?) -> Int? {
    if let number = value as? NSNumber { return number.intValue }
    return nil
  }

  static let fields = ["title", "ingredients", "method", "yields", "total time"]

  static func run(directory: String, showMisses: Int, field missField: String?) {
    let all = cases(in: directory)
    guard !all.isEmpty else {
      print("no pages found in \(directory)")
      return
    }
    var matched = [String: Int]()
    var matchedMarked = [String: Int]()
    var allFive = 0
    var allFiveMarked = 0
    var marked = 0
    var times: [Double] = []
    var slowest = (0.0, "")
    var noRecipe = 0
    var printed = 0
    for item in all {
      guard let bytes = FileManager.default.contents(atPath: item.html).map(Array.init) else {
        continue
      }
      let clock = ContinuousClock()
      var recipe: Recipe?
      var page = RecipePage()
      let elapsed = clock.measure {
        page = HTMLRecipePage.read(bytes)
        recipe = RecipeImporter.recipe(from: page)
      }
      let ms =
        Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
      times.append(ms)
      if ms > slowest.0 { slowest = (ms, item.html) }
      if recipe == nil { noRecipe += 1 }
      let hasMarkup = RecipeImporter.hasMarkup(page)
      if hasMarkup { marked += 1 }
      let e = item.expected
      let results: [String: Bool] = [
        "title": norm(recipe?.title) == norm(e["title"] as? String),
        "ingredients": (recipe?.ingredients.map { RecipeText.normalizedWhitespace($0.text) } ?? [])
          == (normList(e["ingredients"]) ?? []),
        "method": (recipe?.instructions.map(RecipeText.normalizedWhitespace) ?? [])
          == (normList(e["instructions_list"]) ?? []),
        "yields": norm(recipe?.yields) == norm(e["yields"] as? String),
        "total time": recipe?.totalTime == int(e["total_time"]),
      ]
      for (field, ok) in results where ok {
        matched[field, default: 0] += 1
        if hasMarkup { matchedMarked[field, default: 0] += 1 }
      }
      if results.values.allSatisfy({ $0 }) {
        allFive += 1
        if hasMarkup { allFiveMarked += 1 }
      }
      if printed < showMisses, let field = missField, results[field] == false, hasMarkup {
        printed += 1
        print("MISS \(field) \(item.html)")
        switch field {
        case "title": print("  want: \(e["title"] ?? "nil")\n  got:  \(recipe?.title ?? "nil")")
        case "yields": print("  want: \(e["yields"] ?? "nil")\n  got:  \(recipe?.yields ?? "nil")")
        case "total time":
          print(
            "  want: \(e["total_time"] ?? "nil")\n  got:  \(recipe?.totalTime.map(String.init) ?? "nil")"
          )
        case "ingredients":
          let want = normList(e["ingredients"]) ?? []
          let got = recipe?.ingredients.map { RecipeText.normalizedWhitespace($0.text) } ?? []
          printDiff(want, got)
        default:
          let want = normList(e["instructions_list"]) ?? []
          let got = recipe?.instructions.map(RecipeText.normalizedWhitespace) ?? []
          printDiff(want, got)
        }
      }
    }
    times.sort()
    let median = times[times.count / 2]
    print(
      "Saved pages: \(all.count) (\(marked) with schema.org Recipe markup), no recipe found on \(noRecipe)"
    )
    print("  field          all pages         pages with markup   generic schema.org reader")
    let generic = [
      "title": "99 %", "ingredients": "85 %", "method": "84 %", "yields": "97 %",
      "total time": "97 %",
    ]
    for field in fields {
      let a = matched[field, default: 0]
      let m = matchedMarked[field, default: 0]
      print(
        "  \(field.padding(toLength: 12, withPad: " ", startingAt: 0))  \(pct(a, all.count))   \(pct(m, marked))     \(generic[field]!)"
      )
    }
    print(
      "  all five      \(pct(allFive, all.count))   \(pct(allFiveMarked, marked))     67 % (of all pages)"
    )
    print(
      String(
        format: "  import time per page: median %.2f ms, slowest %.1f ms (%@)", median, slowest.0,
        (slowest.1 as NSString).lastPathComponent))
  }

  /// Reads every page with the SAX reader and the tree-walking baseline and lists the pages
  /// where the two `RecipePage`s differ, field by field.
  static func differential(directory: String) {
    var differing = 0
    var isFolder: ObjCBool = false
    _ = FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder)
    let all = isFolder.boolValue ? cases(in: directory) : [Case(html: directory, expected: [:])]
    for item in all {
      guard let bytes = FileManager.default.contents(atPath: item.html).map(Array.init) else {
        continue
      }
      let sax = HTMLRecipePage.read(bytes)
      let tree = TreeWalkingPageReader.read(bytes)
      guard sax != tree else { continue }
      differing += 1
      print("DIFF \(item.html)")
      if sax.title != tree.title {
        print("  title: \(sax.title ?? "nil") | \(tree.title ?? "nil")")
      }
      if sax.language != tree.language {
        print("  language: \(sax.language ?? "nil") | \(tree.language ?? "nil")")
      }
      if sax.address != tree.address || sax.image != tree.image { print("  address/image differ") }
      if sax.jsonLD != tree.jsonLD {
        print("  jsonLD: \(sax.jsonLD.count) | \(tree.jsonLD.count)")
        for (a, b) in zip(sax.jsonLD, tree.jsonLD) where a != b {
          print(
            "   first: \(a.debugDescription.prefix(300))\n   other: \(b.debugDescription.prefix(300))"
          )
        }
      }
      if sax.microdata != tree.microdata { print("  microdata differs") }
      if sax.blocks != tree.blocks {
        print("  blocks: \(sax.blocks.count) | \(tree.blocks.count)")
        if let index = sax.blocks.indices.first(where: {
          $0 >= tree.blocks.count || sax.blocks[$0] != tree.blocks[$0]
        }) {
          for offset in max(0, index - 1)..<min(index + 3, min(sax.blocks.count, tree.blocks.count))
          {
            let (a, b) = (sax.blocks[offset], tree.blocks[offset])
            print(
              "   [\(offset)] sax:  [\(a.kind)] \(a.text.prefix(150))\n        tree: [\(b.kind)] \(b.text.prefix(150))"
            )
          }
        }
      }
    }
    print(
      "Differential: \(differing) of \(all.count) pages read differently by the SAX and tree readers"
    )
  }

  static func pct(_ count: Int, _ total: Int) -> String {
    String(
      format: "%4d/%4d %5.1f %%", count, total, total == 0 ? 0 : Double(count) * 100 / Double(total)
    )
  }

  static func printDiff(_ want: [String], _ got: [String]) {
    print("  want \(want.count) lines, got \(got.count)")
    for index in 0..<max(want.count, got.count) {
      let w = index < want.count ? want[index] : "∅"
      let g = index < got.count ? got[index] : "∅"
      if w != g {
        print("   [\(index)] want: \(w.prefix(160))\n        got:  \(g.prefix(160))")
        break
      }
    }
  }
}
