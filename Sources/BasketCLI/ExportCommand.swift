import BasketBackup
import BasketKit
import BasketRecipeImport

/// `basket export DIR|FILE.zip` and `basket import DIR|FILE.zip`: everything the household
/// keeps, in open formats, and back (see `HouseholdExport`).
enum ExportCommand {
  static let help = """
    Usage: basket export DIR|FILE.zip [--json]
           basket import DIR|FILE.zip [--json]

    export writes everything Basket keeps, in open formats, to a new (or empty) folder, or
    to a zip when the name ends in .zip: the list (list.json, and list.txt as plain text),
    each recipe as a schema.org Recipe in JSON-LD (recipes/NAME.json, which recipe sites,
    Nextcloud Cookbook and Mealie read, and basket recipe import reads back), the pantry
    (pantry.json), products (products.json), shops (shops.json) and the always-have list
    (staples.json), with a README.md saying what each file is.

    import reads such an export into this store, new or not, adding only what isn't there:
    an item, pantry entry, product or shop of the same name (or barcode) is left as it is,
    and a recipe with the same title and lines is skipped. Importing twice adds nothing.

      --json   print what was written or added as JSON

    """

  static func stores(_ book: RecipeBook) -> HouseholdExport.Stores {
    let store = book.basket.store
    return HouseholdExport.Stores(
      basket: book.basket, recipes: book, pantry: store as? any PantryStore,
      products: store as? any ProductStore, shops: store as? any ShopStore,
      staples: store as? any StapleStore, plan: store as? any PlanStore)
  }

  static func export(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.export)
    let destination = flags.positional[0]
    let book = try context.openRecipeBook(.existing)
    let counts: HouseholdExport.Counts
    do {
      counts = try HouseholdExport.write(stores(book), to: destination, now: context.clock.now)
    } catch let problem as HouseholdExport.Problem {
      context.err("basket: \(problem)\n")
      return 1
    }
    if flags.has("--json") {
      struct Written: Encodable {
        var path: String
        var counts: HouseholdExport.Counts
      }
      context.out(try JSONText.encode(Written(path: destination, counts: counts)) + "\n")
    } else {
      context.out(
        "Exported \(counts.text) to \(destination).\nIts README.md says what each file is.\n")
    }
    return 0
  }

  static func importExport(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.importExport)
    let source = flags.positional[0]
    if FileArgument.kind(of: source) == .missing {
      context.err("basket: there is nothing at \(source)\n")
      return 1
    }
    let book = try context.openRecipeBook(.createIfMissing)
    let imported: HouseholdExport.Imported
    do {
      imported = try HouseholdExport.read(
        from: source, into: stores(book), now: context.clock.now
      ) { path in
        do {
          return try RecipeLibraryImporter(book: { book }, units: context.configuration.units)
            .importLibrary(at: path, name: RecipeLibraryCommand.lastPart(of: path))
        } catch is LibraryImportError {
          return nil
        }
      }
    } catch let problem as HouseholdExport.Problem {
      context.err("basket: \(problem)\n")
      return 1
    }
    if flags.has("--json") {
      struct Added: Encodable {
        var added: HouseholdExport.Counts
        var alreadyThere: HouseholdExport.Counts
        @Nullable var recipes: LibraryImportSummary? = nil
      }
      context.out(
        try JSONText.encode(
          Added(
            added: imported.added, alreadyThere: imported.alreadyThere,
            recipes: imported.recipes)) + "\n")
      return 0
    }
    var text = "Imported from \(source): \(imported.added.text).\n"
    if imported.alreadyThere != HouseholdExport.Counts() {
      text += "Already here, left as they were: \(imported.alreadyThere.text).\n"
    }
    if let failed = imported.recipes?.failed, !failed.isEmpty {
      text += "Recipes not imported (\(failed.count)):\n"
      for failure in failed { text += "  \(failure.entry): \(failure.reason)\n" }
    }
    context.out(text)
    return 0
  }
}
