import BasketKit
import BasketRecipeImport
import Foundation

/// Speed: ingredient lines per second on one core, and the time to import a ~300 KB page,
/// each beside a baseline measured in the same run.
enum Bench {
  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
  }

  /// CPU time this thread has used, in seconds: the machine is shared, so wall time overstates
  /// what one core needs; both are printed.
  static func threadCPU() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }

  /// Runs `body`, returning (wall seconds, CPU seconds).
  static func measure(_ body: () -> Void) -> (Double, Double) {
    let clock = ContinuousClock()
    let cpuStart = threadCPU()
    let wall = clock.measure(body)
    return (seconds(wall), threadCPU() - cpuStart)
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  static func run(ingredientsDirectory: String?, pagesDirectory: String?) throws {
    // Lines: the labelled set when present, else a built-in sample.
    var lines: [String] = [
      "2 (14-ounce) cans diced tomatoes, drained", "1 1/2 cups all-purpose flour",
      "3 cloves garlic, finely chopped", "Salt and freshly ground black pepper, to taste",
      "200g/7oz dark chocolate", "1 large onion, diced", "½ tsp ground cumin",
      "2-3 tbsp olive oil", "1 cup (240 ml) whole milk", "a pinch of salt",
    ]
    if let directory = ingredientsDirectory, let sets = try? IngredientEvaluation.load(directory) {
      lines = sets.flatMap { $0.rows.map(\.input) }
    }
    var rates: [Double] = []
    var cpuRates: [Double] = []
    var baselineRates: [Double] = []
    var checksum = 0
    for _ in 0..<5 {
      let (wall, cpu) = measure {
        for line in lines { checksum &+= IngredientLineParser.parse(line).name.utf8.count }
      }
      rates.append(Double(lines.count) / wall)
      cpuRates.append(Double(lines.count) / cpu)
      // Baseline: what one writes first, splitting on spaces and looking words up.
      let (_, baseCPU) = measure {
        for line in lines { checksum &+= NaiveIngredientSplit.name(line).utf8.count }
      }
      baselineRates.append(Double(lines.count) / baseCPU)
    }
    print(
      String(
        format:
          "Ingredient lines: %d lines, median %.0f lines/s of CPU time on one core (%.0f by the wall clock on this shared machine); naive split-on-spaces baseline %.0f lines/s",
        lines.count, median(cpuRates), median(rates), median(baselineRates)))

    guard let directory = pagesDirectory else { return }
    let cases = PageEvaluation.cases(in: directory)
    // The saved pages nearest 300 KB.
    let sized = cases.compactMap { item -> (String, [UInt8])? in
      guard let data = FileManager.default.contents(atPath: item.html) else { return nil }
      return (item.html, Array(data))
    }.sorted { abs($0.1.count - 300_000) < abs($1.1.count - 300_000) }.prefix(10)
    var importTimes: [Double] = []
    var importCPU: [Double] = []
    var readCPU: [Double] = []
    var tokenizeCPU: [Double] = []
    var coreCPU: [Double] = []
    var treeImportCPU: [Double] = []
    var treeReadCPU: [Double] = []
    var treeParseCPU: [Double] = []
    // NB: each kind of measurement runs over all the pages in turn, round after round, so no
    // kind pays for the caches another left cold, and all share the machine's load.
    let pages = sized.map(\.1)
    let parsed = pages.map { HTMLRecipePage.read($0) }
    for _ in 0..<9 {
      for bytes in pages {
        var recipe: Recipe?
        let (wall, cpu) = measure {
          recipe = RecipeImporter.recipe(from: HTMLRecipePage.read(bytes))
        }
        importTimes.append(wall * 1000)
        importCPU.append(cpu * 1000)
        checksum &+= recipe?.ingredients.count ?? 0
      }
      for bytes in pages {
        readCPU.append(measure { checksum &+= HTMLRecipePage.read(bytes).blocks.count }.1 * 1000)
      }
      for page in parsed {
        coreCPU.append(
          measure { checksum &+= RecipeImporter.recipe(from: page)?.ingredients.count ?? 0 }.1
            * 1000)
      }
      for bytes in pages {
        tokenizeCPU.append(measure { checksum &+= HTMLRecipePage.tokenizeOnly(bytes) }.1 * 1000)
      }
      // The baseline: the first reader, which had libxml2 build the tree and walked it.
      for bytes in pages {
        treeImportCPU.append(
          measure {
            checksum &+=
              RecipeImporter.recipe(from: TreeWalkingPageReader.read(bytes))?.ingredients.count ?? 0
          }.1 * 1000)
      }
      for bytes in pages {
        treeReadCPU.append(
          measure { checksum &+= TreeWalkingPageReader.read(bytes).blocks.count }.1 * 1000)
      }
      for bytes in pages {
        treeParseCPU.append(measure { checksum &+= HTMLRecipePage.treeParseOnly(bytes) }.1 * 1000)
      }
    }
    let sizes = sized.map { $0.1.count }
    print(
      String(
        format:
          "Page import: %d saved pages of %d–%d KB, median %.2f ms CPU (%.2f ms by the wall clock); of which reading the page (SAX) %.2f ms, the core's reading of what it found %.2f ms; libxml2's tokenizer alone (the floor) %.2f ms",
        sized.count, (sizes.min() ?? 0) / 1000, (sizes.max() ?? 0) / 1000, median(importCPU),
        median(importTimes), median(readCPU), median(coreCPU), median(tokenizeCPU)))
    print(
      String(
        format:
          "  baseline, the tree-walking reader: import %.2f ms CPU; reading the page %.2f ms; libxml2's tree parse alone %.2f ms",
        median(treeImportCPU), median(treeReadCPU), median(treeParseCPU)))
    if checksum == 42 { print("") }
  }
}

/// The baseline a first attempt would be: the first word a number, the second a unit when it
/// is a known word, the rest the name.
enum NaiveIngredientSplit {
  static let units: Set<String> = ["cup", "cups", "tbsp", "tsp", "g", "kg", "ml", "oz", "lb"]
  static func name(_ line: String) -> String {
    var words = line.split(separator: " ")
    if let first = words.first, Double(first) != nil { words.removeFirst() }
    if let first = words.first, units.contains(first.lowercased()) { words.removeFirst() }
    return words.joined(separator: " ")
  }
}
