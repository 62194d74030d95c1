import BasketOCR
import BasketWeb

/// Every command's description, in the order `basket --help` lists them.
enum Spec {
  static let all = commands.map { $0() }

  /// Every command, each made only when asked for. NB: so a start makes the specs up to the
  /// command it runs and no more (the list's own commands come first).
  private static let commands: [@Sendable () -> CommandSpec] = [
    { add }, { list }, { check }, { uncheck }, { rename }, { note }, { category }, { qty },
    { remove }, { clear }, { undo }, { suggest }, { usuals }, { emoji }, { lists }, { recipe },
    { pantry }, { checkin }, { staples }, { mealprep }, { plan }, { shop }, { product },
    { retailer }, { trip }, { tui }, { serve }, { invite }, { ca }, { backup }, { restore },
    { export }, { importExport }, { completion }, { help },
  ]

  /// The options every command takes, before or after it (read by `GlobalOptions`).
  static let globalFlags: [FlagSpec] = [
    FlagSpec("--store", .file, "use this store file (also: BASKET_STORE)"),
    FlagSpec("--list", .name, "use this list, not the household's first (also: BASKET_LIST)"),
    FlagSpec("--shop", .name, "check off in this shop this time, not the current one"),
    FlagSpec("--help", nil, "show help (after a command: that command's help)"),
    FlagSpec("--version", nil, "show the version"),
  ]

  /// The command `word` names (or an alias of it).
  static func command(_ word: String) -> CommandSpec? {
    commands.lazy.map { $0() }.first { $0.names.contains(word) }
  }

  // MARK: - The list

  static let add = CommandSpec(
    "add", summary: "add items",
    overview: [
      OverviewEntry(
        "add TEXT...", "add items; each argument or comma-separated part is one item,",
        "with an optional quantity: \"2 l milk\", \"milk 2l\", \"eggs x12\"")
    ],
    flags: [.json], positional: 1...Int.max, argument: .text, help: Help.add, run: Commands.add)

  static let list = CommandSpec(
    "list", aliases: ["ls"], summary: "show To get and Got it",
    overview: [
      OverviewEntry(
        "list [--json|--line]", "show To get and Got it (alias: ls); --line: one line for",
        "status bars; --by-category: To get under aisle headings")
    ],
    flags: [
      .json, FlagSpec("--line", nil, "one short line for status bars"),
      FlagSpec("--walking-order", nil, "To get in the order you walk the shop"),
      FlagSpec("--by-category", nil, "To get under aisle headings"),
    ], help: Help.list, run: Commands.list)

  static let check = CommandSpec(
    "check", summary: "check items off",
    overview: [
      OverviewEntry("check ITEM...", "check items off (ITEM: the number list shows, or a name;")
    ], positional: 1...Int.max, argument: .item, help: Help.check, run: Commands.check)

  static let uncheck = CommandSpec(
    "uncheck", summary: "put checked-off items back on the list",
    overview: [OverviewEntry("uncheck ITEM...", "a unique prefix is enough)")],
    positional: 1...Int.max, argument: .item, help: Help.uncheck, run: Commands.uncheck)

  static let rename = CommandSpec(
    "rename", summary: "rename an item",
    overview: [OverviewEntry("rename ITEM NEW NAME", "rename an item (its quantity resets)")],
    positional: 2...Int.max, argument: .item, help: Help.rename, run: Commands.rename)

  static let note = CommandSpec(
    "note", summary: "set or show an item's note",
    overview: [
      OverviewEntry(
        "note ITEM [TEXT...]", "set a note shown under the name (\"the big tub\");",
        "\"\" clears it, no TEXT shows it")
    ], flags: [.json], positional: 1...Int.max, argument: .item, help: Help.note,
    run: Commands.note)

  static let category = CommandSpec(
    "category", summary: "move an item to another aisle category",
    overview: [
      OverviewEntry(
        "category ITEM [CATEGORY]",
        "move an item to another aisle category (remembered for its",
        "name); no CATEGORY shows the one it is under")
    ], flags: [.json], positional: 1...2, argument: .item, help: Help.category,
    run: Commands.category)

