import BasketKit
import Testing

/// What a line should read as; nil fields are not checked.
struct Reading: Sendable, CustomStringConvertible {
  var text: String
  var amount: Double?
  var maxAmount: Double? = nil
  var unit: String? = nil
  var name: String
  var preparation: String? = nil
  var note: String? = nil
  var optional = false
  var uncertain = false
  var alternatives: [String] = []
  var size: String? = nil
  var pack: String? = nil
  var equivalents: [String] = []
  var vagueUnit: String? = nil

  var description: String { text }
}

/// A line the flag must mark and a close one it must not.
struct FlagPair: Sendable, CustomStringConvertible {
  var flagged: String
  var clean: String

  var description: String { flagged }
}

private func described(_ quantity: IngredientQuantity?) -> String? {
  quantity.map { "\(KitchenAmountFormat.decimal($0.amount)) \($0.unit?.id ?? "")" }
}

@Suite struct IngredientLineParserTests {
  static let cases: [Reading] = [
    // Amounts
    Reading(text: "2 eggs", amount: 2, name: "eggs"),
    Reading(text: "1 1/2 cups flour", amount: 1.5, unit: "cup", name: "flour"),
    Reading(text: "1½ cups sugar", amount: 1.5, unit: "cup", name: "sugar"),
    Reading(text: "1 ½ cups sugar", amount: 1.5, unit: "cup", name: "sugar"),
    Reading(text: "½ tsp salt", amount: 0.5, unit: "tsp", name: "salt"),
    Reading(text: "0,5 l milk", amount: 0.5, unit: "l", name: "milk"),
    Reading(text: "1,5 kg potatoes", amount: 1.5, unit: "kg", name: "potatoes"),
    Reading(text: "1,000 g flour", amount: 1000, unit: "g", name: "flour"),
    Reading(text: "1.25 cups stock", amount: 1.25, unit: "cup", name: "stock"),
    Reading(text: "2-3 cloves garlic", amount: 2, maxAmount: 3, unit: "clove", name: "garlic"),
    Reading(text: "2–3 cloves garlic", amount: 2, maxAmount: 3, unit: "clove", name: "garlic"),
    Reading(text: "2 to 3 tbsp oil", amount: 2, maxAmount: 3, unit: "tbsp", name: "oil"),
    Reading(text: "1 or 2 chillies", amount: 1, maxAmount: 2, name: "chillies"),
    Reading(text: "1 1/2-2 cups water", amount: 1.5, maxAmount: 2, unit: "cup", name: "water"),
    Reading(text: "1-1/2 cups rice", amount: 1.5, unit: "cup", name: "rice"),
    Reading(text: "a pinch of salt", amount: 1, unit: "pinch", name: "salt"),
    Reading(text: "an onion", amount: 1, name: "onion"),
    Reading(text: "one onion", amount: 1, name: "onion"),
    Reading(text: "two carrots", amount: 2, name: "carrots"),
    Reading(text: "a dozen eggs", amount: 12, name: "eggs"),
    Reading(text: "2 dozen clams", amount: 24, name: "clams"),
    Reading(text: "half a cup of cream", amount: 0.5, unit: "cup", name: "cream"),
    Reading(text: "one and a half cups milk", amount: 1.5, unit: "cup", name: "milk"),
    Reading(text: "Pinch of salt", amount: 1, unit: "pinch", name: "salt"),
    // Peers' known failures
    Reading(text: "15 grams sesame seeds", amount: 15, unit: "g", name: "sesame seeds"),
    Reading(text: "15grams sesame seeds", amount: 15, unit: "g", name: "sesame seeds"),
    Reading(text: "1/3 cup sugar", amount: 1.0 / 3, unit: "cup", name: "sugar"),
    Reading(text: "¾ C milk", amount: 0.75, unit: "cup", name: "milk"),
    Reading(text: "1,5 dl cream", amount: 1.5, unit: "dl", name: "cream"),
    Reading(
      text: "2 (8 ounce) steaks", amount: 2, name: "steaks", note: nil, pack: "8 oz"),
    Reading(text: "1- cup flour", amount: 1, unit: "cup", name: "flour", uncertain: true),
    Reading(text: "1-", amount: 1, name: "", uncertain: true),
    // Unit spellings and case
    Reading(text: "3 T butter", amount: 3, unit: "tbsp", name: "butter"),
    Reading(text: "1 t vanilla", amount: 1, unit: "tsp", name: "vanilla"),
    Reading(text: "2 Tbs honey", amount: 2, unit: "tbsp", name: "honey"),
    Reading(text: "2 tablespoons honey", amount: 2, unit: "tbsp", name: "honey"),
    Reading(text: "1 tbsp. soy sauce", amount: 1, unit: "tbsp", name: "soy sauce"),
    Reading(text: "100 gr flour", amount: 100, unit: "g", name: "flour"),
    Reading(text: "200g butter", amount: 200, unit: "g", name: "butter"),
    Reading(text: "8 fl. oz. cream", amount: 8, unit: "fl oz", name: "cream"),
    Reading(text: "2 fluid ounces rum", amount: 2, unit: "fl oz", name: "rum"),
    Reading(text: "1 lb. beef", amount: 1, unit: "lb", name: "beef"),
    Reading(text: "2 pints stock", amount: 2, unit: "pint", name: "stock"),
    Reading(text: "1 qt water", amount: 1, unit: "quart", name: "water"),
    Reading(text: "1 gallon water", amount: 1, unit: "gallon", name: "water"),
    Reading(text: "500 mL milk", amount: 500, unit: "ml", name: "milk"),
    Reading(text: "2 L water", amount: 2, unit: "l", name: "water"),
    Reading(text: "3 sprigs thyme", amount: 3, unit: "sprig", name: "thyme"),
    Reading(text: "1 bunch coriander", amount: 1, unit: "bunch", name: "coriander"),
    Reading(text: "2 slices bread", amount: 2, unit: "slice", name: "bread"),
    Reading(text: "1 stick butter", amount: 1, unit: "stick", name: "butter"),
    Reading(text: "a handful of spinach", amount: 1, unit: "handful", name: "spinach"),
    Reading(text: "a dash of Tabasco", amount: 1, unit: "dash", name: "Tabasco"),
    Reading(text: "1 jar pesto", amount: 1, unit: "jar", name: "pesto"),
    Reading(text: "1 pack puff pastry", amount: 1, unit: "pack", name: "puff pastry"),
    Reading(text: "3 ribs celery", amount: 3, unit: "stalk", name: "celery"),
    Reading(
      text: "2 garlic cloves, minced", amount: 2, unit: "clove", name: "garlic",
      preparation: "minced"),
    Reading(text: "4 cloves", amount: 4, name: "cloves"),
    Reading(text: "2 whole cloves", amount: 2, name: "whole cloves"),
    // A unit after a size or a qualifier, with no amount: one
    Reading(
      text: "Generous pinch cayenne", amount: 1, unit: "pinch", name: "cayenne", note: "Generous"),
    Reading(text: "Small bunch of dill", amount: 1, unit: "bunch", name: "dill", size: "Small"),
    Reading(text: "Scant cup walnuts", amount: 1, unit: "cup", name: "walnuts", note: "Scant"),
    // A vague amount with a unit keeps the unit out of the name, flagged for the unit left
    // unread; "or more" after an amount
    Reading(
      text: "A few drops of lemon juice", amount: nil, name: "lemon juice", note: "A few drops",
      vagueUnit: "drop"),
    Reading(
      text: "Several sprigs fresh thyme, or 1 teaspoon dried thyme", amount: nil,
      name: "fresh thyme", note: "Several sprigs", alternatives: ["1 teaspoon dried thyme"],
      vagueUnit: "sprig"),
    Reading(
      text: "3 or more drops red food coloring", amount: 3, unit: "drop",
      name: "red food coloring", note: "or more"),
    Reading(
      text: "3/4 cup or more of butter", amount: 0.75, unit: "cup", name: "butter",
      note: "or more"),
    // A container right after a measure: one, the measure its size
    Reading(
      text: "12-ounce jar apricot preserves", amount: 1, unit: "jar", name: "apricot preserves",
      pack: "12 oz"),
    // Written apart from its container, the measure is the amount and the container counts it
    Reading(
      text: "200g/7oz can tomatoes", amount: 200, unit: "g", name: "tomatoes",
      equivalents: ["7 oz", "1 can"]),
    Reading(
      text: "28 ounce can plum tomatoes, drained", amount: 28, unit: "oz", name: "plum tomatoes",
      preparation: "drained", equivalents: ["1 can"]),
    Reading(
      text: "330ml bottle stout", amount: 330, unit: "ml", name: "stout",
      equivalents: ["1 bottle"]),
    Reading(
      text: "375g sheet puff pastry", amount: 375, unit: "g", name: "puff pastry",
      equivalents: ["1 sheet"]),
    Reading(
      text: "16 oz (450g) bag of frozen peas", amount: 16, unit: "oz", name: "frozen peas",
      equivalents: ["450 g", "1 bag"]),
    Reading(
      text: "1 cup (8 ounces) sugar", amount: 1, unit: "cup", name: "sugar", equivalents: ["8 oz"]),
    // "of a" between an amount and its unit or pack, an article before an amount
    Reading(text: "3/4 of a pound of beets", amount: 0.75, unit: "lb", name: "beets"),
    Reading(
      text: "1/2 of a 1-pound package of soft tofu, drained and mashed", amount: 0.5,
      unit: "package", name: "soft tofu", preparation: "drained and mashed", pack: "1 lb"),
    Reading(text: "A 1/2 pound avocado", amount: 0.5, unit: "lb", name: "avocado"),
    // The only amount given, in brackets after the name
    Reading(
      text: "Maple syrup to taste (about 1 1/2 tablespoons)", amount: 1.5, unit: "tbsp",
      name: "Maple syrup"),
    // A cut's size closing the name, ribs after the food
    Reading(
      text: "6 slices fresh ginger 1/4 inch thick", amount: 6, unit: "slice", name: "fresh ginger",
      size: "1/4 inch thick"),
    Reading(
      text: "2 celery ribs, coarsely chopped", amount: 2, unit: "stalk", name: "celery",
      preparation: "coarsely chopped"),
    Reading(
      text: "1 egg yolk beaten with 1 teaspoon cold water", amount: 1, name: "egg yolk",
      preparation: "beaten with 1 teaspoon cold water"),
    // Dual units and pack sizes
    Reading(
      text: "200g/7oz dark chocolate", amount: 200, unit: "g", name: "dark chocolate",
      equivalents: ["7 oz"]),
    Reading(
      text: "1 cup (240 ml) milk", amount: 1, unit: "cup", name: "milk", equivalents: ["240 ml"]),
    Reading(
      text: "2 (14-ounce) cans tomatoes", amount: 2, unit: "can", name: "tomatoes", pack: "14 oz"),
    Reading(
      text: "1 × 400 g tin chickpeas", amount: 1, unit: "tin", name: "chickpeas", pack: "400 g"),
    Reading(
      text: "2 x 400g cans coconut milk", amount: 2, unit: "can", name: "coconut milk",
      pack: "400 g"),
    Reading(
      text: "1 (15.5 oz) can black beans", amount: 1, unit: "can", name: "black beans",
      pack: "15.5 oz"),
    Reading(
      text: "1 can (14 oz) chickpeas", amount: 1, unit: "can", name: "chickpeas", pack: "14 oz"),
    Reading(
      text: "2 28-ounce cans tomatoes", amount: 2, unit: "can", name: "tomatoes", pack: "28 oz"),
    Reading(
      text: "1/2 cup or 1 stick butter", amount: 0.5, unit: "cup", name: "butter",
      equivalents: ["1 stick"]),
    Reading(text: "2 ducks, about 4 1/2 pounds each", amount: 2, name: "ducks", pack: "4.5 lb"),
    Reading(text: "3 pears (about 1 pound)", amount: 3, name: "pears", equivalents: ["1 lb"]),
    // A count in brackets beside a measured amount is the same amount again
    Reading(
      text: "1 tablespoon chopped garlic (3 cloves)", amount: 1, unit: "tbsp", name: "garlic",
      preparation: "chopped", note: "3 cloves", equivalents: ["3 clove"]),
    Reading(
      text: "2 cups chopped celery (3 large ribs)", amount: 2, unit: "cup", name: "celery",
      equivalents: ["3 stalk"]),
    Reading(
      text: "1 1/2 cups fresh corn (2 to 3 ears)", amount: 1.5, unit: "cup", name: "fresh corn",
      equivalents: ["2 ear"]),
    Reading(text: "2 eggs (3 large)", amount: 2, name: "eggs", note: "3 large"),
    // Alternatives, optional, notes
    Reading(
      text: "1 cup butter or margarine", amount: 1, unit: "cup", name: "butter",
      alternatives: ["margarine"]),
    Reading(text: "1 onion or 2 shallots", amount: 1, name: "onion", alternatives: ["2 shallots"]),
    Reading(
      text: "4 cups chicken or vegetable stock", amount: 4, unit: "cup", name: "chicken stock",
      alternatives: ["vegetable stock"]),
    Reading(
      text: "2 tbsp corn, peanut or vegetable oil", amount: 2, unit: "tbsp", name: "corn oil",
      alternatives: ["peanut", "vegetable oil"]),
    Reading(
      text: "1 tbsp chopped chives (optional)", amount: 1, unit: "tbsp", name: "chives",
      preparation: "chopped", optional: true),
    Reading(
      text: "1/2 cup walnuts, optional", amount: 0.5, unit: "cup", name: "walnuts", optional: true),
    Reading(
      text: "Optional: 1 tsp chilli flakes", amount: 1, unit: "tsp", name: "chilli flakes",
      optional: true),
    Reading(text: "salt to taste", amount: nil, name: "salt", note: "to taste"),
    Reading(
      text: "Salt and pepper, to taste", amount: nil, name: "Salt and pepper", note: "to taste"),
    Reading(text: "parsley, for serving", amount: nil, name: "parsley", note: "for serving"),
    Reading(text: "olive oil for frying", amount: nil, name: "olive oil", note: "for frying"),
    Reading(text: "1 cup milk (warm)", amount: 1, unit: "cup", name: "milk", note: "warm"),
    Reading(
      text: "1 cup plus 2 tablespoons flour", amount: 1.125, unit: "cup", name: "flour"),
    // A measure added that leaves no amount a cup measures stays a note (seventh round)
    Reading(
      text: "1 cup plus 1 tablespoon flour", amount: 1, unit: "cup", name: "flour",
      note: "plus 1 tablespoon"),
    Reading(
      text: "1 stick plus 2 tablespoons butter", amount: 1, unit: "stick", name: "butter",
      note: "plus 2 tablespoons"),
    Reading(text: "1 cup less 2 tablespoons sugar", amount: 0.875, unit: "cup", name: "sugar"),
    Reading(
      text: "1/2 cup flour, plus 2 tablespoons for dusting", amount: 0.5, unit: "cup",
      name: "flour", note: "plus 2 tablespoons for dusting"),
    Reading(text: "about 2 cups rice", amount: 2, unit: "cup", name: "rice", note: "about"),
    Reading(
      text: "1/2 cup sugar, divided", amount: 0.5, unit: "cup", name: "sugar", note: "divided"),
    // Sizes and preparation
    Reading(text: "2 large eggs", amount: 2, name: "eggs", size: "large"),
    Reading(
      text: "1 medium onion, diced", amount: 1, name: "onion", preparation: "diced", size: "medium"),
    Reading(
      text: "1 onion, finely chopped", amount: 1, name: "onion", preparation: "finely chopped"),
    Reading(text: "chopped parsley", amount: nil, name: "parsley", preparation: "chopped"),
    Reading(
      text: "1 cup finely grated parmesan", amount: 1, unit: "cup", name: "parmesan",
      preparation: "finely grated"),
    Reading(text: "2 tsp ground cumin", amount: 2, unit: "tsp", name: "ground cumin"),
    Reading(
      text: "freshly ground black pepper", amount: nil, name: "black pepper",
      preparation: "freshly ground"),
    Reading(
      text: "2 cups cooked rice", amount: 2, unit: "cup", name: "rice", preparation: "cooked"),
    Reading(
      text: "3 carrots, peeled and diced", amount: 3, name: "carrots",
      preparation: "peeled and diced"),
    Reading(text: "Juice of 1 lemon", amount: 1, name: "lemon", preparation: "Juice of"),
    // British dual and compound amounts: the first amount is the quantity
    Reading(
      text: "900g/2lb 3oz new potatoes", amount: 900, unit: "g", name: "new potatoes",
      equivalents: ["2.188 lb"]),
    Reading(
      text: "1.2 litres/2 pints 2fl oz stock", amount: 1.2, unit: "l", name: "stock",
      equivalents: ["2.125 pint"]),
    Reading(
      text: "4cm/1½in piece galangal", amount: 4, unit: "cm", name: "galangal",
      equivalents: ["1.5 inch", "1 piece"]),
    // The pack's size in other units, times the packs, is the line's amount in those units
    Reading(
      text: "2 x 150g/5½oz packs halloumi", amount: 2, unit: "pack", name: "halloumi",
      pack: "150 g", equivalents: ["11 oz"]),
    Reading(
      text: "1 x 2kg/4lb 8oz chicken", amount: 1, name: "chicken", pack: "2 kg",
      equivalents: ["4.5 lb"]),
    Reading(
      text: "1 14- ounce can of coconut milk", amount: 1, unit: "can", name: "coconut milk",
      pack: "14 oz"),
    // An amount after the name
    Reading(
      text: "1 tbsp grated ginger 15 mL", amount: 1, unit: "tbsp", name: "ginger",
      preparation: "grated", equivalents: ["15 ml"]),
    Reading(
      text: "½ cup sliced leeks (about 1) 125 mL", amount: 0.5, unit: "cup", name: "leeks",
      preparation: "sliced", note: "about 1", equivalents: ["125 ml"]),
    Reading(
      text: "1 cup milk 250 mL, warmed", amount: 1, unit: "cup", name: "milk",
      preparation: "warmed", equivalents: ["250 ml"]),
    Reading(
      text: "1 lb carrots, cut into 2 cm", amount: 1, unit: "lb", name: "carrots",
      preparation: "cut into 2 cm"),
    Reading(
      text: "6 large mint leaves to yield 1 tablespoon, chopped", amount: 6, name: "mint leaves",
      preparation: "chopped", note: "to yield 1 tablespoon"),
    Reading(text: "2lb 3oz potatoes", amount: 2.1875, unit: "lb", name: "potatoes"),
    // Preparations joined by "and" inside the name: read, but flagged to check; describing
    // alternatives before it (read whole) and a food joined by "and" are not.
    Reading(
      text: "1 teaspoon toasted and ground cumin seeds", amount: 1, unit: "tsp",
      name: "toasted and ground cumin seeds", uncertain: true),
    Reading(
      text: "2 cups peeled or chopped tomatoes", amount: 2, unit: "cup", name: "tomatoes"),
    Reading(
      text: "1 cup salted butter and sugar", amount: 1, unit: "cup", name: "salted butter and sugar"
    ),
    Reading(
      text: "1 cup flour plus 2 tbsp", amount: 1.125, unit: "cup", name: "flour"),
    Reading(
      text: "1 tbsp caster sugar, plus 1 tsp", amount: 4.0 / 3, unit: "tbsp", name: "caster sugar"),
    // Count-like and sized units
    Reading(text: "1 small bunch dill", amount: 1, unit: "bunch", name: "dill", size: "small"),
    Reading(text: "1 small handful mint", amount: 1, unit: "handful", name: "mint", size: "small"),
    Reading(text: "a knob of butter", amount: 1, unit: "knob", name: "butter"),
    Reading(text: "1 punnet blueberries", amount: 1, unit: "punnet", name: "blueberries"),
    Reading(text: "2 sprigs rosemary", amount: 2, unit: "sprig", name: "rosemary"),
    Reading(text: "4 stems fresh parsley", amount: 4, unit: "stem", name: "fresh parsley"),
    Reading(text: "8 leaves sage", amount: 8, unit: "leaf", name: "sage"),
    Reading(text: "4 rashers streaky bacon", amount: 4, unit: "strip", name: "streaky bacon"),
    Reading(text: "1 tub crème fraîche", amount: 1, unit: "tub", name: "crème fraîche"),
    Reading(text: "1 pot natural yogurt", amount: 1, unit: "pot", name: "natural yogurt"),
    Reading(text: "1 ball mozzarella", amount: 1, unit: "ball", name: "mozzarella"),
    Reading(text: "3 chunks pineapple", amount: 3, unit: "chunk", name: "pineapple"),
    Reading(text: "1 head broccoli", amount: 1, unit: "head", name: "broccoli"),
    Reading(text: "2 fillets sea bass", amount: 2, unit: "fillet", name: "sea bass"),
    Reading(text: "1 splash milk", amount: 1, unit: "splash", name: "milk"),
    Reading(text: "1 drizzle honey", amount: 1, unit: "drizzle", name: "honey"),
    Reading(
      text: "Leaves from 4 sprigs thyme", amount: 4, unit: "sprig", name: "thyme",
      preparation: "Leaves from"),
    // What follows a comma that is not a verb is a note
    Reading(text: "1 lime, zest only", amount: 1, name: "lime", note: "zest only"),
    Reading(
      text: "20g basil, leaves only", amount: 20, unit: "g", name: "basil", note: "leaves only"),
    Reading(
      text: "500g mussels, beards removed", amount: 500, unit: "g", name: "mussels",
      note: "beards removed"),
    Reading(
      text: "4 radishes, tops and tails trimmed", amount: 4, name: "radishes",
      note: "tops and tails trimmed"),
    Reading(text: "6 shallots, left whole", amount: 6, name: "shallots", note: "left whole"),
    Reading(
      text: "2 boneless, skinless chicken breasts", amount: 2,
      name: "boneless, skinless chicken breasts"),
    Reading(
      text: "Kidneys, heart and liver, diced", amount: nil, name: "Kidneys, heart and liver",
      preparation: "diced"),
    // Alternatives in the amount, listed preparations
    Reading(
      text: "1 large or 2 medium courgettes", amount: 1, name: "courgettes", note: "or 2 medium",
      size: "large"),
    Reading(
      text: "2 tsp crushed, toasted cumin seeds", amount: 2, unit: "tsp", name: "cumin seeds",
      preparation: "crushed, toasted"),
    Reading(
      text: "1 cup peeled and grated or finely chopped cucumber", amount: 1, unit: "cup",
      name: "cucumber", preparation: "peeled and grated or finely chopped"),
    Reading(
      text: "2 tbsp each chopped chives and tarragon", amount: 2, unit: "tbsp",
      name: "chives and tarragon", preparation: "chopped", note: "each"),
    Reading(
      text: "2 pounds medium or large shrimp", amount: 2, unit: "lb", name: "medium shrimp",
      alternatives: ["large shrimp"]),
    Reading(
      text: "1 tablespoon smoked or hot paprika", amount: 1, unit: "tbsp", name: "smoked paprika",
      alternatives: ["hot paprika"]),
    Reading(
      text: "3/4 pound sea or bay scallops", amount: 0.75, unit: "lb", name: "sea scallops",
      alternatives: ["bay scallops"]),
    Reading(
      text: "1/2 cup fresh or canned beef broth", amount: 0.5, unit: "cup",
      name: "fresh beef broth",
      alternatives: ["canned beef broth"]),
    Reading(
      text: "2 tbsp butter or olive oil", amount: 2, unit: "tbsp", name: "butter",
      alternatives: ["olive oil"]),
    // A shared head after a longer first choice, and the food after what was done to it
    Reading(
      text: "4 cups hot beef or chicken stock", amount: 4, unit: "cup", name: "hot beef stock",
      alternatives: ["chicken stock"]),
    Reading(
      text: "1 1/2 pounds hot Italian or Spanish sausage", amount: 1.5, unit: "lb",
      name: "hot Italian sausage", alternatives: ["Spanish sausage"]),
    Reading(
      text: "1 cup sour cream or Greek yogurt", amount: 1, unit: "cup", name: "sour cream",
      alternatives: ["Greek yogurt"]),
    Reading(
      text: "2 cups homemade or low-sodium canned chicken broth", amount: 2, unit: "cup",
      name: "homemade chicken broth", alternatives: ["low-sodium canned chicken broth"]),
    Reading(
      text: "4 tablespoons regular or low-fat sour cream", amount: 4, unit: "tbsp",
      name: "regular sour cream", alternatives: ["low-fat sour cream"]),
    Reading(
      text: "1 fresh or dried hot red chile", amount: 1, name: "fresh hot red chile",
      alternatives: ["dried hot red chile"]),
    Reading(
      text: "2 pounds cod or tilefish fillets", amount: 2, unit: "lb", name: "cod fillets",
      alternatives: ["tilefish fillets"]),
    Reading(
      text: "1/2 pound Roquefort or other good blue cheese", amount: 0.5, unit: "lb",
      name: "Roquefort", alternatives: ["other good blue cheese"]),
    Reading(
      text: "4 tablespoons vegetable or olive oil or a mixture of both", amount: 4, unit: "tbsp",
      name: "vegetable oil", note: "or a mixture of both", alternatives: ["olive oil"]),
    // The shape of a cut before a count unit, a part of the plant before it
    Reading(
      text: "4 1-inch-thick chunks peeled fresh ginger", amount: 4, unit: "chunk",
      name: "fresh ginger", preparation: "peeled", size: "1-inch-thick"),
    Reading(
      text: "16 1/2-inch-thick slices Italian bread", amount: 16, unit: "slice",
      name: "Italian bread", size: "1/2-inch-thick"),
    Reading(
      text: "2 8-inch-long eggplants, peeled", amount: 2, name: "eggplants", preparation: "peeled",
      size: "8-inch-long"),
    Reading(
      text: "Leaves from 3 inner stalks celery", amount: 3, unit: "stalk", name: "celery",
      preparation: "Leaves from", size: "inner"),
    Reading(text: "4 cabbage leaves", amount: 4, name: "cabbage leaves"),
    // Other layouts
    Reading(text: "Flour 200g", amount: 200, unit: "g", name: "Flour"),
    Reading(text: "Eggs: 2", amount: 2, name: "Eggs"),
    Reading(text: "- 2 eggs", amount: 2, name: "eggs"),
    Reading(text: "• 1 cup milk", amount: 1, unit: "cup", name: "milk"),
    // Uncertain lines keep their text
    Reading(text: "1/0 cup sugar", amount: nil, name: "cup sugar", uncertain: true),
    Reading(text: "2 cups", amount: 2, unit: "cup", name: "", uncertain: true),
    Reading(text: "salt 1 2", amount: nil, name: "salt 1 2", uncertain: true),
    // A name the grammar did not finish reading is flagged

    Reading(text: "Pinch each sugar", amount: 1, unit: "pinch", name: "sugar", note: "each"),
    Reading(
      text: "2 long, thin Japanese eggplants", amount: 2, name: "long",
      note: "thin Japanese eggplants", uncertain: true),
    Reading(
      text: "3/4 pound mako shark no more than 1/4-inch thick", amount: 0.75, unit: "lb",
      name: "mako shark no more than", uncertain: true, size: "1/4-inch thick"),
    Reading(
      text: "1 bulb fennel, one pound or more", amount: 1, unit: "bulb", name: "fennel",
      note: "one pound or more", equivalents: ["1 lb"]),
    Reading(
      text: "1 handful mixed herbs (sage, thyme and parsley) palm full of herbes de Provence",
      amount: 1, unit: "handful", name: "mixed herbs palm full of herbes de Provence",
      note: "sage, thyme and parsley", uncertain: true),
    Reading(
      text: "2 cups fresh (soft) bread crumbs", amount: 2, unit: "cup", name: "fresh bread crumbs",
      note: "soft"),
    Reading(
      text: "8 ounces whole red, yellow and green peppers or 14 ounces sliced peppers",
      amount: 8, unit: "oz", name: "whole red, yellow and green peppers",
      alternatives: ["14 ounces sliced peppers"]),

    Reading(
      text: "1 orange slice 1 1/4-inch thick", amount: 1, unit: "slice", name: "orange",
      size: "1 1/4-inch thick"),
    Reading(text: "1 1/2 pounds fillet of cod", amount: 1.5, unit: "lb", name: "fillet of cod"),
    // A piece or portion of the food before "of" is no part of what is bought; a cut of meat is.
    Reading(
      text: "18 to 20 thin rounds of French bread", amount: 18, maxAmount: 20,
      name: "French bread", preparation: "rounds", size: "thin"),
    Reading(
      text: "A few grinds of black pepper", amount: nil, name: "black pepper",
      note: "A few grinds", vagueUnit: "grind"),
    Reading(
      text: "1 walnut-size nugget of fresh ginger, grated", amount: 1, name: "fresh ginger",
      preparation: "nugget, grated", size: "walnut-size"),
    Reading(text: "1 leg of lamb", amount: 1, name: "leg of lamb"),
    // Describing words listed before alternatives stay with the first choice; a lone one takes
    // the food of the choice after it.
    Reading(
      text: "3 pounds boneless, skinless chicken breasts or chicken cutlets", amount: 3,
      unit: "lb", name: "boneless, skinless chicken breasts", alternatives: ["chicken cutlets"]),
    Reading(
      text: "1/4 cup fresh or canned chicken broth or water", amount: 0.25, unit: "cup",
      name: "fresh chicken broth", alternatives: ["canned chicken broth", "water"]),
    Reading(
      text: "1/2 pound small peeled fresh or frozen shrimp", amount: 0.5, unit: "lb",
      name: "small peeled fresh shrimp", alternatives: ["frozen shrimp"]),
    Reading(
      text: "1 cup candied orange peel and/or lemon peel", amount: 1, unit: "cup",
      name: "candied orange peel", alternatives: ["lemon peel"]),
    // Describing words listed with commas before the name, and an aside before it.
    Reading(text: "2 cups hot, scalded milk", amount: 2, unit: "cup", name: "hot, scalded milk"),
    Reading(
      text: "1 cup dried, pitted dates, coarsely chopped", amount: 1, unit: "cup",
      name: "dried, pitted dates", preparation: "coarsely chopped"),
    Reading(
      text: "5 red, ripe tomatoes, about 2 1/2 pounds", amount: 5, name: "red, ripe tomatoes",
      note: "about 2 1/2 pounds", equivalents: ["2.5 lb"]),
    Reading(
      text: "3 tablespoons, plus one cup, sugar", amount: 3, unit: "tbsp", name: "sugar",
      note: "plus one cup"),
    Reading(
      text: "2 ounces, approximately, of soft, fresh goat cheese", amount: 2, unit: "oz",
      name: "soft, fresh goat cheese", note: "approximately"),
    Reading(text: "2 onions, chopped", amount: 2, name: "onions", preparation: "chopped"),
    Reading(
      text: "1 cup mild, pitted California-style black olives, sliced", amount: 1, unit: "cup",
      name: "mild, pitted California-style black olives", preparation: "sliced"),
    Reading(
      text: "1 cup peeled, seeded, chopped tomatoes", amount: 1, unit: "cup", name: "tomatoes",
      preparation: "peeled, seeded, chopped"),
    Reading(text: "12 firm, ripe pears with stems", amount: 12, name: "firm, ripe pears"),
    // A food before a comma starts a list only with "and" or a describing word after it.
    Reading(
      text: "Salt, black pepper and cayenne to taste", amount: nil,
      name: "Salt, black pepper and cayenne", note: "to taste"),
    Reading(
      text: "1 stalk celery, including top", amount: 1, unit: "stalk", name: "celery",
      note: "including top"),
    // What is done to the food, written after it without a comma (found among NYT's misses).
    Reading(
      text: "1 cup duck meat cut in small cubes", amount: 1, unit: "cup", name: "duck meat",
      preparation: "cut in small cubes"),
    Reading(
      text: "1 teaspoon cornstarch dissolved in 1 tablespoon cold water", amount: 1, unit: "tsp",
      name: "cornstarch", preparation: "dissolved in 1 tablespoon cold water"),
    Reading(
      text: "1/2 pound fresh mushrooms cleaned and sliced", amount: 0.5, unit: "lb",
      name: "fresh mushrooms", preparation: "cleaned and sliced"),
    Reading(
      text: "2 tablespoons fresh parsley finely chopped", amount: 2, unit: "tbsp",
      name: "fresh parsley", preparation: "finely chopped"),
    Reading(
      text: "4 ounces mozzarella cheese diced into 1/4-inch pieces", amount: 4, unit: "oz",
      name: "mozzarella cheese", preparation: "diced into 1/4-inch pieces"),
    Reading(
      text: "2 tablespoons beef fat rendered from the brisket", amount: 2, unit: "tbsp",
      name: "beef fat", preparation: "rendered from the brisket"),
    Reading(
      text: "1 can whole peeled tomatoes", amount: 1, unit: "can", name: "whole peeled tomatoes"),
    Reading(text: "Olive oil as needed", amount: nil, name: "Olive oil", note: "as needed"),
    Reading(
      text: "2 sprigs fresh oregano to yield 1 tablespoon chopped", amount: 2, unit: "sprig",
      name: "fresh oregano", note: "to yield 1 tablespoon chopped"),
    Reading(
      text: "1 chicken with skin removed", amount: 1, name: "chicken", note: "with skin removed"),
    // Sizes made stronger or given as a span, measures written in words
    Reading(
      text: "8 very thin slices of prosciutto", amount: 8, unit: "slice", name: "prosciutto",
      size: "very thin"),
    Reading(
      text: "4 medium to large onions (about 1 1/2 pounds), peeled and sliced", amount: 4,
      name: "onions", preparation: "peeled and sliced", size: "medium to large",
      equivalents: ["1.5 lb"]),
    Reading(text: "2 extra large eggs", amount: 2, name: "eggs", size: "extra large"),
    Reading(
      text: "2 to 3 small to medium-size leeks", amount: 2, maxAmount: 3, name: "leeks",
      size: "small to medium-size"),
    Reading(
      text: "4 very ripe plantains, soft but not mushy", amount: 4, name: "plantains",
      note: "soft but not mushy", size: "very ripe"),
    Reading(
      text: "2 one-pound pork tenderloins", amount: 2, name: "pork tenderloins", pack: "1 lb"),
    Reading(
      text: "2 2- to 2 1/2-pound chickens, head and feet discarded", amount: 2, name: "chickens",
      note: "head and feet discarded", pack: "2 lb"),
    Reading(
      text: "4 9- or 10-inch flour tortillas", amount: 4, name: "flour tortillas", pack: "9 inch"),
    Reading(
      text: "1 half-inch piece ginger", amount: 1, unit: "piece", name: "ginger", pack: "0.5 inch"),
    // Third round of NYT's misses: a bulb or head after the food, a weight "in total",
    // a preparation with "of" or an adverb after it, which part of the food.
    Reading(text: "1 fennel bulb", amount: 1, unit: "bulb", name: "fennel"),
    Reading(text: "8 whole garlic heads", amount: 8, unit: "head", name: "whole garlic"),
    Reading(text: "1/2 fennel bulb", amount: 0.5, unit: "bulb", name: "fennel"),
    Reading(text: "2 fish heads", amount: 2, unit: "head", name: "fish"),
    Reading(
      text: "2 ham steaks, about 1 3/4 pounds total weight", amount: 2, name: "ham steaks",
      note: "about 1 3/4 pounds total weight", equivalents: ["1.75 lb"]),
    Reading(
      text: "4 pork chops, 2 pounds combined", amount: 4, name: "pork chops",
      note: "2 pounds combined", equivalents: ["2 lb"]),
    Reading(
      text: "1 chicken, whole or cut up", amount: 1, name: "chicken",
      alternatives: ["whole", "cut up"]),
    Reading(text: "4 eggs beaten well", amount: 4, name: "eggs", preparation: "beaten well"),
    Reading(
      text: "2 cups arugula trimmed of very thick stems", amount: 2, unit: "cup", name: "arugula",
      preparation: "trimmed of very thick stems"),
    Reading(
      text: "6 sprigs fresh parsley tied in a bundle", amount: 6, unit: "sprig",
      name: "fresh parsley", preparation: "tied in a bundle"),
    Reading(
      text: "6 scallions, green and white portions, sliced", amount: 6, name: "scallions",
      preparation: "sliced", note: "green and white portions"),
    Reading(
      text: "1 small cucumber, ends trimmed and quartered lengthwise", amount: 1,
      name: "cucumber", note: "ends trimmed and quartered lengthwise", size: "small"),
    // A plural food before "or" is a food of its own, and a head is shared across one "or".
    Reading(
      text: "4 yams or sweet potatoes", amount: 4, name: "yams", alternatives: ["sweet potatoes"]),
    Reading(
      text: "2 cups water or 1 cup each water and rich veal or beef stock", amount: 2,
      unit: "cup", name: "water", alternatives: ["1 cup each water and rich veal", "beef stock"]),
    Reading(
      text: "4 tablespoons water or chicken broth", amount: 4, unit: "tbsp", name: "water",
      alternatives: ["chicken broth"]),
    // A dash standing apart ends the name as a comma does; one between joining words doesn't.
    Reading(
      text: "8 ounces ripe tomatoes -- yellow if possible", amount: 8, unit: "oz",
      name: "ripe tomatoes", note: "yellow if possible"),
    Reading(
      text: "1 1/2 cups fresh shelled beans -- limas, cranberries or pintos", amount: 1.5,
      unit: "cup", name: "fresh shelled beans", note: "limas, cranberries or pintos"),
    Reading(text: "Salt — to taste", amount: nil, name: "Salt", note: "to taste"),
    Reading(text: "1 cup half - and - half", amount: 1, unit: "cup", name: "half - and - half"),
    // How meat is sold: links, racks, pairs ("slab bacon" stays a food).
    Reading(
      text: "4 links Italian sausage", amount: 4, unit: "link", name: "Italian sausage"),
    Reading(text: "1 rack of lamb", amount: 1, unit: "rack", name: "lamb"),
    Reading(text: "4 pairs medium shad roe", amount: 4, unit: "pair", name: "medium shad roe"),
    Reading(
      text: "3 ounces slab bacon, diced", amount: 3, unit: "oz", name: "slab bacon",
      preparation: "diced"),
    Reading(
      text: "1 medium-size onion stuck with 2 cloves", amount: 1, name: "onion",
      preparation: "stuck with 2 cloves", size: "medium-size"),
    // A measure once prepared is the same amount again; another form of the food is not.
    Reading(
      text: "4 ounces Parmesan (about 1 cup grated)", amount: 4, unit: "oz", name: "Parmesan",
      note: "about 1 cup grated", equivalents: ["1 cup"]),
    Reading(
      text: "1 bunch chives (1/4 cup finely chopped)", amount: 1, unit: "bunch", name: "chives",
      note: "1/4 cup finely chopped", equivalents: ["0.25 cup"]),
    Reading(
      text: "3 cups cooked elbow macaroni (16 ounces dried)", amount: 3, unit: "cup",
      name: "elbow macaroni", preparation: "cooked", note: "16 ounces dried"),
    Reading(
      text: "2 sprigs fresh thyme, or 1 teaspoon dried", amount: 2, unit: "sprig",
      name: "fresh thyme", alternatives: ["1 teaspoon dried"]),
    Reading(
      text: "15 grinds fresh black pepper", amount: 15, unit: "grind", name: "fresh black pepper"),
    Reading(
      text: "4 bars (3 1/2 ounces each) bittersweet chocolate, broken up", amount: 4, unit: "bar",
      name: "bittersweet chocolate", preparation: "broken up", pack: "3.5 oz"),
    Reading(text: "2 granola bars", amount: 2, name: "granola bars"),
    Reading(
      text: "1 medium yellow onion diced small", amount: 1, name: "yellow onion",
      preparation: "diced small", size: "medium"),
    Reading(
      text: "1 turkey or chicken liver, diced", amount: 1, name: "turkey liver",
      preparation: "diced", alternatives: ["chicken liver"]),
    // British packs after a weight, parts of a fruit without "of", sizes by likeness.
    Reading(
      text: "200g pot Greek yogurt", amount: 200, unit: "g", name: "Greek yogurt",
      equivalents: ["1 pot"]),
    Reading(
      text: "20g bunch coriander, chopped", amount: 20, unit: "g", name: "coriander",
      preparation: "chopped", equivalents: ["1 bunch"]),
    Reading(
      text: "zest and juice 1 lemon", amount: 1, name: "lemon", preparation: "zest and juice"),
    Reading(
      text: "thumb-sized piece ginger, grated", amount: 1, unit: "piece", name: "ginger",
      preparation: "grated", size: "thumb-sized"),
    Reading(
      text: "2 walnut-size pieces of butter", amount: 2, unit: "piece", name: "butter",
      size: "walnut-size"),
    Reading(
      text: "1 small white truffle (about 2/3 of an ounce)", amount: 1, name: "white truffle",
      note: "about 2/3 of an ounce", size: "small", equivalents: ["0.667 oz"]),
    Reading(
      text: "1 cleaned, ready-to-cook pheasant", amount: 1, name: "ready-to-cook pheasant",
      preparation: "cleaned"),
    Reading(
      text: "5 to 6 dozen fresh mussels", amount: 60, maxAmount: 72, name: "fresh mussels"),
    Reading(
      text: "ripe tomatoes, about 1 1/4 pounds", amount: 1.25, unit: "lb", name: "ripe tomatoes",
      note: "about"),
    Reading(
      text: "1 medium-to-large onion, peeled", amount: 1, name: "onion", preparation: "peeled",
      size: "medium-to-large"),
    Reading(text: "5 to 5 dozen fresh mussels", amount: 60, name: "fresh mussels"),
    Reading(text: "1 chicken stock cube", amount: 1, name: "chicken stock cube"),
    Reading(text: "1 vanilla pod, split", amount: 1, name: "vanilla pod", preparation: "split"),
    Reading(
      text: "1 (3- to 4-pound) whole chicken", amount: 1, name: "whole chicken", pack: "3 lb"),
    // A head shared from oils, scallops and hams; a few describing words before a comma.
    Reading(
      text: "Peanut or canola oil for frying", name: "Peanut oil", note: "for frying",
      alternatives: ["canola oil"]),
    Reading(
      text: "2 tablespoons sunflower or rapeseed oil", amount: 2, unit: "tbsp",
      name: "sunflower oil", alternatives: ["rapeseed oil"]),
    Reading(
      text: "2 cups bay or ocean scallops", amount: 2, unit: "cup", name: "bay scallops",
      alternatives: ["ocean scallops"]),
    Reading(
      text: "1/4 pound country or smoked ham", amount: 0.25, unit: "lb", name: "country ham",
      alternatives: ["smoked ham"]),
    Reading(text: "3 dozen live, large blue crabs", amount: 36, name: "live, large blue crabs"),
    Reading(
      text: "6 small new red, waxy potatoes", amount: 6, name: "new red, waxy potatoes",
      size: "small"),
    Reading(
      text: "1 pound very lean, well-trimmed lamb", amount: 1, unit: "lb",
      name: "very lean, well-trimmed lamb"),
    Reading(
      text: "1/2 cup very finely chopped parsley", amount: 0.5, unit: "cup", name: "parsley",
      preparation: "very finely chopped"),
    // "to" before a describing word ends the name unless it joins two of them.
    Reading(text: "Water to thin as needed", name: "Water", note: "to thin as needed"),
    Reading(
      text: "1/2 teaspoon mild to hot chili powder", amount: 0.5, unit: "tsp",
      name: "mild to hot chili powder"),
    // A measure in a note in words, filled ("heaping") or open-ended ("or more"); a package or
    // tub after "a" and a weight.
    Reading(
      text: "1 pint brussels sprouts (about a pound)", amount: 1, unit: "pint",
      name: "brussels sprouts", note: "about a pound", equivalents: ["1 lb"]),
    Reading(
      text: "2 tablespoons (one ounce) butter", amount: 2, unit: "tbsp", name: "butter",
      note: "one ounce", equivalents: ["1 oz"]),
    Reading(
      text: "8 ounces (1 heaping cup) red lentils", amount: 8, unit: "oz", name: "red lentils",
      note: "1 heaping cup", equivalents: ["1 cup"]),
    Reading(
      text: "3 dozen clams (3 pounds or more)", amount: 36, name: "clams",
      note: "3 pounds or more", equivalents: ["3 lb"]),
    Reading(
      text: "an 8 ounce package cream cheese", amount: 1, unit: "package", name: "cream cheese",
      pack: "8 oz"),
    Reading(
      text: "a 500g tub yogurt", amount: 1, unit: "tub", name: "yogurt", pack: "500 g"),
    // Fifth round (own lines II's misses): a bracketed length is the size
    Reading(
      text: "1 (3-inch) cinnamon stick", amount: 1, unit: "stick", name: "cinnamon",
      size: "3-inch"),
    Reading(
      text: "1 (1-inch) piece fresh turmeric, peeled", amount: 1, unit: "piece",
      name: "fresh turmeric", preparation: "peeled", size: "1-inch"),
    // The amount after a name of a few words and a colon, dash or comma
    Reading(
      text: "Caster sugar – 75g, plus extra for dusting", amount: 75, unit: "g",
      name: "Caster sugar", note: "plus extra for dusting"),
    Reading(
      text: "Leeks: 3 medium, trimmed and sliced", amount: 3, name: "Leeks",
      preparation: "trimmed and sliced", size: "medium"),
    Reading(
      text: "Lamb chops, 8 (French-trimmed)", amount: 8, name: "Lamb chops",
      note: "French-trimmed"),
    Reading(text: "Smoked paprika, a pinch", amount: 1, unit: "pinch", name: "Smoked paprika"),
    Reading(
      text: "Lemon slice, 1/2 inch thick", amount: nil, name: "Lemon slice",
      note: "1/2 inch thick"),
    // Small measures poured or squeezed, with "a good"
    Reading(
      text: "A good glug of rapeseed oil", amount: 1, unit: "glug", name: "rapeseed oil",
      note: "good"),
    Reading(text: "A drizzle of maple syrup", amount: 1, unit: "drizzle", name: "maple syrup"),
    Reading(text: "a squeeze of lime juice", amount: 1, unit: "squeeze", name: "lime juice"),
    Reading(
      text: "1 small glass of dry sherry", amount: 1, unit: "glass", name: "dry sherry",
      size: "small"),
    Reading(text: "a good deal of patience", amount: nil, name: "deal of patience", note: "a good"),
    // A piece after a length or weight is one piece of it; a range across units; a bracketed
    // compound amount
    Reading(
      text: "2-inch piece fresh ginger", amount: 2, unit: "inch", name: "fresh ginger",
      equivalents: ["1 piece"]),
    Reading(
      text: "800g-1kg piece pork shoulder", amount: 800, maxAmount: 1000, unit: "g",
      name: "pork shoulder", equivalents: ["1 piece"]),
    Reading(
      text: "1.2kg (2lb 10oz) whole chicken", amount: 1.2, unit: "kg", name: "whole chicken",
      equivalents: ["2.625 lb"]),
    // Foods listed after "each" share the amount, and all of them are the name
    Reading(
      text: "1 teaspoon each ground cumin, coriander and turmeric", amount: 1, unit: "tsp",
      name: "ground cumin, coriander and turmeric", note: "each"),
    Reading(
      text: "2 tablespoons each of dill, chives and mint, chopped", amount: 2, unit: "tbsp",
      name: "dill, chives and mint", preparation: "chopped", note: "each"),
    // A pack's size in brackets after "x", and a vulgar fraction written onto its number
    Reading(
      text: "4 x 200g (6½-ounce) salmon fillets", amount: 4, name: "salmon fillets",
      pack: "200 g", equivalents: ["26 oz"]),
    Reading(
      text: "1½-inch piece ginger", amount: 1.5, unit: "inch", name: "ginger",
      equivalents: ["1 piece"]),
    // A count added with "plus", what was done to the measure between commas, parts of a fruit
    // or herb after what was done to them
    Reading(
      text: "1 head plus 2 cloves garlic", amount: 1, unit: "head", name: "garlic",
      note: "plus 2 cloves"),
    Reading(
      text: "3 cups, packed, finely shredded cabbage", amount: 3, unit: "cup", name: "cabbage",
      preparation: "packed, finely shredded"),
    Reading(
      text: "Minced zest of 1 orange", amount: 1, name: "orange", preparation: "Minced zest of"),
    Reading(
      text: "Roots and stems from 1/2 bunch coriander", amount: 0.5, unit: "bunch",
      name: "coriander", preparation: "Roots and stems from"),
    // A count unit closing the last of two alternatives counts either
    Reading(
      text: "3 parsley or chervil sprigs", amount: 3, unit: "sprig", name: "parsley",
      alternatives: ["chervil"]),
    // Another form of the food after an alternative's amount stays with the alternative
    Reading(
      text: "1 tablespoon fresh marjoram or 1 teaspoon dried", amount: 1, unit: "tbsp",
      name: "fresh marjoram", alternatives: ["1 teaspoon dried"]),
    Reading(
      text: "½ a bunch of coriander (15g)", amount: 0.5, unit: "bunch", name: "coriander",
      note: "15g", equivalents: ["15 g"]),
    // Bought in a tin, bag or packet, the food is sold that way
    Reading(
      text: "1 (14.5-ounce) can diced tomatoes, drained", amount: 1, unit: "can",
      name: "diced tomatoes", preparation: "drained", pack: "14.5 oz"),
    Reading(text: "1 bag grated mozzarella", amount: 1, unit: "bag", name: "grated mozzarella"),
    Reading(
      text: "Crusty bread on the side", amount: nil, name: "Crusty bread", note: "on the side"),
    // Cream's kinds share its head; half-and-half is a food of its own
    Reading(
      text: "150ml single or double cream", amount: 150, unit: "ml", name: "single cream",
      alternatives: ["double cream"]),
    Reading(
      text: "1 cup half-and-half or light cream", amount: 1, unit: "cup", name: "half-and-half",
      alternatives: ["light cream"]),
    // A pack's size written as a range with "to" between hyphens
    Reading(
      text: "1 12-to-14-pound turkey, giblets removed", amount: 1, name: "turkey",
      note: "giblets removed", pack: "12 lb"),
    Reading(
      text: "1 (10-to-12-ounce) bag spinach", amount: 1, unit: "bag", name: "spinach",
      pack: "10 oz"),
    Reading(text: "1 6-to-7 pound goose", amount: 1, name: "goose", pack: "6 lb"),
    // A describing word before the size of each stays with the name; a count unit after the
    // size is the line's unit
    Reading(text: "1 whole 4-pound duck", amount: 1, name: "whole duck", pack: "4 lb"),
    Reading(
      text: "2 prebaked 10-inch pizza bases", amount: 2, name: "prebaked pizza bases",
      pack: "10 inch"),
    Reading(
      text: "1 peeled 2-ounce piece of horseradish", amount: 1, unit: "piece",
      name: "horseradish", preparation: "peeled", pack: "2 oz"),
    Reading(
      text: "1 whole 4- to 5-pound chicken, patted dry", amount: 1, name: "whole chicken",
      preparation: "patted dry", pack: "4 lb"),
    // "whole" before a count unit is how the food is used
    Reading(
      text: "4 whole cloves garlic, smashed", amount: 4, unit: "clove", name: "garlic",
      preparation: "whole, smashed"),
    Reading(text: "3 whole cloves", amount: 3, name: "whole cloves"),
    Reading(
      text: "2 healthy handfuls rocket", amount: 2, unit: "handful", name: "rocket",
      note: "healthy"),
    // The cut of what a volume or weight measures, between it and the food
    Reading(
      text: "3 cups 1-inch cubes stale sourdough", amount: 3, unit: "cup",
      name: "stale sourdough", preparation: "1-inch cubes"),
    Reading(
      text: "1 cup 1/2-inch-thick slices of leek", amount: 1, unit: "cup", name: "leek",
      preparation: "1/2-inch-thick slices"),
    Reading(
      text: "1/2 pound 1/8-inch wide rice noodles", amount: 0.5, unit: "lb",
      name: "rice noodles", preparation: "1/8-inch wide"),
    Reading(
      text: "2/3 cup 1/4-inch diced carrot", amount: 2.0 / 3, unit: "cup", name: "carrot",
      preparation: "1/4-inch diced"),
    // "a sprig or two": one or two of a counted unit
    Reading(
      text: "a sprig or two of tarragon", amount: 1, maxAmount: 2, unit: "sprig",
      name: "tarragon"),
    Reading(
      text: "A clove or two garlic, sliced", amount: 1, maxAmount: 2, unit: "clove",
      name: "garlic", preparation: "sliced"),
    // A page's space before the hyphen that joins a number to its unit
    Reading(text: "1 3 1/2 -pound duck", amount: 1, name: "duck", pack: "3.5 lb"),
    Reading(
      text: "1 cup 1/2 -inch cubes mango", amount: 1, unit: "cup", name: "mango",
      preparation: "1/2 -inch cubes"),
    // More parts of a food before it: rinds, skin, whites and yolks, flesh, pulp, segments;
    // and a longer run of what was done to them
    Reading(
      text: "Yolks of 3 large eggs", amount: 3, name: "eggs", preparation: "Yolks of",
      size: "large"),
    Reading(
      text: "Pulp of 6 passion fruit", amount: 6, name: "passion fruit", preparation: "Pulp of"),
    Reading(
      text: "Finely grated rinds of 2 oranges", amount: 2, name: "oranges",
      preparation: "Finely grated rinds of"),
    Reading(
      text: "Finely grated zest and freshly squeezed juice of 2 limes", amount: 2,
      name: "limes", preparation: "Finely grated zest and freshly squeezed juice of"),
    Reading(text: "Egg yolks", amount: nil, name: "Egg yolks"),
    // A comma that only closes the amount; "less" opens an aside; two capitalised kinds share
    // the food after them
    Reading(
      text: "1 5- to 6-pound, fully cooked smoked ham", amount: 1,
      name: "fully cooked smoked ham", pack: "5 lb"),
    Reading(
      text: "1/2 cup tightly packed, torn basil leaves", amount: 0.5, unit: "cup",
      name: "basil leaves", preparation: "tightly packed, torn"),
    Reading(
      text: "2 cups, less 1 tablespoon, plain flour", amount: 2, unit: "cup",
      name: "plain flour", note: "less 1 tablespoon"),
    Reading(
      text: "100ml Scotch or Irish whiskey", amount: 100, unit: "ml", name: "Scotch whiskey",
      alternatives: ["Irish whiskey"]),
    Reading(
      text: "2 cups, sifted", amount: 2, unit: "cup", name: "", preparation: "sifted",
      uncertain: true),
    // Amounts after the name: "x 3", or a number straight after it before a comma
    Reading(text: "Lemons x 2", amount: 2, name: "Lemons"),
    Reading(text: "Limes (unwaxed) x 3", amount: 3, name: "Limes", note: "unwaxed"),
    Reading(
      text: "Yellow pepper  2, deseeded", amount: 2, name: "Yellow pepper",
      preparation: "deseeded"),
    Reading(
      text: "Vegetable stock 750ml, hot", amount: 750, unit: "ml", name: "Vegetable stock",
      note: "hot"),
    Reading(
      text: "Parsley for 4 plates, chopped", amount: nil, name: "Parsley",
      preparation: "chopped"),
    // A compound amount with dotted units; "+" for "plus"; "approx." before a bracketed amount
    Reading(text: "2 lb. 8 oz. beef brisket", amount: 2.5, unit: "lb", name: "beef brisket"),
    Reading(
      text: "1/3 cup + 1 tbsp icing sugar", amount: 1.0 / 3, unit: "cup", name: "icing sugar",
      note: "+ 1 tbsp"),
    Reading(
      text: "4 large carrots (approx. 400g)", amount: 4, name: "carrots", note: "approx. 400g",
      size: "large", equivalents: ["400 g"]),
    // A bracketed length after a counted food says how big, not how much
    Reading(
      text: "2 vanilla pods (about 6 inches)", amount: 2, name: "vanilla pods",
      note: "about 6 inches"),
    Reading(
      text: "Fresh turmeric (about 3 inches)", amount: 3, unit: "inch", name: "Fresh turmeric",
      note: "about 3 inches"),
    Reading(
      text: "1 cup (1/2 inch) diced celeriac", amount: 1, unit: "cup", name: "celeriac",
      preparation: "diced", note: "1/2 inch"),
    Reading(
      text: "3/4 cup diced (1/4 inch) carrots", amount: 0.75, unit: "cup", name: "carrots",
      preparation: "diced", note: "1/4 inch"),
    // The unit of an amount without a number: after a vague amount, or closing the name
    Reading(
      text: "A couple of sprigs of mint", amount: 2, unit: "sprig", name: "mint"),
    Reading(
      text: "Several sprigs of dill", amount: nil, name: "dill", note: "Several sprigs",
      vagueUnit: "sprig"),
    Reading(
      text: "Tarragon sprigs, to garnish", amount: nil, name: "Tarragon", note: "to garnish",
      vagueUnit: "sprig"),
    Reading(text: "Rhubarb sticks", amount: nil, name: "Rhubarb", vagueUnit: "stick"),
    Reading(
      text: "Several large sprigs of sage", amount: nil, name: "sage", note: "Several sprigs",
      size: "large", vagueUnit: "sprig"),
    // "each", "less" and worded amounts after "plus"; another count unit or a sized amount
    // after "or"
    Reading(
      text: "Pinch each nutmeg and cloves", amount: 1, unit: "pinch",
      name: "nutmeg and cloves", note: "each"),
    Reading(
      text: "2 cups less 3 tablespoons milk", amount: 2, unit: "cup", name: "milk",
      note: "less 3 tablespoons"),
    Reading(
      text: "1 teaspoon plus a pinch of cumin", amount: 1, unit: "tsp", name: "cumin",
      note: "plus a pinch"),
    Reading(
      text: "1 bunch or bag of watercress", amount: 1, unit: "bunch", name: "watercress",
      note: "or bag"),
    Reading(
      text: "3 heads or 2 large heads fennel", amount: 3, unit: "head", name: "fennel",
      equivalents: ["2 head"]),
    Reading(
      text: "6 shoulder or loin chops", amount: 6, name: "shoulder chops",
      alternatives: ["loin chops"]),
    // "minus" like "less"; "plus" after a comma before the name; "each" after a count;
    // "packed" between a count and a volume
    Reading(
      text: "2 cups minus 1 tablespoon bread flour", amount: 2, unit: "cup", name: "bread flour",
      note: "minus 1 tablespoon"),
    Reading(
      text: "1/3 cup, plus 2 teaspoons maple syrup", amount: 0.375, unit: "cup",
      name: "maple syrup"),
    Reading(
      text: "2 each red and yellow peppers, sliced", amount: 2, name: "red and yellow peppers",
      preparation: "sliced", note: "each"),
    Reading(
      text: "3 packed cups baby spinach", amount: 3, unit: "cup", name: "baby spinach",
      note: "packed"),
    // A length and a shape joined are a size ("inch-long", "finger-thick")
    Reading(
      text: "1 finger-long piece of turmeric", amount: 1, unit: "piece", name: "turmeric",
      size: "finger-long"),
    Reading(text: "Orange slices, to serve", amount: nil, name: "Orange slices", note: "to serve"),
    Reading(text: "Whole cloves", amount: nil, name: "Whole cloves"),
    Reading(
      text: "Mint and parsley sprigs, to serve", amount: nil, name: "Mint and parsley sprigs",
      note: "to serve"),
    // Seventh round (6 December 2026): a batch of another recipe is a unit
    Reading(
      text: "1 recipe shortcrust pastry (see below)", amount: 1, unit: "recipe",
      name: "shortcrust pastry", note: "see below"),
    Reading(text: "2 batches pizza dough", amount: 2, unit: "recipe", name: "pizza dough"),
    Reading(text: "1 recipe for brioche dough", amount: 1, unit: "recipe", name: "brioche dough"),
    // A nationality, a proper name of capitalised words, or a list of single words before
    // "or" shares the food written once after the last choice
    Reading(
      text: "6 ounces stale Italian or country bread, torn", amount: 6, unit: "oz",
      name: "stale Italian bread", preparation: "torn", alternatives: ["country bread"]),
    Reading(
      text: "2 mild Italian, pork or chicken sausages", amount: 2, name: "mild Italian sausages",
      alternatives: ["pork", "chicken sausages"]),
    Reading(
      text: "1 pound New York or rib-eye steak", amount: 1, unit: "lb", name: "New York steak",
      alternatives: ["rib-eye steak"]),
    Reading(
      text: "1/2 serrano or jalapeño chile", amount: 0.5, name: "serrano chile",
      alternatives: ["jalapeño chile"]),
    Reading(
      text: "2 cups cherry or grape tomatoes", amount: 2, unit: "cup", name: "cherry tomatoes",
      alternatives: ["grape tomatoes"]),
    Reading(
      text: "3 Golden Delicious or Gala apples", amount: 3, name: "Golden Delicious apples",
      alternatives: ["Gala apples"]),
    // ... but a food listed first keeps its own name: a describing word after "or" is the
    // last choice's
    Reading(
      text: "1 pound whitebait, sprats or small smelts", amount: 1, unit: "lb", name: "whitebait",
      alternatives: ["sprats", "small smelts"]),
    // Two describing words joined by "but" are one size; a describing list may go on with
    // "homemade" when the food follows it
    Reading(
      text: "3 ripe but firm pears, peeled", amount: 3, name: "pears", preparation: "peeled",
      size: "ripe but firm"),
    Reading(
      text: "4 cups rich, homemade chicken stock", amount: 4, unit: "cup",
      name: "rich, homemade chicken stock"),
    Reading(
      text: "1 cup chicken stock, homemade", amount: 1, unit: "cup", name: "chicken stock",
      note: "homemade"),
  ]

