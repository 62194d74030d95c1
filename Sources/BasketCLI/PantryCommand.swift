import BasketKit
import BasketOCR

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `basket pantry …`: what the household has at home.
enum PantryCommand {
  // MARK: - Changing

  /// `pantry add NAME... [--code CODE] [--packages N] [--size AMOUNT] [--left AMOUNT]
  /// [--note TEXT] [--json]`: a name already there (or its code) gets the packages.
  static func add(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
    let options = try ArgumentOptions(arguments, spec: Spec.pantryAdd)
    let name = options.words.isEmpty ? nil : options.words.joined(separator: " ")
    let code = try options["--code"].map(barcode)
    guard name != nil || code != nil else {
      throw UsageError(message: "pantry add needs a name, or a --code named before")
    }
    // NB: the words read as the list reads them ("3 onions", "2 x 400 g chopped tomatoes");
    // the flags, when given, say exactly.
    var addition =
      name.map { PantryAddition(typed: $0, barcode: code, note: options["--note"]) }
      ?? PantryAddition(barcode: code, note: options["--note"])
    if let given = options["--packages"] { addition.packages = try packages(given) }
    if let given = options["--size"] { addition.packageSize = try amount(given) }
    if let given = options["--left"] { addition.amount = try amount(given) }
    let result = try PantryCommand.book(context, .createIfMissing).add(addition)
    if options.has("--json") {
      context.out(try JSONText.encode(AddJSON(result)) + "\n")
    } else {
      let entry = result.entry
      switch result.outcome {
      case .added: context.out("Added \(entry.name) to the pantry: \(entry.stockText).\n")
      case .merged: context.out("\(entry.name) is in the pantry: now \(entry.stockText).\n")
      }
    }
    return 0
  }

  struct AddJSON: Encodable {
    var outcome: String
    var entry: PantryJSON.Entry
    @Nullable var before: PantryJSON.Entry? = nil

    init(_ result: PantryAddResult) {
      outcome = result.outcome.rawValue
      entry = PantryJSON.Entry(result.entry)
      before = result.before.map(PantryJSON.Entry.init)
    }
  }

  /// `pantry edit ENTRY [--name NAME] [--code CODE | --no-code] [--packages N]
  /// [--size AMOUNT | --no-size] [--left AMOUNT | --no-left] [--note TEXT | --no-note] [--json]`
  static func edit(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
    let options = try ArgumentOptions(arguments, spec: Spec.pantryEdit)
    let name = try options.name(needing: "an entry: its number, name or code")
    let change = PantryEdit(
      name: options["--name"], barcode: try options.field("--code", clear: "--no-code", barcode),
      packages: try options["--packages"].map(packages),
      packageSize: try options.field("--size", clear: "--no-size", amount),
      left: try options.field("--left", clear: "--no-left", amount),
      note: try options.field("--note", clear: "--no-note") { $0 })
    guard change != PantryEdit() else {
      throw UsageError(
        message: "pantry edit needs a change: --name, --code, --packages, --size, --left or --note")
    }
    let entry = try book(context, .existing).edit(name, change)
    return try context.answer(
      PantryJSON.Entry(entry), json: options.has("--json"),
      text: "Changed \(entry.name): \(entry.stockText).\n")
  }

  /// `pantry use ENTRY AMOUNT | ENTRY --amount AMOUNT | ENTRY --up [--json]`: takes an amount
  /// out ("basket pantry use flour 200 g"), or uses the entry up.
  static func use(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
    let options = try ArgumentOptions(arguments, spec: Spec.pantryUse)
    var words = options.words
    var taken = try options["--amount"].map(amount)
    if taken == nil, !options.has("--up") {
      // The amount is the last word or two, when they read as one: "200 g", "200g", "2".
      for count in [2, 1] where words.count > count && taken == nil {
        if let read = try? PantryAmount.read(words.suffix(count).joined(separator: " ")) {
          taken = read
          words.removeLast(count)
        }
      }
      guard taken != nil else {
        throw UsageError(
          message: "pantry use needs an amount (basket pantry use flour 200 g) or --up")
      }
    } else if taken != nil, options.has("--up") {
      throw UsageError(message: "pantry use takes an amount or --up, not both")
    }
    guard !words.isEmpty else {
      throw UsageError(message: "pantry use needs an entry: its number, name or code")
    }
    let result = try book(context, .existing).use(words.joined(separator: " "), amount: taken)
    if options.has("--json") {
      context.out(try JSONText.encode(PantryJSON.Entry(result.entry)) + "\n")
    } else if let taken {
      let short =
        result.ranOut ? " (more than the pantry had: it is used up now)" : ""
      context.out(
        "Took \(KitchenAmountFormat.text(taken)) of \(result.entry.name): \(result.entry.stockText).\(short)\n"
      )
    } else {
      context.out("\(result.entry.name) is used up.\n")
    }
    return 0
  }