  static let qty = CommandSpec(
    "qty", summary: "set or clear an item's quantity",
    overview: [
      OverviewEntry("qty ITEM AMOUNT [UNIT]", "set a quantity (units: ml, L, g, kg, units)"),
      OverviewEntry("qty ITEM --clear", "clear a quantity"),
    ], flags: [FlagSpec("--clear", nil, "clear the quantity")], positional: 1...3,
    argument: .item, help: Help.qty, run: Commands.qty)

  static let remove = CommandSpec(
    "remove", aliases: ["rm"], summary: "remove items",
    overview: [OverviewEntry("remove ITEM...", "remove items (alias: rm)")],
    positional: 1...Int.max, argument: .item, help: Help.remove, run: Commands.remove)

  static let clear = CommandSpec(
    "clear", summary: "empty Got it",
    overview: [OverviewEntry("clear", "empty Got it (undoable for a few seconds)")],
    help: Help.clear, run: Commands.clear)

  static let undo = CommandSpec(
    "undo", summary: "undo the last clear",
    overview: [OverviewEntry("undo", "undo the last clear")],
    help: Help.undo, run: Commands.undo)

  static let suggest = CommandSpec(
    "suggest", summary: "suggestions for what you are typing",
    overview: [OverviewEntry("suggest PREFIX [--json]", "suggestions for what you are typing")],
    flags: [.json], positional: 1...Int.max, argument: .text, help: Help.suggest,
    run: Commands.suggest)

  static let usuals = CommandSpec(
    "usuals", summary: "your usual items",
    overview: [OverviewEntry("usuals [--json]", "your usual items")], flags: [.json],
    help: Help.usuals, run: Commands.usuals)

  static let emoji = CommandSpec(
    "emoji", summary: "the emoji Basket picks for a name",
    overview: [
      OverviewEntry("emoji NAME... [--json]", "the emoji Basket picks for a name, and why")
    ],
    flags: [.json], positional: 1...Int.max, argument: .text, help: Help.emoji, run: Commands.emoji)

  // MARK: - Lists

  static let lists = CommandSpec(
    "lists", summary: "the household's lists",
    overview: [
      OverviewEntry(
        "lists [COMMAND]", "the household's lists (Groceries, Hardware, Party…): add,",
        "rename, move, remove, restore (see basket lists --help)")
    ], flags: [.json],
    subcommands: [listsList, listsAdd, listsRename, listsMove, listsRemove, listsRestore],
    help: Help.lists, run: ListsCommand.show)
  static let listsList = CommandSpec(
    "lists list", aliases: ["ls"], summary: "the lists with their counts", flags: [.json],
    run: ListsCommand.show)
  static let listsAdd = CommandSpec(
    "lists add", summary: "a new, empty list", positional: 1...Int.max, argument: .text,
    run: ListsCommand.add)
  static let listsRename = CommandSpec(
    "lists rename", summary: "rename a list", positional: 2...2, argument: .name,
    run: ListsCommand.rename)
  static let listsMove = CommandSpec(
    "lists move", summary: "put a list at another place", positional: 2...2, argument: .name,
    run: ListsCommand.move)
  static let listsRemove = CommandSpec(
    "lists remove", aliases: ["rm"], summary: "remove a list", positional: 1...Int.max,
    argument: .name, run: ListsCommand.remove)
  static let listsRestore = CommandSpec(
    "lists restore", summary: "bring a removed list back", positional: 1...Int.max,
    argument: .name, run: ListsCommand.restore)

  // MARK: - Recipes

