import BasketKit
import BasketRecipeImport
import Foundation

/// Scores the saved-page importer against `../shared/data/recipe-pages` (unpacked): per field,
/// how many pages match the expected JSON, strictly and leniently (`PageScoring`), on tuning
/// and held-out sites (`SiteSplit`).
struct PageEvaluation {
  struct Case {
    var html: String
    var expected: [String: Any]
    /// The folder the page is in: its site's host.
    var host: String = ""
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
        found.append(Case(html: base + ".testhtml", expected: object, host: host))
      }
    }
    return found
  }

  static func int(_ value: Any?) -> Int? {
    if let number = value as? NSNumber { return number.intValue }
    return nil
  }

  static let fields = ["title", "ingredients", "method", "yields", "total time"]

  /// What was read from one page and what was expected, field by field.
  struct Reading {
    var got: [String: [String]]
    var want: [String: [String]]
    var gotTime: Int?
    var wantTime: Int?
    var doubt: String?

    func matches(_ field: String, lenient: Bool) -> Bool {
      if field == "total time" { return gotTime == wantTime }
      if field == "ingredients" || field == "method" {
        return PageScoring.matches(
          got[field] ?? [], want[field] ?? [], lenient: lenient, steps: field == "method")
      }
      if field == "yields", lenient {
        return PageScoring.matches(
          got[field]?.first.map(PageScoring.servings), want[field]?.first.map(PageScoring.servings),
          lenient: true)
      }
      return PageScoring.matches(
        got[field]?.first, want[field]?.first, lenient: lenient)
    }

    func all(lenient: Bool) -> Bool {
      PageEvaluation.fields.allSatisfy { matches($0, lenient: lenient) }
    }
  }

  static func reading(_ recipe: Recipe?, _ e: [String: Any]) -> Reading {
    func list(_ value: Any?) -> [String] { (value as? [Any])?.compactMap { $0 as? String } ?? [] }
    let got: [String: [String]] = [
      "title": recipe.map { [$0.title] } ?? [],
      "ingredients": recipe?.ingredients.map(\.text) ?? [],
      "method": recipe?.instructions ?? [],
      "yields": recipe?.yields.map { [$0] } ?? [],
    ]
    let want: [String: [String]] = [
      "title": (e["title"] as? String).map { [$0] } ?? [],
      "ingredients": list(e["ingredients"]),
      "method": list(e["instructions_list"]),
      "yields": (e["yields"] as? String).map { [$0] } ?? [],
    ]
    return Reading(
      got: got, want: want, gotTime: recipe?.totalTime, wantTime: int(e["total_time"]),
      doubt: recipe?.doubt?.reason)
  }

  /// A tally of matches over a set of pages.
  struct Tally {
    var pages = 0
    var strict: [String: Int] = [:]
    var lenient: [String: Int] = [:]
    /// Pages whose recipe carries a doubt, those of them wrong in ingredients or method, and
    /// the pages wrong in ingredients or method.
    var doubted = 0
    var doubtedWrong = 0
    var wrongLists = 0

    mutating func add(_ reading: Reading) {
      pages += 1
      let wrong =
        !reading.matches("ingredients", lenient: true) || !reading.matches("method", lenient: true)
      if wrong { wrongLists += 1 }
      if reading.doubt != nil {
        doubted += 1
        if wrong { doubtedWrong += 1 }
      }
      for field in PageEvaluation.fields + ["all five"] {
        let s =
          field == "all five" ? reading.all(lenient: false) : reading.matches(field, lenient: false)
        let l =
          field == "all five" ? reading.all(lenient: true) : reading.matches(field, lenient: true)
        if s { strict[field, default: 0] += 1 }
        if l { lenient[field, default: 0] += 1 }
      }
    }
  }

  /// Scores every page, tuning and held-out sites apart (`SiteSplit`). Misses are printed
  /// only from tuning sites; `results` gets one line per tuning page with its lenient matches.
  static func run(
    directory: String, showMisses: Int, field missField: String?, results: String? = nil,
    heldOut showHeldOut: Bool = true, doubts showDoubts: Bool = false
  ) {
    let all = cases(in: directory)
    guard !all.isEmpty else {
      print("no pages found in \(directory)")
      return
    }
    var tuning = Tally()
    var heldOut = Tally()
    var tuningPlain = Tally()
    var heldOutPlain = Tally()
    var marked = 0
    var times: [Double] = []
    var slowest = (0.0, "")
    var noRecipe = 0
    var printed = 0
    var sites: (tuning: Set<String>, heldOut: Set<String>) = ([], [])
    var lines: [String] = []
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
      let reading = reading(recipe, item.expected)
      let site = SiteSplit.site(ofHost: item.host)
      if SiteSplit.isHeldOut(host: item.host) {
        sites.heldOut.insert(site)
        heldOut.add(reading)
        if !hasMarkup { heldOutPlain.add(reading) }
        continue
      }
      sites.tuning.insert(site)
      tuning.add(reading)
      if !hasMarkup { tuningPlain.add(reading) }
      let name = item.host + "/" + (item.html as NSString).lastPathComponent
      if showDoubts, let doubt = reading.doubt {
        let wrong =
          !reading.matches("ingredients", lenient: true)
          || !reading.matches("method", lenient: true)
        print("DOUBT \(wrong ? "wrong" : "right") \(name): \(doubt)")
      }
      lines.append(
        ([name]
          + (fields + ["all five"]).map { field in
            let ok =
              field == "all five"
              ? reading.all(lenient: true) : reading.matches(field, lenient: true)
            return ok ? "1" : "0"
          }).joined(separator: "\t"))
      if printed < showMisses, let field = missField, !reading.matches(field, lenient: true) {
        printed += 1
        print("MISS \(field) \(item.html)\(hasMarkup ? "" : " (no markup)")")
        switch field {
        case "total time":
          print(
            "  want: \(reading.wantTime.map(String.init) ?? "nil")\n  got:  \(reading.gotTime.map(String.init) ?? "nil")"
          )
        default:
          printDiff(
            (reading.want[field] ?? []).map { PageScoring.lenient($0) },
            (reading.got[field] ?? []).map { PageScoring.lenient($0) })
        }
      }
    }
    if let results {
      try? (lines.joined(separator: "\n") + "\n").write(
        toFile: results, atomically: true, encoding: .utf8)
    }
    times.sort()
    let median = times[times.count / 2]
    print(
      "Saved pages: \(all.count) from \(sites.tuning.count + sites.heldOut.count) sites, \(marked) with schema.org Recipe markup; no recipe found on \(noRecipe)"
    )
    print(
      "  tuning sites: \(sites.tuning.count) (\(tuning.pages) pages, \(tuningPlain.pages) without markup); held-out sites: \(sites.heldOut.count) (\(heldOut.pages) pages, \(heldOutPlain.pages) without markup)"
    )
    guard showHeldOut else {
      // NB: while tuning, the held-out figures are not looked at.
      print(
        "  doubt, tuning: \(tuning.doubted) pages marked, \(tuning.doubtedWrong) of them wrong in ingredients or method; of the \(tuning.wrongLists) pages wrong in either, \(tuning.doubtedWrong) marked"
      )
      print("  field          tuning, lenient     tuning, strict      tuning, no markup (lenient)")
      for field in fields + ["all five"] {
        print(
          "  \(field.padding(toLength: 12, withPad: " ", startingAt: 0))  \(pct(tuning.lenient[field, default: 0], tuning.pages))   \(pct(tuning.strict[field, default: 0], tuning.pages))   \(pct(tuningPlain.lenient[field, default: 0], tuningPlain.pages))"
        )
      }
      return
    }
    print(
      "  field          tuning, lenient     held out, lenient   held out, strict    held out, no markup (lenient)"
    )
    for field in fields + ["all five"] {
      print(
        "  \(field.padding(toLength: 12, withPad: " ", startingAt: 0))  \(pct(tuning.lenient[field, default: 0], tuning.pages))   \(pct(heldOut.lenient[field, default: 0], heldOut.pages))   \(pct(heldOut.strict[field, default: 0], heldOut.pages))   \(pct(heldOutPlain.lenient[field, default: 0], heldOutPlain.pages))"
      )
    }
    print(
      "  all pages, lenient: \(pct(tuning.lenient["all five", default: 0] + heldOut.lenient["all five", default: 0], all.count)) all five; strict: \(pct(tuning.strict["all five", default: 0] + heldOut.strict["all five", default: 0], all.count))"
    )
    for (name, tally) in [("tuning", tuning), ("held out", heldOut)]
    where showHeldOut || name == "tuning" {
      print(
        "  doubt, \(name): \(tally.doubted) pages marked, \(tally.doubtedWrong) of them wrong in ingredients or method; of the \(tally.wrongLists) pages wrong in either, \(tally.doubtedWrong) marked"
      )
    }
    print("  reference: recipe-scrapers' generic reader gets every field on about 60 % of pages")
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
