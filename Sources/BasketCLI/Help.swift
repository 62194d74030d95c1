import BasketKit
import BasketWeb

/// The --help texts. Kept together so the usage contract reads in one place.
enum Help {
  /// `basket --help`: the commands' table and the options, made from their specs.
  static let overview: String = {
    var text = """
      basket: a friendly shopping list

      Usage: basket [COMMAND] [ARGS...] [--store PATH]

      Commands:

      """
    for entry in Spec.all.flatMap(\.overview) {
      text += row(entry.synopsis, entry.summary)
    }
    text += "\nOptions (before or after the command):\n"
    for flag in Spec.globalFlags {
      text += row(flag.name + (flag.value.map { " " + placeholder($0) } ?? ""), [flag.summary])
    }
    text += row("--", ["end of options: basket add -- --odd-name"])
    return text + "\n" + environment
  }()

  /// The overview's environment variables.
  private static let environment = """
    Environment:
      BASKET_STORE             the store file (default: $XDG_DATA_HOME/basket/basket.sqlite,
                               else $HOME/.local/share/basket/basket.sqlite)
      BASKET_NOW               pin the clock to an ISO 8601 time (tests and demos)
      NO_COLOR                 plain output without colour (so does TERM=dumb)
      COLORTERM                truecolor or 24bit: full colour in the terminal app
      BASKET_REDUCE_MOTION     1: calm animations in the terminal app
      BASKET_SECRET            the household secret for basket serve
      BASKET_EMOJI             modern or compatible: which emoji the terminal app draws
      BASKET_REGION            us or uk: whose pack sizes recipe amounts are bought in
                               (default: from LC_ALL, LC_MEASUREMENT or LANG, else us)

    """

  /// One row of a two-column table: `left` padded to the second column, or on a line of its
  /// own when it is too long; `right` one line each, under the second column.
  static func row(_ left: String, _ right: [String]) -> String {
    let column = 24
    let indent = String(repeating: " ", count: column + 3)
    guard left.count <= column else {
      return "  \(left)\n" + right.map { indent + $0 + "\n" }.joined()
    }
    let first = "  " + left + String(repeating: " ", count: column - left.count) + " "
    return zip([first] + Array(repeating: indent, count: max(right.count - 1, 0)), right)
      .map { $0 + $1 + "\n" }.joined()
  }

  /// How a flag's value is written in help: `--store PATH`, `--list NAME`.
  private static func placeholder(_ kind: ValueKind) -> String {
    switch kind {
    case .file: "PATH"
    case .directory: "DIR"
    case .name: "NAME"
    case .date: "DATE"
    case .number: "N"
    default: "VALUE"
    }
  }

  /// The help for `topic` ("add", "recipe import"): the command's, a subcommand's, or its
  /// parent's when the subcommand has none of its own; nil for no such command.
  static func text(for topic: String?) -> String? {
    guard let topic else { return nil }
    let words = topic.split(separator: " ").map(String.init)
    guard let command = words.first.flatMap(Spec.command) else { return nil }
    if let word = words.dropFirst().first, let subcommand = command.subcommand(word),
      let help = subcommand.help
    {
      return help
    }
    return command.help
  }

  static let tui = """
    Usage: basket tui [--reduce-motion] [--emoji=modern|compatible]

    Opens the interactive terminal app (bare `basket` does too, on a terminal).
    Typing always goes to the add bar; Enter adds. ↑ ↓ select an item, Space ticks it
    off or restores it, Ctrl-Q sets its amount, Ctrl-R renames it, Ctrl-N writes its note,
    Ctrl-K clears Got it and Ctrl-Z undoes that. Ctrl-G shows To get in the current shop's walking order, where
    Alt-↑ ↓ move an item (and teach the shop). Press ? in the app for every key; Ctrl-C quits.

    Options:
      --reduce-motion   calm animations instead of sparks and confetti
                        (also: BASKET_REDUCE_MOTION=1)
      --emoji=MODE      modern draws every emoji; compatible shows an older one
                        for emoji newer than Emoji 12.0 (also: BASKET_EMOJI=MODE;
                        default: modern in kitty, WezTerm and Ghostty, else compatible)
      --help            show this help

    Colours follow COLORTERM (truecolor or 24bit for full colour) and NO_COLOR.

    """

  static let lists = """
    Usage: basket lists [list [--json] | add NAME | rename OLD NEW | move NAME PLACE |
                        remove NAME | restore NAME]

    The household's lists, each with its own To get and Got it; suggestions, emoji,
    shops and the pantry are shared. Every list command (add, list, check, trip…)
    works on one list: --list NAME (or BASKET_LIST), else the first. Names are matched
    as item names are (case and plurals don't matter).
      list          the lists with their counts, ▸ the one in use, then removed ones;
                    --json: {"lists": [{"id", "name", "toGet", "gotIt", "current"}],
                    "removed": [{"id", "name", "removedAt"}]}
      add NAME      a new, empty list, last in the order
      rename OLD NEW  quote names of several words
      move NAME PLACE  put a list at PLACE (1 is the first: the default list)
      remove NAME   remove a list; its items wait with it (the last list stays)
      restore NAME  bring a removed list back with its items

    """

  static let staples = """
    Usage: basket staples [list [--json] | add NAME... | remove NAME...]

    The always-have list: staples you keep in the kitchen. A recipe line for one
    ("1 tsp sea salt", "2 tbsp extra virgin olive oil", "salt and pepper") stays off
    the list when a recipe goes on it, and recipe coverage and the web app's Recipe
    Ready say "you always have this"; recipe add --with NAME puts it on anyway.
    Until you change it, the list is a suggestion: salt, pepper, oil. A staple
    covers its plain forms (sea salt, black pepper, olive oil), not other foods
    (bell pepper, sesame oil). Each NAME is one staple: quote names of several words.
      list       the list (the default); --json: {"staples": [...], "suggested"}
      add NAME   add staples
      remove NAME  remove staples

    """

