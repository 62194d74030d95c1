import BasketFetch
import BasketKit
import BasketOCR
import BasketRecipeImport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `basket recipe …`: import, parse, keep and shop for recipes. Each subcommand takes its
/// arguments and the context and returns the exit status, like the list commands.
enum RecipeCommand {
  // MARK: - Reading recipes

  /// `recipe import [FILE | URL | - | PHOTO...] [--json] [--save] [--allow-local]`
  static func importRecipe(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.recipeImport)
    let source = flags.positional.first ?? "-"
    if source == "-", flags.positional.isEmpty, context.stdinIsTerminal {
      throw UsageError(
        message: "recipe import needs a FILE, a web address, or - to read standard input")
    }
    if flags.positional.count == 1, RecipeLibraryImporter.isLibrary(source) {
      return try RecipeLibraryCommand.run(source, json: flags.has("--json"), context: context)
    }
    var recipe: Recipe
    var photo: PhotoRecipe?
    for path in flags.positional where FileArgument.kind(of: path) != .missing {
      try FileArgument.readable(path, wanted: "a saved page, a text file or photos")
    }
    let photos = flags.positional.filter(PhotoFile.isPhoto(atPath:))
    if !photos.isEmpty || flags.positional.count > 1 {
      guard photos.count == flags.positional.count else {
        throw UsageError(
          message: "recipe import reads one page or text file, or one or more photos; "
            + "\(flags.positional.first { !PhotoFile.isPhoto(atPath: $0) } ?? "") is not a photo")
      }
      let found = try PhotoRecipeImporter.recipe(
        photos: photos,
        tesseract: Tesseract(
          program: context.configuration.tesseractPath,
          searchPath: context.configuration.searchPath))
      photo = found
      recipe = found.recipe
    } else if WebAddressRules.isWebAddress(source) {
      recipe = try RecipeDocumentImporter.recipe(
        fromAddress: source, fetcher: PageFetcher(allowLocal: flags.has("--allow-local")),
        units: context.configuration.units)
    } else {
      let bytes = source == "-" ? context.readInput() : try RecipeFiles.read(source)
      recipe = try RecipeDocumentImporter.importDocument(
        bytes, from: source == "-" ? "standard input" : source,
        units: context.configuration.units)
    }
    let style = Style(context: context)
    if flags.has("--save") {
      recipe = try context.openRecipeBook(.createIfMissing).save(recipe)
    }
    if flags.has("--json") {
      if let photo {
        context.out(try JSONText.encode(PhotoRecipeJSON(recipe: recipe, photo: photo)) + "\n")
      } else {
        context.out(try JSONText.encode(recipe) + "\n")
      }
    } else {
      if let doubt = recipe.doubt { context.out(RecipePrinter.doubtNotice(doubt, style: style)) }
      context.out(RecipePrinter.recipe(recipe, style: style))
      if let doubt = recipe.doubt { context.out(RecipePrinter.pageText(doubt, style: style)) }
      if let photo { context.out(RecipePrinter.photoChecks(photo, style: style)) }
      if let id = recipe.id {
        let short = RecipePrinter.shortID(id)
        context.out(
          "\nSaved as \(short). 'basket recipe add \(short)' puts it on the list.\n")
      }
    }
    return 0
  }

  /// `recipe parse LINE... [--json]`
  static func parse(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.recipeParse)
    let lines = flags.positional.map(IngredientLineParser.parse)
    if flags.has("--json") {
      context.out(try JSONText.encode(lines) + "\n")
    } else {
      let style = Style(context: context)
      for line in lines { context.out(RecipePrinter.understanding(line, style: style)) }
    }
    return 0
  }

  /// `recipe list [--recent] [--json]`
  static func list(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.recipeList)
    let summaries: [RecipeSummary] = try readStore(orFresh: []) {
      let book = try context.openRecipeBook(.existing)
      return try flags.has("--recent") ? book.recent() : book.all()
    }
    printSummaries(
      summaries, json: flags.has("--json"),
      empty: "No saved recipes yet. 'basket recipe import FILE --save' keeps one.", context: context
    )
    return 0
  }

  /// `recipe search TEXT... [--json]`
  static func search(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.recipeSearch)
    let text = flags.positional.joined(separator: " ")
    let found = try context.openRecipeBook(.existing).search(text)
    printSummaries(
      found, json: flags.has("--json"), empty: "No saved recipe matches \"\(text)\".",
      context: context)
    return 0
  }

  /// `recipe show ID [--json]`: counts as opening it.
  static func show(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.recipeShow)
    let recipe = try context.openRecipeBook(.existing).open(
      flags.positional.joined(separator: " "))
    return try context.answer(
      recipe, json: flags.has("--json"),
      text: RecipePrinter.recipe(recipe, style: Style(context: context)))
  }

  /// `recipe remove ID`
  static func remove(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.recipeRemove)
    let removed = try context.openRecipeBook(.existing).remove(
      flags.positional.joined(separator: " "))
    context.out("Removed \(removed.title) from your recipes\n")
    return 0
  }

  // MARK: - Shopping

  /// `recipe add ID [--servings N | --yield N] [--skip NAME...] [--with NAME...] [--plain[=NAME]]
  /// [--json]`: `--skip` and `--with` take every argument after them up to the next option:
  /// names ("salt", "black pepper") or line numbers as `recipe show` numbers them. Tap water
  /// and optional lines are left out unless `--with` names them (`LeftOutLines`). `--plain`
  /// keeps every amount as the recipe wrote it instead of packs; `--plain=NAME` one line's.
  static func add(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let options = try ArgumentOptions(arguments, spec: Spec.recipeAdd)
    let servings = try options.all("--servings").map(servingsValue).last
    let yield = try options.all("--yield").map(yieldValue).last
    let reference = options.words
    guard !reference.isEmpty else {
      throw UsageError(message: "recipe add needs a recipe: its id or title")
    }
    let book = try context.openRecipeBook(.createIfMissing)
    let recipe = try book.open(reference.joined(separator: " "))
    if servings != nil, recipe.servings == nil {
      context.err(
        "basket: \(recipe.title) doesn't say how many it serves, so it can't be scaled; nothing was added\n"
      )
      return 1
    }
    if yield != nil, servings != nil {
      throw UsageError(message: "give --servings or --yield, not both")
    }
    if yield != nil, recipe.yield == nil {
      context.err(
        "basket: \(recipe.title) makes servings, not a yield of its own: use --servings; nothing was added\n"
      )
      return 1
    }
    let staples = try StaplesCommand.staples(of: book.basket)
    var skipped = RecipeSelection.standard(for: recipe, staples: staples).skipped
    for (option, verb) in [("--with", "add"), ("--skip", "skip")] {
      for name in options.all(option) {
        var lines: [Int] = []
        if let number = Int(name), (1...recipe.ingredients.count).contains(number) {
          lines = [number - 1]
        } else {
          lines = RecipeSelection.lines(named: name, in: recipe)
        }
        guard !lines.isEmpty else {
          context.err(
            "basket: \(recipe.title) has no ingredient \"\(name)\" to \(verb); nothing was added\n")
          return 1
        }
        if option == "--with" { skipped.subtract(lines) } else { skipped.formUnion(lines) }
      }
    }
    var plainLines: Set<Int> = []
    for name in options.all("--plain") {
      let lines =
        if let number = Int(name), (1...recipe.ingredients.count).contains(number) {
          [number - 1]
        } else {
          RecipeSelection.lines(named: name, in: recipe)
        }
      guard !lines.isEmpty else {
        context.err(
          "basket: \(recipe.title) has no ingredient \"\(name)\" to keep plain; nothing was added\n"
        )
        return 1
      }
      plainLines.formUnion(lines)
    }
    let selection = RecipeSelection(
      servings: servings, skipped: skipped,
      plainAmounts: options.has("--plain") ? .all : plainLines.isEmpty ? .none : .lines(plainLines),
      yield: yield)
    let results = try book.basket.add(recipe, selection: selection)
    let scaled = selection.scaled(recipe)
    if options.has("--json") {
      context.out(
        try JSONText.encode(
          RecipeAddJSON(
            recipe: scaled, servings: servings, results: results, basket: book.basket))
          + "\n")
    } else {
      context.out(
        RecipePrinter.added(
          scaled, servings: servings, results, staples: staples, style: Style(context: context)))
    }
    return 0
  }

  private static func yieldValue(_ text: String) throws -> Double {
    guard let value = Double(text), value > 0, value <= 100_000 else {
      throw UsageError(message: "--yield takes a number above 0, not \"\(text.prefix(20))\"")
    }
    return value
  }

  /// `--servings`'s number, read as every recipe command reads it.
  static func servingsValue(_ text: String) throws -> Int {
    guard let value = Int(text), (1...1000).contains(value) else {
      throw UsageError(
        message: "--servings takes a whole number from 1 to 1000, not \"\(text.prefix(20))\"")
    }
    return value
  }

  private static func printSummaries(
    _ summaries: [RecipeSummary], json: Bool, empty: String, context: CommandContext
  ) {
    if json {
      context.out(((try? JSONText.encode(summaries)) ?? "[]") + "\n")
      return
    }
    if summaries.isEmpty {
      context.out(empty + "\n")
      return
    }
    let style = Style(context: context)
    for summary in summaries { context.out(RecipePrinter.summary(summary, style: style)) }
  }
}