  static let recipe = CommandSpec(
    "recipe", summary: "import, read and keep recipes, and shop for them",
    overview: [
      OverviewEntry(
        "recipe COMMAND", "import, read and keep recipes, and shop for them",
        "(see basket recipe --help)")
    ],
    subcommands: [
      recipeImport, recipeParse, recipeList, recipeShow, recipeSearch, recipeRemove, recipeAdd,
      recipeCoverage, recipeCooked,
    ], help: RecipeHelp.overview)
  static let recipeImport = CommandSpec(
    "recipe import", summary: "read a recipe from a file, a web address or photos",
    flags: [
      .json, FlagSpec("--save", nil, "keep it in your recipes"),
      FlagSpec("--allow-local", nil, "allow an address on this machine or network"),
    ], positional: 0...PhotoFile.maximumPages, argument: .file,
    help: RecipeHelp.text(for: "recipe import"), run: RecipeCommand.importRecipe)
  static let recipeParse = CommandSpec(
    "recipe parse", summary: "show how ingredient lines are understood", flags: [.json],
    positional: 1...Int.max, argument: .text, help: RecipeHelp.text(for: "recipe parse"),
    run: RecipeCommand.parse)
  static let recipeList = CommandSpec(
    "recipe list", aliases: ["ls"], summary: "your saved recipes",
    flags: [.json, FlagSpec("--recent", nil, "the ones opened lately first")],
    help: RecipeHelp.text(for: "recipe list"), run: RecipeCommand.list)
  static let recipeShow = CommandSpec(
    "recipe show", summary: "one saved recipe", flags: [.json], positional: 1...Int.max,
    argument: .recipe, help: RecipeHelp.text(for: "recipe show"), run: RecipeCommand.show)
  static let recipeSearch = CommandSpec(
    "recipe search", summary: "saved recipes by a word", flags: [.json], positional: 1...Int.max,
    argument: .text, help: RecipeHelp.text(for: "recipe search"), run: RecipeCommand.search)
  static let recipeRemove = CommandSpec(
    "recipe remove", aliases: ["rm"], summary: "remove a saved recipe", positional: 1...Int.max,
    argument: .recipe, help: RecipeHelp.text(for: "recipe remove"), run: RecipeCommand.remove)
  static let recipeAdd = CommandSpec(
    "recipe add", summary: "put a saved recipe's ingredients on the list",
    flags: [
      .json, FlagSpec("--servings", .number, "scale to this many servings"),
      FlagSpec("--yield", .number, "scale to this yield"),
      FlagSpec("--skip", .text, "leave these ingredients off", takes: .words),
      FlagSpec("--with", .text, "put these staples on anyway", takes: .words),
      FlagSpec("--plain", .text, "add the ingredients as written", takes: .optionalValue),
    ], positional: 1...Int.max, argument: .recipe, help: RecipeHelp.text(for: "recipe add"),
    run: RecipeCommand.add)
  static let recipeCoverage = CommandSpec(
    "recipe coverage", summary: "what the pantry covers of a recipe",
    flags: [
      .json, FlagSpec("--add", nil, "put the rest on the list"),
      FlagSpec("--servings", .number, "scale to this many servings"),
      FlagSpec("--buy", .text, "lines to buy anyway"), FlagSpec("--have", .text, "lines you have"),
    ], positional: 1...Int.max, argument: .recipe, help: PantryHelp.coverage,
    run: PantryRecipeCommands.coverage)
  static let recipeCooked = CommandSpec(
    "recipe cooked", summary: "take what you cooked out of the pantry",
    flags: [
      .json, FlagSpec("--yes", nil, "take it out without asking"),
      FlagSpec("--servings", .number, "scale to this many servings"),
    ], positional: 1...Int.max, argument: .recipe, help: PantryHelp.cooked,
    run: PantryRecipeCommands.cooked)

  // MARK: - Pantry and staples

