/// The --help texts of `basket product`, `basket retailer` and `basket trip`.
enum TripHelp {
  static let product = """
    Usage: basket product [COMMAND] [ARGS...]

    The products your household buys, so a Shopping Trip can show each list item as the
    product you get, with its page and how many packs to buy.

    Commands:
      list [--json]            every product (the default; alias: ls)
      add NAME... [OPTIONS]    add a product
      show PRODUCT [--json]    one product
      edit PRODUCT [OPTIONS]   change a product
      remove PRODUCT           remove it (alias: rm)

    Options for add and edit (edit also takes --name NAME, a new name):
      --alias A,B              other names it is asked for by ("oat milk"); edit:
      --no-alias A,B           add or remove aliases
      --code CODE | --no-code  its barcode (as in the pantry: the same code, the same product)
      --size AMOUNT | --no-size
                               one pack: 500 g, 1 l, 6 (to count)
      --at PLACE | --anywhere  the shop or retailer it is bought at
      --page URL | --no-page   its product page (http or https)
      --price PRICE | --no-price
                               a price you noted (1.95), kept with today's date; never
                               taken as the current price
      --organic | --not-organic
      --diet D,E | --no-diet D,E
                               vegetarian, vegan, gluten-free, lactose-free, dairy-free,
                               nut-free, halal, kosher
      --store-brand | --not-store-brand
      --json                   the product as JSON

    PRODUCT is a name, an alias, a unique start of a name, or a barcode.
    A list item matches a product surely (no question asked) by its name or an alias, by the
    barcode the pantry knows it by, or when the product is the only one for that food at
    the trip's shop. Anything less is an exception the trip asks about first.

    """

  static let retailer = """
    Usage: basket retailer [list [--json] | add NAME TEMPLATE | remove NAME]

    Retailers you shop online. Walmart and Target are built in; add others with their
    search address and {query} where the item's name goes:
      basket retailer add Kroger 'https://www.kroger.com/search?query={query}'
    On a trip at a retailer, an item without a product page gets a search link there,
    labelled as a search. Basket never claims a price, stock, cart or purchase.

    """

  static let trip = """
    Usage: basket trip [COMMAND] [--json]

    A Shopping Trip walks To get one item at a time, with its product, the product page (or
    a search, labelled as one), how much to buy, the recipes it is for, its aisle and how
    many are left. At a shop, an item with no product is walked by its name; exceptions
    (a product your preferences turn down; at a retailer, any item without a sure product)
    are settled first. Every step is saved, so a trip resumes exactly where it stopped,
    even after a restart.

    Commands:
      start [--shop NAME | --retailer NAME] [--organic] [--diet D,E] [--cheapest]
            [--store-brand]
                     start: in the current shop (or --shop's) in walking order, or at a
                     retailer in list order. --organic and --diet keep only products that
                     qualify; --cheapest (per unit) and --store-brand rank them
      status         where the trip is (the default)
      accept         settle the exception with the suggested product
      accept --searches
                     at a retailer: accept a search for every item without a product
      replace PRODUCT
                     settle it with another product; while walking, change the current
                     item's product
      replace --make [NAME...] [--size AMOUNT]
                     make a product (called NAME, else the item's name) bought where the
                     trip is, and use it
      skip           reviewing: leave the item out of this trip; walking: leave it on the
                     list and move on
      next           move on; records only that you moved on, nothing is checked off
      got            Got it: check the item off on the list, and move on
      pause          stop here; resume carries on at the same item
      resume
      end            finish: a short summary and the pantry check-in offers

    Packs to buy are ⌈needed ÷ pack size⌉ when the two share a kind of unit (g with kg,
    ml with l and cups, counts with counts), shown with the arithmetic; otherwise it says
    why not. Got it in a shop teaches that shop's walking order like any check-off.

    """
}
