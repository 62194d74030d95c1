/// The small word lists the ingredient line parser reads by. Data, kept apart from the grammar.
package enum IngredientVocabulary {
  /// Amounts written as words.
  package static let numberWords: [String: Double] = [
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15,
    "twenty": 20, "dozen": 12, "half": 0.5, "quarter": 0.25, "couple": 2,
  ]

  /// Words after "a"/"an" that make it not a count of one ("a few", "a little").
  package static let vagueAfterA: Set<String> = Set(
    words: """
      few little bit touch lot good
      """)

  /// Words before or inside an amount that qualify it; they go to the note.
  package static let qualifiers: Set<String> = Set(
    words: """
      about approx approximately around roughly nearly almost scant heaping heaped generous rounded
      level good big small-ish up healthy
      """)

  /// Words between an amount and its unit for how full the measure is ("1 heaping cup").
  package static let fills: Set<String> = Set(
    words: """
      heaping heaped level scant rounded generous packed
      """)

  /// Size words for counted things ("2 large eggs").
  package static let sizes: Set<String> = Set(
    words: """
      small medium large extra-large big jumbo medium-size medium-sized large-size large-sized
      small-size small-sized mini thin thick lg md med sm tiny plump meaty ripe inner outer
      medium-large medium-small small-medium paper-thin wafer-thin
      """)

  /// Words after a length that make it the shape of a cut ("1-inch-thick", "8-inch-long").
  package static let shapes: Set<String> = Set(
    words: """
      thick long wide deep thin square
      """)

  /// Adverbs that open a preparation ("finely chopped").
  package static let prepAdverbs: Set<String> = Set(
    words: """
      finely roughly coarsely thinly thickly freshly lightly very well loosely firmly
      freshly-ground finely-chopped thinly-sliced roughly-chopped well-drained well-chilled cold
      just gently slightly evenly completely partially cleanly tightly
      """)

  /// Words that are a preparation wherever they stand before the name ("chopped parsley").
  package static let prepWords: Set<String> = Set(
    words: """
      chopped minced diced sliced grated shredded crushed peeled cooked softened melted beaten
      sifted halved quartered cubed julienned trimmed rinsed drained pitted seeded deseeded cored
      mashed pureed puréed zested juiced squeezed torn crumbled packed lightly-packed firmly-packed
      cut stemmed destemmed hulled shelled deveined scrubbed washed snipped slivered chilled warmed
      thawed defrosted sieved blanched boiled steamed whisked lightly-beaten uncooked unpeeled
      room-temperature separated divided toasted cleaned imported cracked hard-cooked hard-boiled
      shucked lukewarm warm shaved good-quality high-quality best-quality store-bought bottled
      crispy finely-grated freshly-grated freshly-squeezed strained popped well-stirred well-shaken
      well-trimmed well-washed well-chilled well-drained
      """)

  /// Words that, opening a segment after a comma, make it a note rather than a preparation.
  package static let noteOpeners: Set<String> = Set(
    words: """
      divided plus or such preferably optional to for about at if as more reserved see from
      store-bought homemade and each any use with without in recipe like ideally approximately less
      """)

  /// Words that, after a comma, make the segment a note on the food rather than more of its
  /// name ("1 lime, zest only", "6 shallots, left whole", "leaves removed").
  package static let noteTails: Set<String> = Set(
    words: """
      only whole left removed intact attached reserved discarded separate separately part parts
      portion portions
      """)

  /// Words that make a measure closing the line part of a phrase ("cut into 2 cm", "plus 2
  /// tbsp"), not the line's amount written again.
  package static let measureGoverning: Set<String> = Set(
    words: """
      into to by x of about plus and or in each from than at with per for
      """)

  /// Words that go on from a preparation written after the food ("cut in", "dissolved with",
  /// "sliced thin", "peeled and chopped"), so the participle before them is no part of the name.
  package static let preparationFollowers: Set<String> = Set(
    words: """
      in into with from to until under and or for on at by across through off over then before
      after about lengthwise crosswise thin thick fine crisp together separately whole as if down
      up out apart but overnight very just well of small
      """)

  /// Past participles that don't end in "-ed" ("egg yolk beaten with 1 teaspoon water").
  package static let irregularParticiples: Set<String> = Set(
    words: """
      cut torn beaten broken split shaken ground tied stuck
      """)

  /// Words of the part of a fruit or herb written before it ("Juice of 1 lime", "finely grated
  /// zest and juice 1 orange", "Leaves from 4 sprigs thyme").
  package static let partsBeforeFood: Set<String> = Set(
    words: """
      juice zest grated finely and seeds rind peel leaves stems roots rinds skin skins whites yolks
      flesh pulp segments
      """)

  /// The words of `partsBeforeFood` that name the part itself, one of which must be there.
  package static let partWords: Set<String> = Set(
    words: """
      juice zest seeds rind peel leaves stems roots rinds skin skins whites yolks flesh pulp
      segments
      """)

  /// Another form of a food, measured apart from it: "(16 ounces dried)", "(2 cups canned)".
  package static let otherForms: Set<String> = Set(
    words: """
      dried canned frozen cooked uncooked raw
      """)

  /// Words that end the name and start a note ("salt to taste", "oil for frying").
  package static let nameEnders: Set<String> = Set(
    words: """
      for optional divided plus to with in from like such preferably about weighing at
      """)

  /// Count-like units also written after the food ("2 garlic cloves", "3 celery stalks",
  /// "1 fennel bulb", "8 garlic heads"): the parts of a food (`KitchenUnit.Kind.part`), in
  /// either number. A sprig's other word, "branch", is left out: the reader has never taken it
  /// after the food, only closing a name with no amount (`unstatedUnits`).
  package static let trailingUnits: Set<String> = KitchenUnit.words(of: .part).subtracting([
    "branch", "branches",
  ])

  /// Count units that, closing a name with no amount, are still its unit ("Dill sprigs for
  /// garnish", "Celery sticks", "Fresh rosemary branches"): the parts of a food, but slices,
  /// heads and bulbs there stay the name. A stalk's other word, "rib", is left out too: the
  /// reader has never taken it there, only after the food with an amount (`trailingUnits`).
  package static let unstatedUnits: Set<String> = KitchenUnit.words(
    of: .part, leaving: ["slice", "head", "bulb"]
  ).subtracting(["rib", "ribs"])

  /// Head nouns a single-word alternative shares: "chicken or vegetable stock" is
  /// "chicken stock" or "vegetable stock".
  package static let sharedHeads: Set<String> = Set(
    words: """
      stock broth juice zest vinegar wine chocolate sugar flour rice beans cheese milk onion onions
      pepper peppers pasta noodles lettuce mushrooms tortillas chillies chilies chiles leaves seeds
      nuts sauce paste yogurt yoghurt syrup bread potatoes squash sausage sausages fillets steaks
      chops flakes grits greens olives cream chili chile chilli steak apples pears tomatoes
      """)

  /// Words that open an alternative naming a whole kind ("or other tart apples", "or any long
  /// pasta"), whose head is not the first choice's.
  package static let otherKinds: Set<String> = Set(
    words: """
      other another any a an some
      """)

  /// Words after "or a" that make the rest a note ("or a mixture of both").
  package static let mixtures: Set<String> = Set(
    words: """
      mixture combination mix blend combo
      """)

  /// Count units that hold a measured amount ("12-ounce jar"): the packs, and the whole
  /// things a weight is given for ("1-pound loaf", "8-ounce block", "17-ounce sheet"). A sachet,
  /// a pack the reader has never sized so, is left out.
  package static let containers: Set<String> = KitchenUnit.ids(of: .pack).subtracting([
    "sachet"
  ]).union(["ball", "block", "bunch", "bar", "loaf", "sheet"])

  /// Containers a food is sold in already prepared: chopped tomatoes in a tin, shredded
  /// cheese in a bag (kitchen unit ids). The packs, but not a punnet or a pot, which hold food
  /// as it grows or is made (berries, yogurt), nor a tub or a sachet, which the reader has never
  /// taken so.
  package static let soldIn: Set<String> = KitchenUnit.ids(of: .pack).subtracting([
    "punnet", "pot", "tub", "sachet",
  ])

  /// Nationalities written before a food ("French bread", "Greek olives"): a name of several
  /// words ending in one lost its food.
  package static let nationalities: Set<String> = Set(
    words: """
      french italian greek spanish mexican chinese japanese thai indian turkish korean vietnamese
      moroccan english american portuguese german swiss dutch polish russian hungarian lebanese
      persian irish scottish
      """)

  /// Words that never open a name, so a name they open was misread ("of cod", "from the rack").
  package static let nameDoubtWords: Set<String> = Set(
    words: """
      of from with in for to into on at by or and the but
      """)

  /// Words that never end a name, so a name they end was cut short ("mako shark no more
  /// than", "limes or" of "2 limes or, if available, Key limes").
  package static let functionWords: Set<String> = Set(
    words: """
      than no not but the a an or and of with more less your any some very at if as by such
      including either
      """)

  /// Words of a note or a preparation that, left inside a name, show the grammar missed them
  /// ("each sugar", "cheese diced into pieces").
  package static let noteWordsInName: Set<String> = Set(
    words: """
      each plus about into cut if
      """)

  /// Words that end a clause rather than a name, so a name they end ran on into a note
  /// ("frozen peas that have been", "turkey broth made").
  package static let clauseTails: Set<String> = Set(
    words: """
      been that which who have has is are be made fed left kept
      """)

  /// Words that alone are no food: what was left when the food went elsewhere ("fresh" of
  /// "fresh or dried hot red chile").
  package static let describingOnly: Set<String> = Set(
    words: """
      fresh dried whole hot cold fine coarse good plain extra other more some mixed assorted
      freshly finely roughly coarsely red green white yellow black brown golden purple sea canned
      frozen raw sweet dry light dark wild lean
      """)

  /// Words for a food's quality that open a list of describing words before its name ("mild,
  /// pitted olives", "firm, ripe pears", "all-purpose, unbleached flour").
  package static let qualities: Set<String> = Set(
    words: """
      mild firm stale tender young soft hard crisp crusty organic free-range day-old all-purpose
      bone-in skin-on center-cut thick-cut juicy heavy fatty unsalted salted sweet tart firm-ripe
      smooth chunky fine coarse lean large ripe good best rich strong robust tangy fruity sharp
      creamy spicy nutty flaky waxy starchy meaty leafy extra-virgin extra-sharp deep-yellow bright
      pale regular low-fat nonfat non-fat reduced-fat full-fat homemade low-sodium reduced-sodium
      part-skim well-flavored firm-textured new live country
      """)

  /// Foods that name the kind of another food before its head ("beef" of "hot beef or chicken
  /// stock"), so a head written once after an alternative is theirs too.
  package static let modifyingFoods: Set<String> = Set(
    words: """
      chicken beef veal vegetable fish pork lamb turkey duck mushroom shrimp clam seafood tomato
      apple orange lemon lime wheat rye corn rice goat sheep cow coconut almond soy olive peanut
      canola sunflower safflower grapeseed rapeseed sesame avocado walnut hazelnut groundnut bay
      sea ocean
      """)

  /// Words for a piece of a food ("lime wedges", "orange sections"): a name ending in one may
  /// hold its count's unit.
  package static let pieceWords: Set<String> = Set(
    words: """
      wedge wedges section sections round rounds tops halves segments florets strips pieces chunks
      cubes slices stems spears bulbs heads lengths
      """)

  /// Pieces and portions of a food written before it with "of" ("rounds of French bread",
  /// "grinds of black pepper"): what is bought is the food after them. Cuts of meat ("leg of
  /// lamb", "fillet of beef") are not among them; they are what is bought.
  package static let portionWords: Set<String> = Set(
    words: """
      piece pieces slice slices length lengths strip strips rounds ring rings wedge wedges chunk
      chunks sliver slivers baton batons rectangle rectangles square squares section sections
      segment segments twist twists nugget nuggets log block layer layers grating gratings grind
      grinds grinding scrape scrapes sprinkle sprinkles dollop dollops shaving shavings curl curls
      cube cubes
      """)

  /// Count units that are also part of a food's name ("fillet of beef", "leaf gelatin", "stock
  /// cube"), so one inside or closing a name is no sign of a misread: the food words
  /// (`KitchenUnit.Kind.foodWord`), and "pot", a pack that names foods too ("pot barley").
  package static let foodUnits: Set<String> = KitchenUnit.ids(of: .foodWord).union(["pot"])

  /// The units of the piece words and of the units written after a food ("bulbs", "sprigs"),
  /// in either number: a counted name closing with one likely holds its unit.
  package static let pieceUnits = Set(
    pieceWords.union(trailingUnits).compactMap { KitchenUnit.spelled($0)?.id }
  ).subtracting(foodUnits)
}
