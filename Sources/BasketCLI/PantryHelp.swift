/// The --help texts of `basket pantry`, `basket checkin`, `recipe coverage` and `recipe cooked`.
enum PantryHelp {
  static let overview = """
    Usage: basket pantry [COMMAND] [ARGS...]

    What you have at home: each entry has a name, an optional barcode, how many packages
    and their size, and how much is left. A name (or code) already in the pantry gets the
    packages instead of a second entry.

    Commands:
      list [--json]            everything in the pantry, numbered (the default; alias: ls)
      add NAME... [--code CODE] [--packages N] [--size AMOUNT] [--left AMOUNT] [--note TEXT]
                               add something, or more of something
      show ENTRY [--json]      one entry
      edit ENTRY [--name NAME] [--code CODE|--no-code] [--packages N]
           [--size AMOUNT|--no-size] [--left AMOUNT|--no-left] [--note TEXT|--no-note]
                               change an entry
      use ENTRY AMOUNT | ENTRY --amount AMOUNT | ENTRY --up
                               take an amount out ("basket pantry use flour 200 g"),
                               or use it up
      remove ENTRY             remove an entry (alias: rm); its code keeps its name
      scan CODE|PHOTO [--add] [--name NAME]
                               what a barcode is (typed, or read from a photo of it by
                               zbar); --add puts a package of it in
      search TEXT... [--json]  entries by a word of the name or note, or a code's digits

    ENTRY is the number 'pantry list' shows, a name (a unique start is enough) or a code.
    AMOUNT is a number and a unit: 500 g, 1.5 l, 1,5 kg, 2 cups, 3 cloves, or 6 to count.
    Barcodes are EAN-8, UPC-A, EAN-13 or GTIN-14, check digit verified; spaces and hyphens
    are ignored, and a UPC-A and its EAN-13 form (a leading 0) are the same product.
    There is no product database: a code is named by you, once, and remembered.
    See also: basket recipe coverage, basket recipe cooked, basket checkin.

    """

  static let checkin = """
    Usage: basket checkin [--accept-all | --skip-all | --later | --ask] [--all] [--json]

    After a shop: offers what you checked off (still in Got it) to the pantry, with its
    amount: things that came from recipes, and things already in the pantry (--all: every
    item). On a terminal it asks about each: [y]es, [e]dit the amount, [s]kip, [l]ater,
    [q]uit (the rest later). What you leave for later is offered again next time, even
    after it has left Got it.

      --accept-all   put every offer in the pantry
      --skip-all     drop every offer
      --later        only list them (also what happens in a pipe without a flag)
      --ask          ask about each, reading answers from standard input
      --all          offer every item checked off, not only recipe and pantry ones
      --json         {"decided": [...], "waiting": [...]}

    """

  static let coverage = """
    Usage: basket recipe coverage RECIPE [--servings N] [--buy LINES] [--have LINES]
                                  [--add] [--json]

    What the pantry already covers of a saved recipe, line by line:
      covered          the pantry has at least what the line needs
      partly covered   it has some: buy the rest, with the arithmetic shown
                       ("need 500 g, have 200 g → buy 300 g")
      maybe covered    it is in the pantry, but the amounts can't be compared (a count
                       against a weight, weight against volume for a food of unknown
                       density, or no amount recorded): bought in full unless you say
      not covered      not in the pantry, or used up
    Amounts convert by the unit table, and between weight and volume only through a
    food's known density. Nothing is guessed.

      --servings N   scale the recipe first
      --buy LINES    buy these lines in full whatever the pantry holds
      --have LINES   skip these lines: "I have it"
                     (LINES: numbers as 'recipe show' gives them, or names, comma-separated)
      --add          put what is left to buy on the list
      --json         the coverage (and, with --add, what became of each line) as JSON

    """

  static let cooked = """
    Usage: basket recipe cooked RECIPE [--servings N] [--yes] [--json]

    "I cooked this": shows what the recipe takes out of the pantry, and takes it out with
    --yes (on a terminal, it asks). Lines whose amounts can't be compared with the pantry's
    are left as they are.

    """

  static func text(for topic: String) -> String {
    switch topic {
    case "checkin": checkin
    case "recipe coverage": coverage
    case "recipe cooked": cooked
    default: overview
    }
  }
}