  /// For each of the flag's signals of 5 December's third round and later, a line it must mark
  /// and a close one it must not.
  static let flagPairs: [FlagPair] = [
    // A lone adverb for a name; a name of describing words only
    FlagPair(
      flagged: "1/2 cup snugly packed, roughly chopped mint leaves",
      clean: "1/2 cup snugly packed mint leaves"),
    FlagPair(
      flagged: "12 ounces firm or extra-firm regular or low-fat organic tofu",
      clean: "12 ounces firm regular tofu"),
    // A short participle or a clause word closing the name
    FlagPair(flagged: "2 cups black tea leaves iced", clean: "2 cups black tea leaves"),
    FlagPair(
      flagged: "3/4 cup frozen peas that have been thawed under hot water",
      clean: "3/4 cup frozen peas, thawed under hot water"),
    // A number word closing the name
    FlagPair(flagged: "2 tomatoes and one", clean: "2 carrots, one minced"),
    // "The" opening the name, "if" inside it
    FlagPair(flagged: "The trimmings from the fish", clean: "Trimmings from the fish"),
    // A unit word left in the name, but not a bracketed length read as the size (a vague amount's
    // unit is read from 6 December 2026: "Several sprigs fresh dill" is no longer doubted)
    FlagPair(flagged: "1 walnut piece ginger", clean: "1 (9-inch) pie shell"),
    FlagPair(flagged: "Salt if necessary", clean: "Salt as necessary"),
    FlagPair(flagged: "Freshly ground pinch of pepper", clean: "Pinch of freshly ground pepper"),
    // A counted name opening with a piece word, or closing with a count unit
    FlagPair(
      flagged: "1 wedge fresh pumpkin (about 2 pounds)", clean: "1 fresh pumpkin (about 2 pounds)"),
    FlagPair(flagged: "12 lasagna strips", clean: "2 whole cloves"),
    // Describing words listed with commas joined to a name holding no "and" or "or"
    FlagPair(
      flagged: "Salt, white pepper, sugar and sea salt",
      clean: "Salt, black pepper and cayenne to taste"),
    // Seventh round (6 December 2026): a colon inside the name
    FlagPair(
      flagged: "3 cups of any of these: kale, chard or spinach",
      clean: "3 cups kale, chard or spinach"),
    // A name that is only a piece or a part of a food
    FlagPair(flagged: "8 rounds stale baguette", clean: "8 slices stale baguette"),
    FlagPair(flagged: "4 yolks from large eggs", clean: "4 large egg yolks"),
    // A name of several words closing with a nationality
    FlagPair(
      flagged: "2 dozen green or black medium Greek, Italian or French olives",
      clean: "2 dozen medium Greek olives"),
    // Another food read as the preparation ("or other" in it)
    FlagPair(
      flagged: "1 pound halibut, striped bass or other fish fillets",
      clean: "1 pound halibut fillets, skinned"),
    // A food that names a kind opening a note straight after the name, with "or" after it
    FlagPair(
      flagged: "4 cups rich, unsalted chicken, veal or beef stock",
      clean: "1 bouillon cube - beef, chicken or vegetable"),
    // A name of describing words and shapes only; a name of number words
    FlagPair(
      flagged: "2 whole long or round dried chillies", clean: "2 whole dried chillies"),
    FlagPair(
      flagged: "1 three-and-a-half- to four-pound chicken", clean: "1 three-pound chicken"),
    // "but" opening the name
    FlagPair(flagged: "6 ripe but not soft peaches", clean: "6 ripe but firm peaches"),
  ]

