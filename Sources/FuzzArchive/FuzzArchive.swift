// Fuzz target for the readers of a file the household hands Basket whole: another app's
// recipe library (`RecipeLibraryImporter`), a Basket export (`HouseholdExport.read`) and a
// backup (`HouseholdBackup.restore`), each through libarchive (BasketArchive).
//
// Built with `-sanitize=fuzzer -DFUZZING`, libFuzzer calls `fuzzOne` with mutated files. Built
// normally, `main` replays the seed corpus (or the files given) through the same checks.

import BasketBackup
import BasketKit
import BasketRecipeImport
import BasketTestSupport
import Foundation
import SeedReplay

#if canImport(Glibc)
  import Glibc
#endif

/// Writes the input as a file and reads it as each of the three, checking what they promise:
/// nothing traps; nothing from the archive is written beside it; a library import saves whole
/// recipes within `RecipeLimits`, as many as its summary says; an export adds only items a
/// typed one could be and meals of saved recipes on days with room; a refused backup leaves
/// no store and no scratch file behind.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let folder = scratchFolder()
  defer { removeTree(folder) }
  let input = folder + "/input.zip"
  guard
    FileManager.default.createFile(
      atPath: input, contents: Data(UnsafeBufferPointer(start: data, count: size)))
  else { fatalError("FuzzArchive: cannot write \(input)") }

  let clock = TestClock()
  let store = InMemoryStore()
  let basket = Fixtures.basket(clock: clock, store: store)
  let recipes = InMemoryRecipeStore()
  let book = RecipeBook(store: recipes, basket: basket)

  // A recipe library.
  if let summary = try? RecipeLibraryImporter(book: { book }).importLibrary(at: input) {
    let saved = ((try? recipes.recipes(.all)) ?? []).compactMap { try? recipes.recipe($0.id) }
    require(saved.count == summary.imported.count, "saved \(saved.count), summary says more")
    for recipe in saved {
      require(!recipe.title.isEmpty, "a recipe without a title")
      require(recipe.ingredients.count <= RecipeLimits.ingredientLines, "past the line limit")
      require(recipe.instructions.count <= RecipeLimits.methodSteps, "past the step limit")
    }
  }
  require(entries(folder) == ["input.zip"], "the library import wrote \(entries(folder))")

  // A Basket export, into an empty household.
  let plan = InMemoryPlanStore()
  let stores = HouseholdExport.Stores(
    basket: basket, recipes: book, pantry: InMemoryPantryStore(),
    products: InMemoryProductStore(), shops: InMemoryShopStore(), staples: InMemoryStapleStore(),
    plan: plan)
  let before = (try? store.items().count) ?? 0
  if let imported = try? HouseholdExport.read(
    from: input, into: stores, now: clock.now, importRecipes: { _ in nil })
  {
    let items = (try? store.items()) ?? []
    require(items.count == before + imported.added.items, "items added beyond the count")
    for item in items {
      require(!NameText.cleaned(item.name).isEmpty, "an item without a visible name")
      if let quantity = item.quantity {
        require(QuantityRules.isStorable(quantity), "a quantity Basket can't store")
      }
    }
  }
  let meals = (try? plan.plannedMeals()) ?? []
  for meal in meals {
    require(
      (try? recipes.recipe(meal.recipe.id ?? UUID())) != nil, "a meal of a recipe not saved")
    require(
      meals.filter { $0.date == meal.date }.count <= PlanRules.maximumMealsADay, "a day past full")
  }
  require(entries(folder) == ["input.zip"], "the export import wrote \(entries(folder))")

  // A backup, restored where there is no store yet.
  let target = folder + "/restored/basket.sqlite"
  do {
    _ = try HouseholdBackup.restore(from: input, store: target, now: clock.now)
    var info = stat()
    require(stat(target, &info) == 0 && info.st_size > 0, "a restore that left no store")
  } catch {
    let left = entries(folder + "/restored")
    require(
      left.allSatisfy { !$0.hasPrefix("basket.sqlite") }, "a refused backup left \(left)")
  }
  return 0
}

private func scratchFolder() -> String {
  var template = Array((NSTemporaryDirectory() + "/basket-fuzz-archive-XXXXXX").utf8CString)
  guard let made = mkdtemp(&template) else { fatalError("FuzzArchive: cannot make a folder") }
  return String(cString: made)
}

private func entries(_ folder: String) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
}

private func removeTree(_ folder: String) {
  try? FileManager.default.removeItem(atPath: folder)
}

#if !FUZZING
  /// Replays the seed corpus, or the files and folders given, through `fuzzOne`.
  @main
  enum Replay {
    static func main() throws { try SeedReplay.run("Archive", fuzzOne) }
  }
#endif