  static let shop = """
    Usage: basket shop [list [--json] | add NAME | use NAME | leave | rename OLD NEW |
                       remove NAME]

    The shops you buy at ("shop", not "store": --store is the list's file).
    One shop is current: things checked off (here, in the terminal app or on a
    phone) teach its walking order, so `basket list --walking-order` shows To get
    in the order you walk it. Items never checked off there take their place from
    their category, then from your other shops, then from a typical supermarket's
    walk (produce first, frozen last), so a new shop starts in that walk.
    The first shop added is current.
      list       every shop, the current one marked (the default)
      add NAME   add a shop
      use NAME   make it current (a unique beginning of its name is enough)
      leave      no current shop: check-offs teach nothing
      rename OLD NEW  a new name; what it learnt stays (quote names of several words)
      remove NAME  remove it and what it learnt
    --shop NAME before or after any command checks off in that shop this time only.

    """

  static let add = """
    Usage: basket add TEXT... [--json]

    Adds each argument (or comma-separated part) as an item. A quantity is understood
    before or after the name: "2 l milk", "milk 2l", "eggs x12", "500g flour".
    A quantity Basket can't take (too large, or a unit the item isn't measured in)
    refuses the whole command, so nothing is added without what was typed.
    Adding a name already on the list moves it to the top instead of making a copy;
    adding one you checked off brings it back.
    --json prints [{"outcome", "item"}]: what each add did, and the item as list shows it.

    """

  static let list = """
    Usage: basket list [--json | --line] [--by-category | --walking-order [--shop NAME]]

    Shows To get (newest first) and Got it (checked off in the last hour), numbered.
    --json prints {"toGet": [...], "gotIt": [...]} for scripts.
    --line prints one short line ("3 to get: milk (2 L), eggs, bread") for status bars.
    --walking-order shows To get in the order you walk the current shop (or --shop's),
    learnt from the order things were checked off there, in stretches by category;
    numbers stay those of the plain list. With --json: {"shop", "stretches": [...]}.
    --by-category shows To get under a heading per aisle category, in a typical
    supermarket's walk (produce first, frozen last; "Elsewhere" for items of no known
    category); numbers stay those of the plain list. With --json: {"groups":
    [{"category", "title", "items"}], "gotIt": [...]}. Every item's JSON has "category".

    """

  static let rename = """
    Usage: basket rename ITEM NEW NAME

    Renames ITEM in place. The emoji is picked again and the quantity resets.

    """

  static let note = """
    Usage: basket note ITEM TEXT... [--json]
           basket note ITEM ""
           basket note ITEM

    Sets ITEM's note, shown under its name on every face: "the big tub", "for Sam's
    lunch". "" clears it; without TEXT the note is shown. A note is one line of at most
    \(ItemNote.maxLength) characters; control characters are dropped, as from a name.

    """

  static let category = """
    Usage: basket category ITEM CATEGORY [--json]
           basket category ITEM

    Moves ITEM to another aisle category, for 'basket list --by-category' and every face's
    grouped list. The choice is remembered for the name: the item added again later goes
    there too. Without CATEGORY, shows the one ITEM is under. The categories, in a typical
    supermarket's walk:
      \(ItemCategory.all.joined(separator: ", "))

    """

  static let qty = """
    Usage: basket qty ITEM AMOUNT [UNIT]
           basket qty ITEM --clear

    Sets ITEM's quantity. UNIT is ml, L, g, kg or units; without one, the item's current
    unit or its natural one (ml for drinks, g for weighed things, else units) is used.
    An item a recipe put on the list keeps the recipe's unit: 'basket qty flour 3' sets
    3 cups when the recipe asked for cups, and any recipe unit may be named ("2¼ cups",
    "2 1/4 cups", "3 cans", "6 cloves").
    AMOUNT takes a comma or a dot: "1,5" or "1.5". An amount of 0 clears the quantity.
    At most \(limit(.ml)) ml or g, \(limit(.liters)) L or kg, \(limit(.units)) units. Drinks take
    ml, L or units; weighed things g, kg or units.

    """

  static let clear = """
    Usage: basket clear

    Empties Got it. 'basket undo' brings everything back within a few seconds.

    """

  static let undo = """
    Usage: basket undo

    Undoes the last 'basket clear' if it was in the last few seconds.

    """

  static let suggest = """
    Usage: basket suggest PREFIX [--json]

    Suggestions for PREFIX: your history first, then the grocery dictionary.

    """

  static let usuals = """
    Usage: basket usuals [--json]

    The things you add most often lately, not already on the list.

    """

  static let emoji = """
    Usage: basket emoji NAME... [--json]

    Prints the emoji Basket gives each NAME and the stage that chose it
    (curated, semantic or default).

    """

  static let check = items("check", "Checks off")
  static let uncheck = items("uncheck", "Restores")
  static let remove = items("remove", "Removes")

  /// The help of a command that takes ITEM...: `check`, `uncheck`, `remove`.
  private static func items(_ command: String, _ verb: String) -> String {
    """
    Usage: basket \(command) ITEM...

    \(verb) each ITEM: the number shown by the last 'basket list', or a name
    (case-insensitive; a unique prefix is enough). Numbers stay those of that list until
    the next one, however the list has moved since (a re-added item goes to the top);
    a number whose item has left the list is refused.

    """
  }

  /// The largest amount in `unit`, as shown: help quotes the core's limits, never copies them.
  private static func limit(_ unit: MeasureUnit) -> String {
    Quantity.format(QuantityRules.maximum(for: unit))
  }
}