  static let pantry = CommandSpec(
    "pantry", summary: "what you have at home",
    overview: [
      OverviewEntry(
        "pantry [COMMAND]", "what you have at home: add, list, show, edit, use, remove,",
        "scan CODE (see basket pantry --help)")
    ], flags: [.json],
    subcommands: [
      pantryAdd, pantryList, pantryShow, pantryEdit, pantryUse, pantryRemove, pantryScan,
      pantrySearch,
    ], help: PantryHelp.overview, run: PantryCommand.list)
  static let pantryAmounts: [FlagSpec] = [
    FlagSpec("--code", .number, "its barcode"),
    FlagSpec("--packages", .number, "how many packages"),
    FlagSpec("--size", .text, "one package's size"), FlagSpec("--left", .text, "how much is left"),
    FlagSpec("--note", .text, "a note"),
  ]
  static let pantryAdd = CommandSpec(
    "pantry add", summary: "add something you have", flags: [.json] + pantryAmounts,
    positional: 0...Int.max, argument: .text, run: PantryCommand.add)
  static let pantryList = CommandSpec(
    "pantry list", aliases: ["ls"], summary: "everything in the pantry", flags: [.json],
    run: PantryCommand.list)
  static let pantryShow = CommandSpec(
    "pantry show", summary: "one pantry entry", flags: [.json], positional: 1...Int.max,
    argument: .name, run: PantryCommand.show)
  static let pantryEdit = CommandSpec(
    "pantry edit", summary: "change a pantry entry",
    flags: [.json, FlagSpec("--name", .text, "a new name")] + pantryAmounts
      + ["--no-code", "--no-size", "--no-left", "--no-note"].map {
        FlagSpec($0, nil, "clear it")
      }, positional: 1...Int.max, argument: .name, run: PantryCommand.edit)
  static let pantryUse = CommandSpec(
    "pantry use", summary: "use some of an entry",
    flags: [
      .json, FlagSpec("--up", nil, "use it all"),
      FlagSpec("--amount", .text, "how much was used"),
    ], positional: 1...Int.max, argument: .name, run: PantryCommand.use)
  static let pantryRemove = CommandSpec(
    "pantry remove", aliases: ["rm"], summary: "remove an entry", positional: 1...Int.max,
    argument: .name, run: PantryCommand.remove)
  static let pantryScan = CommandSpec(
    "pantry scan", summary: "look up a barcode, or a photo of one",
    flags: [
      .json, FlagSpec("--add", nil, "add it to the pantry"),
      FlagSpec("--name", .text, "the name for a new code"),
    ], positional: 1...Int.max, argument: .file, run: PantryCommand.scan)
  static let pantrySearch = CommandSpec(
    "pantry search", summary: "pantry entries by a word", flags: [.json],
    positional: 1...Int.max, argument: .text, run: PantryCommand.search)

  static let checkin = CommandSpec(
    "checkin", summary: "put what you bought into the pantry",
    overview: [OverviewEntry("checkin", "after a shop, put what you bought into the pantry")],
    flags: [
      .json, FlagSpec("--accept-all", nil, "take every suggestion"),
      FlagSpec("--skip-all", nil, "put nothing in"),
      FlagSpec("--later", nil, "keep them for later"), FlagSpec("--all", nil, "every item"),
      FlagSpec("--ask", nil, "ask about each"),
    ], help: PantryHelp.checkin, run: CheckinCommand.run)

  static let staples = CommandSpec(
    "staples", summary: "what you always have",
    overview: [
      OverviewEntry(
        "staples [add|remove NAME...]", "what you always have (salt, pepper, oil): recipes leave",
        "it off the list unless you choose it")
    ], flags: [.json], subcommands: [staplesList, staplesAdd, staplesRemove],
    help: Help.staples, run: StaplesCommand.list)
  static let staplesList = CommandSpec(
    "staples list", aliases: ["ls"], summary: "the staples", flags: [.json],
    run: StaplesCommand.list)
  static let staplesAdd = CommandSpec(
    "staples add", summary: "add staples", flags: [.json], positional: 1...Int.max,
    argument: .text, run: StaplesCommand.add)
  static let staplesRemove = CommandSpec(
    "staples remove", aliases: ["rm"], summary: "remove staples", flags: [.json],
    positional: 1...Int.max, argument: .name, run: StaplesCommand.remove)

  // MARK: - Meal prep and the plan

  /// The choices meal prep and the plan's shopping take over the merged plan.
  static let planChoices: [FlagSpec] = [
    FlagSpec("--merge", .number, "merge these lines"),
    FlagSpec("--keep-apart", .number, "keep these lines apart"),
    FlagSpec("--buy", .text, "lines to buy anyway"), FlagSpec("--have", .text, "lines you have"),
    FlagSpec("--with", .text, "staples to buy anyway"),
  ]

  static let mealprep = CommandSpec(
    "mealprep", summary: "recipes as one shopping plan",
    overview: [
      OverviewEntry(
        "mealprep RECIPE...", "one to five recipes as one shopping plan, merged, with what",
        "the pantry covers (see basket mealprep --help)")
    ],
    flags: [
      .json, FlagSpec("--add", nil, "put the plan on the list"),
      FlagSpec("--servings", .text, "RECIPE=N servings"),
    ] + planChoices, positional: 0...Int.max, argument: .recipe, help: RecipeHelp.mealPrep,
    run: MealPrepCommand.run)