/// `recipe add --json`: what became of each line, and the item it touched.
struct RecipeAddJSON: Encodable {
  struct Line: Encodable {
    var index: Int
    var text: String
    var outcome: String
    @Nullable var merge: String? = nil
    @Nullable var reason: String? = nil
    @Nullable var before: String? = nil
    @Nullable var item: ListJSON.ItemJSON? = nil
  }

  var recipe: RecipeReference
  @Nullable var servings: Int? = nil
  /// What the lines make when that isn't servings: `{"amount", "unit"}`, or null.
  @Nullable var yield: YieldJSON? = nil
  var lines: [Line]

  struct YieldJSON: Encodable {
    var amount: Double
    var unit: String
  }

  init(recipe: Recipe, servings: Int?, results: [RecipeLineResult], basket: Basket) {
    self.recipe = RecipeReference(id: recipe.id, title: recipe.title)
    self.servings = servings ?? recipe.servings
    yield = recipe.yield.map { YieldJSON(amount: $0.measure, unit: $0.noun ?? "") }
    lines = results.map { result in
      Line(
        index: result.index, text: result.line.text, outcome: result.outcome.name,
        merge: result.outcome.merge?.rawValue, reason: result.outcome.reason,
        before: result.before,
        item: result.item.map { ListJSON.ItemJSON($0, category: basket.category(of: $0)) })
    }
  }
}