  /// `pantry remove ENTRY`
  static func remove(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.pantryRemove)
    let entry = try book(context, .existing).remove(flags.positional.joined(separator: " "))
    let code = entry.barcode.map { " (its code \($0.digits) keeps the name)" } ?? ""
    context.out("Removed \(entry.name) from the pantry\(code).\n")
    return 0
  }

  /// `pantry scan CODE [--add] [--name NAME] [--json]`: what a code is, and with `--add`
  /// a package of it in the pantry (a new code needs `--name`).
  static func scan(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
    let options = try ArgumentOptions(arguments, spec: Spec.pantryScan)
    guard !options.words.isEmpty else {
      throw UsageError(message: "pantry scan needs a code, or a photo of one")
    }
    let code =
      try photographed(options.words, context) ?? barcode(options.words.joined())
    if options.has("--add") {
      let result = try book(context, .createIfMissing).add(
        PantryAddition(name: options["--name"], barcode: code))
      if options.has("--json") {
        context.out(try JSONText.encode(AddJSON(result)) + "\n")
      } else {
        let entry = result.entry
        context.out(
          result.outcome == .added
            ? "Added \(entry.name) (\(code.digits)) to the pantry.\n"
            : "Added a package to \(entry.name): now \(entry.stockText).\n")
      }
      return 0
    }
    let scanned: PantryBook.Scan = try readStore(orFresh: .unknown) {
      try book(context, .existing).scan(code)
    }
    if options.has("--json") {
      struct ScanJSON: Encodable {
        var code: String
        var format: String
        var key: String
        @Nullable var entry: PantryJSON.Entry? = nil
        @Nullable var name: String? = nil
      }
      var json = ScanJSON(
        code: code.digits, format: code.format.rawValue, key: code.key, entry: nil, name: nil)
      switch scanned {
      case .inPantry(let entry):
        json.entry = PantryJSON.Entry(entry)
        json.name = entry.name
      case .named(let name): json.name = name
      case .unknown: break
      }
      context.out(try JSONText.encode(json) + "\n")
      return 0
    }
    let head = "\(code.digits) is a valid \(code.format.rawValue) code"
    switch scanned {
    case .inPantry(let entry):
      context.out(
        "\(head): \(entry.name), in the pantry (\(entry.stockText)).\n"
          + "Add a package to \(entry.name): basket pantry scan \(code.digits) --add\n")
    case .named(let name):
      context.out(
        "\(head): \(name) (named before), not in the pantry now.\n"
          + "Add it: basket pantry scan \(code.digits) --add\n")
    case .unknown:
      context.out(
        "\(head), new to this pantry. Name it as you add it:\n"
          + "  basket pantry scan \(code.digits) --add --name NAME\n")
    }
    return 0
  }

  // MARK: - Reading

  /// `pantry list [--json]`
  static func list(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.pantryList)
    let entries: [PantryEntry] = try readStore(orFresh: []) { try book(context, .existing).list() }
    printEntries(
      entries, json: flags.has("--json"),
      empty: "The pantry is empty. Add what you have: basket pantry add NAME", context: context)
    return 0
  }

  /// `pantry search TEXT... [--json]`
  static func search(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.pantrySearch)
    let text = flags.positional.joined(separator: " ")
    let book = try book(context, .existing)
    let all = try book.list()
    let found = try book.search(text)
    let numbers = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.id, $0 + 1) })
    printEntries(
      found, json: flags.has("--json"), empty: "Nothing in the pantry matches \"\(text)\".",
      numbers: numbers, context: context)
    return 0
  }

  /// `pantry show ENTRY [--json]`
  static func show(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.pantryShow)
    let entry = try book(context, .existing).find(flags.positional.joined(separator: " "))
    if flags.has("--json") {
      context.out(try JSONText.encode(PantryJSON.Entry(entry)) + "\n")
      return 0
    }
    let style = Style(context: context)
    var out = style.heading(entry.name) + "\n"
    out += "  stock:    \(entry.stockText)\n"
    if let size = entry.packageSize {
      out += "  package:  \(KitchenAmountFormat.text(size))\n"
    }
    if let onHand = entry.onHand, entry.left == nil {
      out += "  at home:  \(KitchenAmountFormat.text(onHand)) (\(entry.packages) × the package)\n"
    }
    if let code = entry.barcode {
      out += "  code:     \(code.digits) (\(code.format.rawValue))\n"
    }
    if let note = entry.note { out += "  note:     \(note)\n" }
    out += style.dim("  updated \(ISO8601.string(entry.updatedAt))") + "\n"
    context.out(out)
    return 0
  }

  private static func printEntries(
    _ entries: [PantryEntry], json: Bool, empty: String, numbers: [UUID: Int]? = nil,
    context: CommandContext
  ) {
    if json {
      context.out(((try? JSONText.encode(entries.map(PantryJSON.Entry.init))) ?? "[]") + "\n")
      return
    }
    guard !entries.isEmpty else {
      context.out(empty + "\n")
      return
    }
    let style = Style(context: context)
    let width = String(numbers?.values.max() ?? entries.count).count
    for (offset, entry) in entries.enumerated() {
      let number = String(numbers?[entry.id] ?? offset + 1)
      let padded = String(repeating: " ", count: max(0, width - number.count)) + number
      let stock = entry.isUsedUp ? style.dim("used up") : style.chip(entry.stockText)
      let code = entry.barcode.map { style.dim(" · \($0.digits)") } ?? ""
      let note = entry.note.map { style.dim(" · \($0)") } ?? ""
      context.out("\(padded). \(entry.name)  \(stock)\(code)\(note)\n")
    }
  }

  // MARK: - Wiring and reading values

  /// The pantry over the store `use` opens.
  static func book(_ context: CommandContext, _ use: StoreUse) throws -> PantryBook {
    try book(over: try context.openBasket(use))
  }

  /// The pantry over the store `basket` uses.
  static func book(over basket: Basket) throws -> PantryBook {
    guard let store = basket.store as? any PantryStore else {
      throw StoreError.failed("this store keeps no pantry")
    }
    return PantryBook(store: store, clock: basket.environment.clock, ids: basket.environment.ids)
  }

  /// The code on a photo, when `words` is one photo's path (zbar reads it); nil when it isn't
  /// a photo, so the words are a typed code.
  static func photographed(_ words: [String], _ context: CommandContext) throws -> Barcode? {
    guard words.count == 1, let path = words.first, FileArgument.kind(of: path) != .missing
    else { return nil }
    // A file named here is a photo to read, never a typed code: say what is wrong with it.
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let size = try FileArgument.readable(path, wanted: "a photo of the barcode")
    guard size > 0 else {
      throw InputError(message: "\(name) is empty; give a photo of the barcode")
    }
    guard PhotoFile.isPhoto(atPath: path) else {
      throw InputError(
        message: "\(name) is not a photo (JPEG, PNG, TIFF, WebP, GIF or BMP) of a barcode")
    }
    let scanned: ScannedCodes
    do {
      scanned = try BarcodeReader(searchPath: context.configuration.searchPath)
        .codes(photoAt: path)
    } catch let error as PhotoImportError {
      throw InputError(message: error.message)
    }
    do {
      return try scanned.onlyCode(onPhoto: name)
    } catch {
      throw InputError(message: error.description)
    }
  }

  static func barcode(_ text: String) throws -> Barcode {
    do {
      return try Barcode(text)
    } catch {
      throw InputError(message: "\"\(text.prefix(40))\" isn't a barcode: \(error)")
    }
  }

  static func amount(_ text: String) throws -> IngredientQuantity {
    try PantryAmount.read(text)
  }

  static func packages(_ text: String) throws -> Int {
    guard let value = Int(text), (0...PantryRules.maxPackages).contains(value) else {
      throw PantryError.badPackages(String(text.prefix(20)))
    }
    return value
  }
}

/// Input that can't be used, said plainly; exit status 1.
struct InputError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
