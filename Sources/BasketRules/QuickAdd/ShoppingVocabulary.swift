/// The small word lists the add bar's reader (`ShoppingLine`) reads by: data, kept apart from
/// the grammar. Each list says which reading it serves; `Tests/cases/quick-add-cases.json`
/// has a row for each.
package enum ShoppingVocabulary {
  /// Words before a number that make the number part of the name: "size 4 nappies", "no. 7",
  /// "stage 2 formula", "SPF 50".
  package static let numberLabels: Set<String> = Set(
    words: """
      size no no. nr nr. number # stage step grade type spf factor level gen generation series mark
      mk model version zone gauge vol vol. volume tier age ages
      """)

  /// Units that give a product's spec, never an amount to buy: "vitamin C 1000mg", "60W light
  /// bulbs", "9V batteries", "10 inch tortillas", "2 ply tissues".
  package static let specUnits: Set<String> = Set(
    words: """
      mg mcg µg ug iu w watt watts v volt volts mah ah gb tb mb mm cm m in
      inch inches " ft foot feet ply denier tog amp amps kw hz
      """)

  /// Words that, right after a number, make the two one word of the name in every case:
  /// "7 Up", "5 Alive", "3 Musketeers", "1000 island dressing", "2 minute noodles", "2 in 1".
  package static let numberNames: Set<String> = Set(
    words: """
      up alive musketeers island minute in spice seasons
      """)

  /// Nouns that, between a number and a singular head, make a compound adjective of it: "4
  /// cheese pizza", "3 bean salad", "7 grain bread", "5 seed loaf" (counts are plural: "2
  /// cheese pizzas" counts pizzas).
  package static let compoundNouns: Set<String> = Set(
    words: """
      cheese bean grain seed spice fruit nut layer herb berry colour color flavour flavor way
      season seasons blade speed tier day hour person minute ply pepper
      """)

  /// Heads that show a size before them is a spec of the thing sold, not an amount of it:
  /// "13 gallon trash bags", "50 litre bin liners", "2 litre jug".
  package static let specHeads: Set<String> = Set(
    words: """
      bags liners liner sacks bins bin buckets bucket jug jugs flask flasks pan pans kettle planter
      planters tank cooler tupperware storage filter filters bowl bowls
      """)

  /// Containers that, with "of" and a number, give the size of the pack: "pack of 6 eggs",
  /// "box of 12 eggs", "case of 24 water" (kitchen unit ids): the packs and bundles, but not a
  /// container, an envelope, a sachet or a pot, which the add bar has never read so.
  package static let packsOfSome: Set<String> = KitchenUnit.ids(of: .pack).union(
    KitchenUnit.ids(of: .bundle)
  ).subtracting(["container", "envelope", "sachet", "pot"])

  /// Words that say a pack's size after its number: "4 pack AA batteries", "12-pack Diet
  /// Coke", "6pk beer", "18 ct eggs".
  package static let packSizeWords: Set<String> = Set(
    words: """
      pack pk ct count
      """)

  /// Words that open a part after a comma that says how, not what: "flour, to taste",
  /// "butter, at room temperature", "eggs, divided". The part is dropped; the item is what
  /// comes before it. (A part made only of preparation words, "onions, finely chopped", is
  /// dropped as well.)
  package static let howOpeners: Set<String> = Set(
    words: """
      to at for plus optional divided preferably such if as about cut see like ideally
      approximately roughly into each reserved left removed broken patted room from or if i.e. e.g.
      eg ie either such not so then until but we you use plus
      """)

  /// Words that say "some" without an amount: "a few apples", "some bread".
  package static let vague: Set<String> = Set(
    words: """
      some few several more extra any
      """)

  /// Products with "and" or "&" in their name: one item, not two. Brands whose two words are
  /// both capitalised ("Ben & Jerry's", "Head & Shoulders") are read as one without a row here.
  package static let andNames: [String] = .init(
    phrases: """
      mac and cheese, macaroni and cheese, half and half, salt and vinegar, cheese and onion,
      sour cream and onion, fish and chips, bread and butter, cookies and cream, sweet and sour,
      pb and j, peanut butter and jelly, steak and kidney, chicken and mushroom, ham and cheese,
      ham and mustard, bangers and mash, rice and peas, pork and beans, franks and beans,
      salt and pepper crisps, strawberries and cream, peaches and cream, cheese and pickle,
      chicken and leek, leek and potato, pea and ham, egg and cress, prawn and avocado,
      tomato and basil, spinach and ricotta, fruit and nut, oats and honey, honey and oat,
      bubble and squeak, surf and turf, lemon and lime, apple and blackcurrant, orange and mango,
      lime and coriander, sweet chilli and lime, cream and onion, sage and onion
      """)

  /// How a food is prepared that shops sell it as, so a shopper's "sliced provolone" or
  /// "shredded mozzarella" keeps it in the name (a cook's "chopped parsley" buys parsley).
  package static let soldPrepared: Set<String> = Set(
    words: """
      sliced shredded grated shaved diced crushed pulled smoked flaked pitted crumbled
      """)

  /// Heads that a unit word before them names a kind of: "gram flour", "pound cake", "cup
  /// cakes", "pint glasses", "quart jar".
  package static let unitKinds: Set<String> = Set(
    words: """
      flour cake cakes glass glasses jug jugs jar jars measure measures pot pots tub tubs
      """)

  /// Pieces a cook cuts a food into: "in 1/4-inch dice" says how, not what.
  package static let cuts: Set<String> = Set(
    words: """
      dice pieces piece slices chunks cubes strips lengths rings wedges rounds halves quarters
      florets matchsticks batons
      """)

  /// Words that can't name a food alone, so a word a recipe reads as how it's prepared that
  /// follows one is the rest of the product's name: "semi skimmed", "Half Baked".
  package static let namePrefixes: Set<String> = Set(
    words: """
      semi half full low part extra double triple lightly
      """)
}