/// `recipe import PHOTO... --json`: the recipe's JSON, plus `ingredientRegions` beside
/// `ingredientGroups`: where each line stands in the photos (`page` counts from 0) and the
/// words Tesseract doubted; null for a line not traced to a photo.
struct PhotoRecipeJSON: Encodable {
  struct Region: Encodable {
    var page: Int
    var left: Int
    var top: Int
    var width: Int
    var height: Int
    var doubtfulWords: [String]
  }

  var recipe: Recipe
  var regions: [[Region?]]

  init(recipe: Recipe, photo: PhotoRecipe) {
    self.recipe = recipe
    regions = photo.ingredientSources.map { group in
      group.map { source in
        source.map {
          Region(
            page: $0.region.page, left: $0.region.box.left, top: $0.region.box.top,
            width: $0.region.box.width, height: $0.region.box.height,
            doubtfulWords: $0.doubtfulWords)
        }
      }
    }
  }

  private enum CodingKeys: String, CodingKey { case ingredientRegions }

  func encode(to encoder: any Encoder) throws {
    try recipe.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(regions, forKey: .ingredientRegions)
  }
}

/// Reading a recipe file from disk, refusing what can't be a page before reading it.
enum RecipeFiles {
  /// The largest file read: a saved page's limit (text files are held to less once read).
  static let maximumBytes = RecipeLimits.pageBytes

  static func read(_ path: String) throws -> [UInt8] {
    let size = try FileArgument.readable(path, wanted: "a saved page or a text file")
    try RecipeLimits.check(pageBytes: size, from: path)
    guard let data = FileManager.default.contents(atPath: path) else {
      throw RecipeFileError(message: "cannot read \(path)")
    }
    return Array(data)
  }
}

/// A file that can't be read as a recipe; exit status 1.
struct RecipeFileError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