  static let plan = CommandSpec(
    "plan", summary: "a week of meals",
    overview: [
      OverviewEntry(
        "plan [COMMAND]", "a week of meals: add RECIPE --on DATE, remove, shop the",
        "week's recipes (see basket plan --help)")
    ], flags: [.json, FlagSpec("--week", .date, "a day of the week to show")],
    subcommands: [planShow, planAdd, planRemove, planShop], help: RecipeHelp.plan,
    run: PlanCommand.show)
  static let planShow = CommandSpec(
    "plan show", aliases: ["week"], summary: "the week's meals",
    flags: [.json, FlagSpec("--week", .date, "a day of the week to show")], run: PlanCommand.show)
  static let planAdd = CommandSpec(
    "plan add", summary: "plan a recipe on a day",
    flags: [
      .json, FlagSpec("--on", .date, "the day"),
      FlagSpec("--servings", .number, "how many servings"),
    ], positional: 0...Int.max, argument: .recipe, run: PlanCommand.add)
  static let planRemove = CommandSpec(
    "plan remove", aliases: ["rm"], summary: "take a meal off the plan",
    flags: [.json, FlagSpec("--on", .date, "the day")], positional: 0...Int.max,
    argument: .recipe, run: PlanCommand.remove)
  static let planShop = CommandSpec(
    "plan shop", summary: "shop for the planned recipes",
    flags: [
      .json, FlagSpec("--add", nil, "put the plan on the list"),
      FlagSpec("--week", .date, "a day of the week"), FlagSpec("--from", .date, "the first day"),
      FlagSpec("--to", .date, "the last day"),
    ] + planChoices, run: PlanCommand.shop)

  // MARK: - Shops, products and trips

  static let shop = CommandSpec(
    "shop", summary: "the shops you buy at",
    overview: [
      OverviewEntry(
        "shop [add|use|leave|rename|remove NAME]",
        "the shops you buy at; the list learns each one's walking",
        "order from the order you check things off there")
    ], subcommands: [shopList, shopAdd, shopUse, shopLeave, shopRename, shopRemove],
    help: Help.shop, run: ShopCommand.list)
  static let shopList = CommandSpec(
    "shop list", aliases: ["ls"], summary: "every shop, the current one marked", flags: [.json],
    run: ShopCommand.list)
  static let shopAdd = CommandSpec(
    "shop add", summary: "add a shop", positional: 1...Int.max, argument: .text,
    run: ShopCommand.add)
  static let shopUse = CommandSpec(
    "shop use", summary: "make a shop current", positional: 1...Int.max, argument: .name,
    run: ShopCommand.use)
  static let shopLeave = CommandSpec(
    "shop leave", summary: "no current shop", run: ShopCommand.leave)
  static let shopRename = CommandSpec(
    "shop rename", summary: "rename a shop", positional: 2...2, argument: .name,
    run: ShopCommand.rename)
  static let shopRemove = CommandSpec(
    "shop remove", aliases: ["rm"], summary: "remove a shop", positional: 1...Int.max,
    argument: .name, run: ShopCommand.remove)

  /// What a product is, for `product add` and `product edit`.
  static let productFields: [FlagSpec] = [
    FlagSpec("--alias", .text, "another name"), FlagSpec("--code", .number, "its barcode"),
    FlagSpec("--size", .text, "its size"), FlagSpec("--at", .text, "the retailer"),
    FlagSpec("--page", .text, "its page's address"), FlagSpec("--price", .text, "its price"),
    FlagSpec("--diet", .text, "a diet it fits"), FlagSpec("--organic", nil, "it is organic"),
    FlagSpec("--store-brand", nil, "it is the store's own brand"),
  ]

