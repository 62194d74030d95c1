import BasketKit
import BasketOCR

/// The --help texts of `basket recipe` and its commands.
enum RecipeHelp {
  static let overview = """
    Usage: basket recipe COMMAND [ARGS...]

    Import recipes from saved web pages, web addresses or text, keep them, and put them
    on the list.

    Commands:
      import [FILE | URL | - | PHOTO...] [--json] [--save] [--allow-local]
                               read a recipe from a saved page, text or JSON file, a web
                               address, standard input, or photos of a recipe card; a
                               folder or archive imports a library (Paprika, Nextcloud
                               Cookbook, Mealie)
      parse LINE... [--json]   show how ingredient lines are understood
      list [--recent] [--json] your saved recipes (alias: ls)
      show RECIPE [--json]     one saved recipe
      search TEXT... [--json]  saved recipes by a word of the title or an ingredient
      remove RECIPE            remove a saved recipe (alias: rm)
      add RECIPE [--servings N | --yield N] [--skip NAME...] [--with NAME...] [--plain] [--json]
                               put a saved recipe's ingredients on the list
      coverage RECIPE [--servings N] [--add] [--json]
                               what the pantry covers, and buying only the rest
      cooked RECIPE [--servings N] [--yes]
                               take what you cooked out of the pantry

    RECIPE is a recipe's id (the first few characters are enough) or its title (a unique
    start is enough). 'basket recipe COMMAND --help' tells more.

    """

  static let mealPrep = """
    Usage: basket mealprep RECIPE... [--servings RECIPE=N] [--merge N] [--keep-apart N]
                           [--buy LINES] [--have LINES] [--with LINES] [--add] [--json]

    Plans the shopping for one to \(MealPlan.maximumRecipes) saved recipes at once. Their ingredients merge
    into one line only when they are surely the same food (the same name, or a known
    alias such as scallions and spring onions) in amounts that add up (one family of
    units, or mass and volume through a food's density). Every merged line shows where
    it came from ("3 onions: Chili ×2, Soup ×1"). Lines that may be the same food but
    aren't surely (2 onions and 200 g onion; onion and red onion) stay apart, marked ?N,
    until you answer with --merge N or --keep-apart N. Each line shows what the pantry
    covers, as 'basket recipe coverage' does; --add puts what is left to buy on the list,
    each item noting the recipes that asked for it. Tap water, what you always have
    (basket staples) and optional lines are left out, marked so, unless --with names them.

    RECIPE is a recipe's id (the first few characters are enough) or its title (a unique
    start is enough; quote a title with spaces).

      --servings RECIPE=N  cook RECIPE for N (1 to 1000); repeat for each recipe
      --merge N            join the lines of question ?N (repeat, or N,M)
      --keep-apart N       keep them apart, and stop asking
      --buy LINES          buy these plan lines in full, whatever the pantry holds
      --have LINES         skip these plan lines: you have them (LINES: 1,3)
      --with LINES         put left-out lines on after all (water, staples, optional)
      --add                put what is left to buy on the list
      --json               print the plan as JSON

    """

  static let plan = """
    Usage: basket plan [--week DATE] [--json]
           basket plan add RECIPE --on DATE [--servings N] [--json]
           basket plan remove ID | RECIPE --on DATE
           basket plan shop [--week DATE | --from DATE --to DATE] [meal prep's options]

    A week of meals: saved recipes on days. The week runs Monday to Sunday; DATE is
    YEAR-MONTH-DAY (2026-03-02), today or tomorrow, and --week DATE shows the week
    holding it (this week by default). Each meal shows the id that remove takes.
      add RECIPE --on DATE   plan a saved recipe on a day; --servings N (1 to \(PlanRules.maximumServings))
                             cooks it for N, else as the recipe is written. A day holds
                             \(PlanRules.maximumMealsADay) meals, each recipe once.
      remove ID              take a meal off the plan (ID: the start the plan shows)
      remove RECIPE --on DATE
                             take that recipe off that day
      shop                   shop for the week's meals (or --from DATE --to DATE, at most
                             \(PlanRules.maximumShopDays) days) as meal prep does: each recipe once, for the
                             servings of all its days together, lines merged only when
                             surely one food, with what the pantry covers. It takes
                             --merge N, --keep-apart N, --buy LINES, --have LINES,
                             --with LINES, --add and --json as 'basket mealprep' does.

    RECIPE is a recipe's id (the first few characters are enough) or its title (a unique
    start is enough). The plan is also a read-only calendar for Apple Calendar and
    Thunderbird: basket serve publishes it at /dav/plan/.

    """