  @Test(arguments: flagPairs)
  func flagsTheMisreadLineButNotItsNeighbour(pair: FlagPair) {
    #expect(IngredientLineParser.parse(pair.flagged).uncertain)
    #expect(!IngredientLineParser.parse(pair.clean).uncertain)
  }

  @Test(arguments: cases)
  func readsEachCase(expected: Reading) {
    let line = IngredientLineParser.parse(expected.text)
    #expect(line.text == expected.text)
    if let amount = expected.amount {
      #expect(abs((line.quantity?.amount ?? .nan) - amount) < 1e-9)
    } else {
      #expect(line.quantity == nil)
    }
    #expect(line.quantity?.maxAmount == expected.maxAmount)
    #expect(line.quantity?.unit?.id == expected.unit)
    #expect(line.name == expected.name)
    if let preparation = expected.preparation { #expect(line.preparation == preparation) }
    if let note = expected.note { #expect(line.note == note) }
    #expect(line.optional == expected.optional)
    #expect(line.uncertain == expected.uncertain)
    #expect(line.alternatives == expected.alternatives)
    if let size = expected.size { #expect(line.size == size) }
    #expect(described(line.packSize) == expected.pack)
    #expect(line.equivalents.compactMap { described($0) } == expected.equivalents)
    #expect(line.vagueUnit?.id == expected.vagueUnit)
  }

  @Test(arguments: ["For the sauce:", "Marinade:", "For the Tacos", "**Dressing:**", "TO SERVE"])
  func readsHeadings(text: String) {
    guard case .heading(let heading) = IngredientLineParser.read(text) else {
      Issue.record("\(text) was not read as a heading")
      return
    }
    #expect(!heading.hasSuffix(":") && !heading.isEmpty)
  }

  @Test(arguments: [
    "2 eggs", "Salt: 1 tsp", "for 4 people 2 eggs", "Salt", "olive oil, for serving",
  ])
  func doesNotTakeIngredientsForHeadings(text: String) {
    #expect(IngredientLineParser.heading(in: text) == nil)
  }

  @Test func keepsTheNamePhraseAsWrittenBesideTheSplitName() {
    let detailed = IngredientLineParser.parseDetailed("2 cups chicken or vegetable stock")
    #expect(detailed.line.name == "chicken stock")
    #expect(detailed.namePhrase == "chicken or vegetable stock")
    let chopped = IngredientLineParser.parseDetailed("2 tbsp finely chopped parsley or chives")
    #expect(chopped.line.name == "parsley")
    #expect(chopped.namePhrase == "finely chopped parsley or chives")
    #expect(chopped.choicePhrase == "parsley or chives")
  }

  @Test func keepsTheFirstAmountAsWrittenWhenAnAddedMeasureCountsIn() {
    let added = IngredientLineParser.parseDetailed("1 cup plus 2 tablespoons flour")
    #expect(added.line.quantity?.amount == 1.125)
    #expect(added.firstAmount == 1)
    #expect(IngredientLineParser.parseDetailed("1 cup flour").firstAmount == nil)
    #expect(IngredientLineParser.parseDetailed("1 cup plus 1 tablespoon flour").firstAmount == nil)
  }

  @Test(arguments: [
    "", "   ", "((((", "1/", "½½½", "-----", "x x x", "🍅🍅", "0", "99999999999999 g",
  ])
  func neverTrapsOnOddLinesAndFlagsThemWhenUnsure(text: String) {
    let line = IngredientLineParser.parse(text)
    if let amount = line.quantity?.amount { #expect(amount.isFinite) }
    if line.name.isEmpty { #expect(line.uncertain) }
  }
}