  static let product = CommandSpec(
    "product", summary: "the products you buy",
    overview: [
      OverviewEntry(
        "product [COMMAND]", "the products you buy: add, list, show, edit, remove",
        "(see basket product --help)")
    ], flags: [.json],
    subcommands: [productAdd, productList, productShow, productEdit, productRemove],
    help: TripHelp.product, run: ProductCommand.list)
  static let productAdd = CommandSpec(
    "product add", summary: "add a product", flags: [.json] + productFields,
    positional: 0...Int.max, argument: .text, run: ProductCommand.add)
  static let productList = CommandSpec(
    "product list", aliases: ["ls"], summary: "your products", flags: [.json],
    run: ProductCommand.list)
  static let productShow = CommandSpec(
    "product show", summary: "one product", flags: [.json], positional: 0...Int.max,
    argument: .name, run: ProductCommand.show)
  static let productEdit = CommandSpec(
    "product edit", summary: "change a product",
    flags: [.json, FlagSpec("--name", .text, "a new name")] + productFields
      + [
        FlagSpec("--no-alias", .text, "drop an alias"), FlagSpec("--no-diet", .text, "drop a diet"),
      ]
      + [
        "--no-code", "--no-size", "--anywhere", "--no-page", "--no-price", "--not-organic",
        "--not-store-brand",
      ].map { FlagSpec($0, nil, "clear it") }, positional: 0...Int.max, argument: .name,
    run: ProductCommand.edit)
  static let productRemove = CommandSpec(
    "product remove", aliases: ["rm"], summary: "remove a product", positional: 0...Int.max,
    argument: .name, run: ProductCommand.remove)

  static let retailer = CommandSpec(
    "retailer", summary: "retailers to search",
    overview: [
      OverviewEntry("retailer [add|remove]", "retailers to search: Walmart, Target, and your own")
    ], flags: [.json], subcommands: [retailerList, retailerAdd, retailerRemove],
    help: TripHelp.retailer, run: ProductCommand.retailers)
  static let retailerList = CommandSpec(
    "retailer list", aliases: ["ls"], summary: "the retailers", flags: [.json],
    run: ProductCommand.retailers)
  static let retailerAdd = CommandSpec(
    "retailer add", summary: "add a retailer", positional: 0...Int.max, argument: .text,
    run: ProductCommand.addRetailer)
  static let retailerRemove = CommandSpec(
    "retailer remove", aliases: ["rm"], summary: "remove a retailer", positional: 0...Int.max,
    argument: .name, run: ProductCommand.removeRetailer)

  static let trip = CommandSpec(
    "trip", summary: "a Shopping Trip, one item at a time",
    overview: [
      OverviewEntry(
        "trip [COMMAND]", "a Shopping Trip, one item at a time: start, next, got,",
        "skip, pause, resume, end (see basket trip --help)")
    ], flags: [.json],
    subcommands: [
      tripStart, tripStatus, tripNext, tripGot, tripSkip, tripAccept, tripReplace, tripPause,
      tripResume, tripEnd,
    ], help: TripHelp.trip, run: TripCommand.status)
  static let tripStart = CommandSpec(
    "trip start", summary: "start a trip",
    flags: [
      .json, FlagSpec("--organic", nil, "prefer organic"),
      FlagSpec("--cheapest", nil, "prefer the cheapest"),
      FlagSpec("--store-brand", nil, "prefer the store's brand"),
      FlagSpec("--retailer", .name, "search this retailer"),
      FlagSpec("--diet", .text, "a diet to keep"),
    ], run: TripCommand.start)
  static let tripStatus = CommandSpec(
    "trip status", summary: "where the trip is", flags: [.json], run: TripCommand.status)
  /// NB: the steps' types are written out, as each one's handler is handed the step itself.
  static let tripNext: CommandSpec = CommandSpec(
    "trip next", summary: "move on without checking off", flags: [.json],
    run: { try TripCommand.simple(tripNext, $0, $1) })
  static let tripGot: CommandSpec = CommandSpec(
    "trip got", summary: "check off and move on", flags: [.json],
    run: { try TripCommand.simple(tripGot, $0, $1) })
  static let tripSkip: CommandSpec = CommandSpec(
    "trip skip", summary: "skip this item", flags: [.json],
    run: { try TripCommand.simple(tripSkip, $0, $1) })
  static let tripAccept: CommandSpec = CommandSpec(
    "trip accept", summary: "accept the suggestion",
    flags: [.json, FlagSpec("--searches", nil, "accept the searches too")],
    run: { try TripCommand.simple(tripAccept, $0, $1) })
  static let tripReplace = CommandSpec(
    "trip replace", summary: "choose another product",
    flags: [
      .json, FlagSpec("--make", nil, "make a new product"),
      FlagSpec("--size", .text, "its size"),
    ], positional: 0...Int.max, argument: .name, run: TripCommand.replace)
  static let tripPause: CommandSpec = CommandSpec(
    "trip pause", summary: "pause the trip", flags: [.json],
    run: { try TripCommand.simple(tripPause, $0, $1) })
  static let tripResume: CommandSpec = CommandSpec(
    "trip resume", summary: "resume the trip", flags: [.json],
    run: { try TripCommand.simple(tripResume, $0, $1) })
  static let tripEnd = CommandSpec(
    "trip end", summary: "end the trip", flags: [.json], run: TripCommand.end)