  static func text(for topic: String) -> String {
    switch topic {
    case "recipe import":
      return """
        Usage: basket recipe import [FILE | FOLDER | ARCHIVE | URL | - | PHOTO...] [--json] [--save]
                                    [--allow-local]

        Reads a recipe and prints it. FILE is a saved web page (schema.org markup, or
        headings such as "Ingredients" and "Method") or text (a title, ingredients and a
        method, with or without headings); which one is told from its first bytes. - (or
        nothing, in a pipe) reads standard input. A URL (http or https) is fetched: at most
        \(WebAddressRules.maximumBytes / 1_000_000) MB in \(WebAddressRules.timeoutSeconds) s, following at most \(WebAddressRules.maximumRedirects) redirects; addresses
        on your own network or this machine are refused unless --allow-local is given.

        A JSON file is read as a schema.org Recipe (JSON-LD, as basket export writes them) or
        as one recipe of Paprika or Mealie. A FOLDER or an ARCHIVE is a whole library, saved
        recipe by recipe (each whole or not at all; one already saved is skipped) with a
        progress bar on a terminal and a summary of what was imported, skipped and why any
        was not: Paprika's .paprikarecipes, a Nextcloud Cookbook zip or folder, Mealie's
        backup zip, or a folder or zip of saved pages and JSON-LD files.

        PHOTO... are photos of a recipe card or book (JPEG, PNG, TIFF, WebP, GIF or BMP;
        at most \(PhotoFile.maximumPages), \(PhotoFile.maximumBytes >> 20) MB each), read in the order given with Tesseract
        (Debian's tesseract-ocr and tesseract-ocr-eng). Lines with a word Tesseract was
        unsure of are marked, with where to find them in the photo. HEIC is refused:
        send JPEG (iPhone: Settings → Camera → Formats → Most Compatible).

        --json          print the recipe as JSON
        --save          keep it in your recipes (see basket recipe list)
        --allow-local   allow fetching from this machine and your own network

        Exit status 1 when the file or page holds no recipe, or can't be read or fetched.

        """
    case "recipe parse":
      return """
        Usage: basket recipe parse LINE... [--json]

        Shows how each ingredient line is understood: amount or range, unit, name,
        preparation, note, optional, alternatives. --json prints an array of lines.

        """
    case "recipe list", "recipe ls":
      return """
        Usage: basket recipe list [--recent] [--json]

        Lists your saved recipes by title; --recent lists the ten opened most recently.

        """
    case "recipe show":
      return """
        Usage: basket recipe show RECIPE [--json]

        Prints a saved recipe with its ingredients numbered (the numbers 'recipe add
        --skip' takes). It counts as opening it.

        """
    case "recipe search":
      return """
        Usage: basket recipe search TEXT... [--json]

        Finds saved recipes where every word of TEXT starts a word of the title or of an
        ingredient ("tomato" finds "Tomatoes", "parm" finds "Parmesan"). Title matches
        come first.

        """
    case "recipe remove", "recipe rm":
      return """
        Usage: basket recipe remove RECIPE

        Removes a saved recipe. Items on the list keep its title.

        """
    case "recipe add":
      return """
        Usage: basket recipe add RECIPE [--servings N | --yield N] [--skip NAME...]
                                        [--with NAME...] [--plain[=NAME]] [--json]

        Puts the recipe's ingredients on the list. Each becomes an item or joins the one
        already there: amounts of the same kind add up (g with kg, ml with L, cups with
        spoons, ounces with pounds, counts with counts); weight and volume meet only
        through a food's known density, shown as "≈ 250 g, converted"; other amounts stay
        side by side. Every item remembers the recipe. Tap water and optional lines are
        left out unless --with names them. A cup or spoonful of something shops sell in
        packs is bought as packs, the need beside it ("1 bag (142 g) · recipe needs 3 cups
        ≈ 90 g"; "4 cups cooked rice" as the dry rice it takes), in US or UK sizes
        (BASKET_REGION).

        --servings N     scale every amount to N servings first
        --yield N        scale to N of the recipe's own yield ("36" of "24 cookies")
        --plain          keep every amount as the recipe wrote it, not as packs
        --plain=NAME     keep one ingredient's amount plain (by name or number; repeat)
        --skip NAME...   leave out ingredients by name or by the number 'recipe show'
                         gives them (several may follow one --skip)
        --with NAME...   add optional lines or water too, named the same way
        --json           print what became of each line as JSON

        """
    case "recipe coverage", "recipe cooked":
      return PantryHelp.text(for: topic)
    default:
      return overview
    }
  }
}