  // MARK: - Faces and the household

  static let tui = CommandSpec(
    "tui", summary: "the interactive terminal app",
    overview: [OverviewEntry("tui", "the interactive terminal app (also: basket, on a terminal)")],
    flags: [
      FlagSpec("--reduce-motion", nil, "calm animations"),
      FlagSpec("--emoji", .choice(["modern", "compatible"]), "which emoji to draw"),
    ], help: Help.tui, run: runTUI)

  /// NB: read by `ServeOptions` in BasketWeb, whose lists these are.
  static let serve = CommandSpec(
    "serve", summary: "serve the web app to your household",
    overview: [
      OverviewEntry("serve", "serve the web app to your household (see basket serve --help)")
    ],
    flags: (ServeOptions.flagOptions.sorted() + ["--show-pairing-link"]).map { FlagSpec($0) }
      + ServeOptions.valueOptions.sorted().map {
        FlagSpec($0, ["--tls-cert", "--tls-key"].contains($0) ? .file : .text)
      }, help: ServeOptions.help, run: runServe)

  static let invite = CommandSpec(
    "invite", summary: "a one-time invitation for a phone",
    overview: [
      OverviewEntry("invite [--json]", "a one-time invitation for a phone: a link and a QR code")
    ], flags: [.json], help: InviteCommand.help, run: InviteCommand.run)

  static let ca = CommandSpec(
    "ca", summary: "the household's certificate authority",
    overview: [
      OverviewEntry(
        "ca [show|replace]", "the household's certificate authority (see basket ca --help)")
    ], flags: [.json], subcommands: [caShow, caReplace], help: CACommand.help, run: CACommand.show)
  static let caShow = CommandSpec(
    "ca show", summary: "the authority and its fingerprint", flags: [.json], run: CACommand.show)
  static let caReplace = CommandSpec(
    "ca replace", summary: "make a new authority",
    flags: [
      FlagSpec("--yes", nil, "go ahead"),
      FlagSpec("--name", .text, "a host name it may vouch for"),
    ], run: CACommand.replace)

  static let backup = CommandSpec(
    "backup", summary: "a consistent copy of the store",
    overview: [
      OverviewEntry(
        "backup [FILE]", "a consistent copy of the store, secret and authority (while",
        "serve runs); restore FILE puts one back (see basket backup --help)")
    ], flags: [.json], positional: 0...1, argument: .file, help: BackupCommand.help,
    run: BackupCommand.backup)
  static let restore = CommandSpec(
    "restore", summary: "put a backup back", flags: [.json], positional: 1...1, argument: .file,
    help: BackupCommand.help, run: BackupCommand.restore)

  static let export = CommandSpec(
    "export", summary: "everything in open formats",
    overview: [
      OverviewEntry(
        "export DIR|FILE.zip", "everything in open formats (JSON, text, schema.org recipes);",
        "import DIR|FILE.zip reads one back (see basket export --help)")
    ], flags: [.json], positional: 1...1, argument: .file, help: ExportCommand.help,
    run: ExportCommand.export)
  static let importExport = CommandSpec(
    "import", summary: "read an export back", flags: [.json], positional: 1...1,
    argument: .file, help: ExportCommand.help, run: ExportCommand.importExport)

  static let completion = CommandSpec(
    "completion", summary: "a shell completion script",
    overview: [
      OverviewEntry("completion SHELL", "a completion script for bash, zsh or fish")
    ], positional: 1...1, argument: .choice(Completion.shells),
    help: """
      Usage: basket completion bash|zsh|fish

      Prints a script that completes basket's commands, subcommands and flags in SHELL.
        bash   source <(basket completion bash)   (or save it in
               ~/.local/share/bash-completion/completions/basket)
        zsh    basket completion zsh > "${fpath[1]}/_basket"
        fish   basket completion fish > ~/.config/fish/completions/basket.fish

      """)

  static let help = CommandSpec(
    "help", summary: "show help for a command", positional: 0...2, argument: .text)
}
