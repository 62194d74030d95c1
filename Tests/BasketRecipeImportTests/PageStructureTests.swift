import BasketKit
import Testing

@testable import BasketRecipeImport

/// Pages read by their structure (headings, lists, paragraphs) when they carry no recipe
/// markup, in any language. Each page here is small and written for the test.
@Suite struct PageStructureTests {
  private func recipe(_ body: String, units: MeasurementSystem = .metric) throws -> Recipe {
    let html = "<html><head><title>Page</title></head><body>\(body)</body></html>"
    return try #require(RecipeDocumentImporter.recipe(from: Array(html.utf8), units: units))
  }

  private func texts(_ recipe: Recipe) -> [String] {
    recipe.ingredients.map(\.text)
  }

  @Test(arguments: [
    // A heading in another language, a colon, words after it.
    (
      "<h1>Pannenkoeken</h1><p>Benodigdheden:</p><ul><li>2 eieren</li><li>250 ml melk</li>"
        + "<li>125 gr bloem</li></ul><p>Bereidingswijze:</p><p>Klop de eieren met de melk.</p>"
        + "<p>Bak de pannenkoeken in een hete pan.</p>",
      ["2 eieren", "250 ml melk", "125 gr bloem"], 2
    ),
    (
      "<h2>Zutaten für 4 Personen</h2><ul><li>500 g Mehl</li><li>2 Eier</li><li>1 Prise Salz</li>"
        + "</ul><h2>Zubereitung</h2><ol><li>Alles verrühren und ruhen lassen.</li>"
        + "<li>In der Pfanne ausbacken.</li></ol>",
      ["500 g Mehl", "2 Eier", "1 Prise Salz"], 2
    ),
    // A heading that is a short line of its own, a full-width colon.
    (
      "<div>材料：</div><ul><li>4 个 蛋</li><li>125 克 细砂糖</li><li>115 克 普通面粉</li></ul>"
        + "<div>做法：</div><ol><li>把烤炉预热至200°C。</li><li>把蛋和糖打发至浓稠状态。</li></ol>",
      ["4 个 蛋", "125 克 细砂糖", "115 克 普通面粉"], 2
    ),
    // A menu naming ingredients comes first; the list that reads like ingredients wins.
    (
      "<ul><li>Home</li></ul><div>Recipes with few ingredients</div><div>Pasta</div>"
        + "<div>Soup</div><h2>Ingredients</h2><ul><li>200 g spaghetti</li><li>2 cloves garlic</li>"
        + "<li>3 tbsp olive oil</li></ul><h2>Method</h2><p>Cook the spaghetti in salted water.</p>"
        + "<p>Fry the garlic in the oil and toss it with the pasta.</p>",
      ["200 g spaghetti", "2 cloves garlic", "3 tbsp olive oil"], 2
    ),
  ])
  func readsIngredientsAndMethodUnderHeadingsWithoutMarkup(
    body: String, ingredients: [String], steps: Int
  ) throws {
    let read = try recipe(body)
    #expect(texts(read) == ingredients)
    #expect(read.instructions.count == steps)
    #expect(read.doubt == nil)
  }

  @Test(arguments: [
    // Lines broken by <br> in one paragraph.
    (
      "<h2>Ingredients</h2><p>400 g lamb mince<br>2 tsp ground cumin<br>2 cloves garlic, crushed"
        + "<br>1 tbsp grated ginger</p><h2>Method</h2><p>Mix everything and roll into balls.</p>",
      [
        "400 g lamb mince", "2 tsp ground cumin", "2 cloves garlic, crushed",
        "1 tbsp grated ginger",
      ]
    ),
    // Bullets written inside one paragraph.
    (
      "<h2>Zutaten</h2><p>• 15 g Parmesan • 1 Ei • 1 EL Wasser</p><h2>Zubereitung</h2>"
        + "<p>Alles gut verrühren und kurz ruhen lassen.</p>",
      ["15 g Parmesan", "1 Ei", "1 EL Wasser"]
    ),
    // Rows of cells: the name beside its amount, read amount first.
    (
      "<h2>Zutaten</h2><div><div>Kritharaki</div><div>275 g</div></div>"
        + "<div><div>Fenchel</div><div>1 Stk.</div></div><div><div>Erbsen</div><div>400 g</div></div>"
        + "<h2>Zubereitung</h2><p>Die Kritharaki in Salzwasser kochen und abgießen.</p>",
      ["275 g Kritharaki", "1 Stk. Fenchel", "400 g Erbsen"]
    ),
    // A table's rows: each row's cells are one line, a note under a cell's food with it.
    (
      "<h2>Ingredients</h2><table><tr><th>Amount</th><th>Measure</th><th>Ingredient</th></tr>"
        + "<tr><td>1 ½</td><td>cups</td><td><a>flour</a><br><small></small></td></tr>"
        + "<tr><td>1</td><td>stick</td><td><div>butter</div><br><small>room temp.</small></td></tr>"
        + "<tr><td>2</td><td></td><td>eggs</td></tr></table>"
        + "<h2>Method</h2><p>Beat the butter with the flour and the eggs.</p>",
      ["1 ½ cups flour", "1 stick butter room temp.", "2 eggs"]
    ),
    // A table of one cell a row keeps the cell's lines.
    (
      "<h2>Ingredients</h2><table><tr><td>400 g lamb mince<br>2 tsp ground cumin</td></tr>"
        + "</table><h2>Method</h2><p>Mix everything and roll into balls.</p>",
      ["400 g lamb mince", "2 tsp ground cumin"]
    ),
  ])
  func splitsOneBlockIntoItsLines(body: String, ingredients: [String]) throws {
    #expect(texts(try recipe(body)) == ingredients)
  }

  @Test(arguments: [
    // A sub-heading inside the list is a group's heading, not an ingredient.
    (
      "<h2>Ingredients</h2><h3>For the dough</h3><ul><li>300 g flour</li><li>1 egg</li></ul>"
        + "<h3>For the filling</h3><ul><li>200 g ricotta</li><li>1 lemon</li></ul>"
        + "<h2>Method</h2><p>Make the dough and let it rest for an hour.</p>",
      ["For the dough", "For the filling"], ["300 g flour", "1 egg", "200 g ricotta", "1 lemon"]
    ),
    // A short paragraph just before a list is its heading.
    (
      "<h2>Ingredients</h2><p>Rub</p><ul><li>2 tbsp chili powder</li><li>1 tbsp salt</li></ul>"
        + "<ul><li>2 racks of lamb</li></ul><h2>Directions</h2><ul>"
        + "<li>Rub the lamb all over and leave it for an hour.</li></ul>",
      ["Rub"], ["2 tbsp chili powder", "1 tbsp salt", "2 racks of lamb"]
    ),
    // One block's lines: a capitalised word before the lines with amounts titles them.
    (
      "<h2>Ingredients</h2><p>Meatballs<br>400 g lamb mince<br>2 tsp ground cumin<br>1 egg<br>"
        + "Sauce<br>2 tbsp olive oil<br>1 large onion, sliced<br>3 tbsp curry<br>paste</p>"
        + "<h2>Method</h2><p>Roll the mince into balls and simmer them in the sauce.</p>",
      ["Meatballs", "Sauce"],
      [
        "400 g lamb mince", "2 tsp ground cumin", "1 egg", "2 tbsp olive oil",
        "1 large onion, sliced", "3 tbsp curry", "paste",
      ]
    ),
  ])
  func keepsSectionHeadingsAsGroupHeadings(
    body: String, headings: [String], ingredients: [String]
  ) throws {
    let read = try recipe(body)
    #expect(read.ingredientGroups.compactMap(\.heading) == headings)
    #expect(texts(read) == ingredients)
  }

  private static let twoCopies =
    "<h2>Ingredients</h2><ul><li>225 g butter</li><li>200 g sugar</li><li>2 eggs</li>"
    + "<li>250 g flour</li><li>1 cup butter</li><li>1 cup sugar</li><li>2 eggs</li>"
    + "<li>2 cups flour</li></ul><h2>Method</h2><p>Cream the butter and sugar, then beat in the eggs.</p>"

  @Test(arguments: [
    (MeasurementSystem.metric, ["225 g butter", "200 g sugar", "2 eggs", "250 g flour"]),
    (.us, ["1 cup butter", "1 cup sugar", "2 eggs", "2 cups flour"]),
  ])
  func choosesOneOfTwoCopiesOfAListByTheHouseholdsUnits(
    units: MeasurementSystem, ingredients: [String]
  ) throws {
    #expect(texts(try recipe(Self.twoCopies, units: units)) == ingredients)
  }

  @Test(arguments: [
    // A shopping widget's heading ends the list.
    (
      "<h2>Ingredients</h2><ul><li>2 eggs</li><li>100 g sugar</li></ul><h3>Shop the ingredients</h3>"
        + "<ul><li>Eggs, free range, 6 pack</li></ul><h2>Method</h2><p>Whisk the eggs with the sugar.</p>",
      ["2 eggs", "100 g sugar"], ["Whisk the eggs with the sugar."]
    ),
    // Nutrition and comments after the method are not steps.
    (
      "<h2>Ingredients</h2><ul><li>2 eggs</li><li>100 g sugar</li></ul><h2>Method</h2>"
        + "<ol><li>Whisk the eggs with the sugar until pale.</li><li>Bake for 20 minutes.</li></ol>"
        + "<h3>Nutrition</h3><ul><li>Calories: 230</li></ul><h3>Comments</h3><p>Lovely recipe, thanks so much!</p>",
      ["2 eggs", "100 g sugar"],
      ["Whisk the eggs with the sugar until pale.", "Bake for 20 minutes."]
    ),
    // A servings widget beside the list is left out.
    (
      "<h2>Ingredients</h2><div>Makes 6 servings</div><div>1/2x1x2x</div><ul><li>2 Tbsp oil</li>"
        + "<li>1 onion, diced</li></ul><h2>Directions</h2><ul><li>Heat the oil and fry the onion.</li></ul>",
      ["2 Tbsp oil", "1 onion, diced"], ["Heat the oil and fry the onion."]
    ),
    // A servings stepper above rows that are not a list is left out, in any language.
    (
      "<h2>Hozzávalók</h2><div><button><svg></svg></button><div>kettő főre</div><button><svg></svg></button></div>"
        + "<div><div>2 rúd</div><div>fahéj</div></div><div><div>1 l</div><div>tej</div></div>"
        + "<div><div>200 g</div><div>rizs</div></div>"
        + "<h2>Elkészítés</h2><p>Főzd puhára a rizst a tejben.</p>",
      ["2 rúd fahéj", "1 l tej", "200 g rizs"], ["Főzd puhára a rizst a tejben."]
    ),
    (
      "<h2>Ingredients</h2><div><div>Serves: 4</div></div><div><div>2 Tbsp</div><div>oil</div></div>"
        + "<div><div>1</div><div>onion, diced</div></div>"
        + "<h2>Directions</h2><p>Heat the oil and fry the onion.</p>",
      ["2 Tbsp oil", "1 onion, diced"], ["Heat the oil and fry the onion."]
    ),
    // A box of times titled like the method ("Preparación") is not the method: the text
    // after the list is.
    (
      "<div><p>Preparación</p><p>35 m</p><p>Cocinado</p><p>35 m</p></div>"
        + "<h2>Ingredientes</h2><ul><li>500 g de calabaza</li><li>2 puerros</li></ul>"
        + "<h2>Elaboración de la crema de calabaza con Thermomix</h2>"
        + "<p>Pela la calabaza y córtala en dados de unos 4 centímetros.</p>"
        + "<p>Cocina todo durante 35 minutos y tritura.</p>",
      ["500 g de calabaza", "2 puerros"],
      [
        "Pela la calabaza y córtala en dados de unos 4 centímetros.",
        "Cocina todo durante 35 minutos y tritura.",
      ]
    ),
    // The method's title again under its heading, and a call to subscribe, are not steps.
    (
      "<h2>Ingredients</h2><ul><li>400 g lamb mince</li><li>2 tsp cumin</li></ul><h2>Method</h2>"
        + "<h3>Preparation</h3><p>Mix the lamb with the cumin and roll it into sixteen balls.</p>"
        + "<p>Fry the balls in a hot pan until browned all over.</p>"
        + "<p>Subscribe or log in to save this recipe.</p>",
      ["400 g lamb mince", "2 tsp cumin"],
      [
        "Mix the lamb with the cumin and roll it into sixteen balls.",
        "Fry the balls in a hot pan until browned all over.",
      ]
    ),
    // Headings among the steps title them: they are not steps.
    (
      "<h2>Ingredients</h2><ul><li>2 eggs</li><li>100 g sugar</li></ul><h2>Method</h2>"
        + "<h4>Preparation of the eggs</h4><p>Whisk the eggs with the sugar until pale.</p>"
        + "<h4>Cooking</h4><p>Bake the mixture for 20 minutes.</p><p>For the topping:</p>"
        + "<p>Dust the cake with a little sugar before serving.</p>",
      ["2 eggs", "100 g sugar"],
      [
        "Whisk the eggs with the sugar until pale.", "Bake the mixture for 20 minutes.",
        "Dust the cake with a little sugar before serving.",
      ]
    ),
  ])
  func leavesOutWhatIsNotTheRecipe(body: String, ingredients: [String], steps: [String]) throws {
    let read = try recipe(body)
    #expect(texts(read) == ingredients)
    #expect(read.instructions == steps)
  }

  @Test(arguments: [
    // Markup that joins the method into one step the page shows as three.
    (
      "<script type=\"application/ld+json\">{\"@type\":\"Recipe\",\"name\":\"Chilli\","
        + "\"recipeIngredient\":[\"500 g beef mince\",\"1 onion\"],\"recipeInstructions\":"
        + "\"Brown the beef in a large pan. Add the onion and cook for five minutes.Add the tomatoes and simmer for twenty minutes.Serve with rice.\"}</script>"
        + "<h2>Method</h2><ol><li><p>Brown the beef in a large pan. Add the onion and cook for five minutes.</p>"
        + "<div>Tip: turkey mince works too.</div></li><li>Add the tomatoes and simmer for twenty minutes.</li>"
        + "<li>Serve with rice.</li></ol>",
      [
        "Brown the beef in a large pan. Add the onion and cook for five minutes.",
        "Add the tomatoes and simmer for twenty minutes.", "Serve with rice.",
      ]
    ),
    // Markup that joins the method into one string the page shows as paragraphs, the first
    // a part's short title.
    (
      "<script type=\"application/ld+json\">{\"@type\":\"Recipe\",\"name\":\"Focaccia\","
        + "\"recipeIngredient\":[\"500 g flour\"],\"recipeInstructions\":"
        + "[\"Herb topping: Combine the oil and the herbs in a small bowl.  For the dough: Mix the flour with the water until smooth and elastic.\"]}</script>"
        + "<div><p>Herb topping:</p><p>Combine the oil and the herbs in a small bowl.</p>"
        + "<p>For the dough:</p><p>Mix the flour with the water until smooth and elastic.</p></div>",
      [
        "Herb topping:", "Combine the oil and the herbs in a small bowl.", "For the dough:",
        "Mix the flour with the water until smooth and elastic.",
      ]
    ),
    // Numbered inline.
    (
      "<script type=\"application/ld+json\">{\"@type\":\"Recipe\",\"name\":\"Muffins\","
        + "\"recipeIngredient\":[\"2 cups flour\"],\"recipeInstructions\":"
        + "[\"1. Heat the oven to 180 C. 2. Mix the flour with the milk. 3. Bake for 20 minutes.\"]}</script>",
      ["Heat the oven to 180 C.", "Mix the flour with the milk.", "Bake for 20 minutes."]
    ),
  ])
  func splitsAMethodTheMarkupJoins(body: String, steps: [String]) throws {
    #expect(try recipe(body).instructions == steps)
  }

  @Test(arguments: [
    // The title set in bold above the list (a recipe plugin's group name).
    (
      #"["Muffin dough","2 cups flour","1 cup sugar","For the swirl","100 g chocolate"]"#,
      "<ul><li><span><strong>Muffin dough</strong></span></li><li>2 cups flour</li>"
        + "<li>1 cup sugar</li><li>For the swirl</li><li>100 g chocolate</li></ul>",
      ["Muffin dough", "For the swirl"], [["2 cups flour", "1 cup sugar"], ["100 g chocolate"]]
    ),
    // The title in an element of its own class among the lines' elements.
    (
      #"["60 ml olive oil","Pita bread, to serve","Yoghurt Dressing","1 tbsp ouzo","70 g yoghurt"]"#,
      "<div class=\"list\"><div class=\"item\"><label><span>60 ml olive oil</span></label></div>"
        + "<div class=\"item\"><label><span>Pita bread, to serve</span></label></div>"
        + "<div class=\"title\">Yoghurt Dressing</div>"
        + "<div class=\"item\"><label><span>1 tbsp ouzo</span></label></div>"
        + "<div class=\"item\"><label><span>70 g yoghurt</span></label></div></div>",
      [nil, "Yoghurt Dressing"],
      [["60 ml olive oil", "Pita bread, to serve"], ["1 tbsp ouzo", "70 g yoghurt"]]
    ),
    // A line in bold among lines broken by `<br>`.
    (
      #"["Dressing","1/2 cup mayonnaise","1/4 cup milk","Salad","2 cups chicken"]"#,
      "<p><b>Dressing</b><br>1/2 cup mayonnaise<br>1/4 cup milk</p>"
        + "<p><b>Salad</b><br>2 cups chicken</p>",
      ["Dressing", "Salad"], [["1/2 cup mayonnaise", "1/4 cup milk"], ["2 cups chicken"]]
    ),
  ])
  func takesALineThePageShowsAsATitleAsTheGroupsHeading(
    marked: String, page: String, headings: [String?], groups: [[String]]
  ) throws {
    let read = try recipe(Self.marked(marked) + page)
    #expect(read.ingredientGroups.map(\.heading) == headings)
    #expect(read.ingredientGroups.map { $0.ingredients.map(\.text) } == groups)
  }

  @Test(arguments: [
    // A page that sets every food in bold sets a line without an amount wholly in bold.
    (
      #"["2 tsp rice vinegar","Rapeseed oil","1 large leek, sliced"]"#,
      "<p><strong>2 tsp rice vinegar<br>Rapeseed oil<br>1 large leek</strong>, sliced</p>"
    ),
    // A line marked by a second class ("is-single") is still one of the list's lines.
    (
      #"["5 dl stock","Salt","110 g polenta"]"#,
      "<ul><li class=\"item\"><span>5 dl</span> <span>stock</span></li>"
        + "<li class=\"item is-single\"><span></span> <span>Salt</span></li>"
        + "<li class=\"item\"><span>110 g</span> <span>polenta</span></li></ul>"
    ),
    // A line in a cell of its own where the others fill two: cells are styled apart.
    (
      #"["flour","salt","butter"]"#,
      "<div><div class=\"amount\">200 g</div><div class=\"name\">flour</div></div>"
        + "<div><div class=\"name\">salt</div></div>"
        + "<div><div class=\"amount\">50 g</div><div class=\"name\">butter</div></div>"
    ),
  ])
  func keepsAnIngredientWithoutAnAmountAmongTheLines(marked: String, page: String) throws {
    let read = try recipe(Self.marked(marked) + page)
    #expect(read.ingredientGroups.count == 1)
    #expect(read.ingredients.count == 3)
  }

  @Test func takesAnAmountTheMarkupLeavesOutFromThePagesOwnList() throws {
    let body =
      "<script type=\"application/ld+json\">{\"@type\":\"Recipe\",\"name\":\"Popcorn\","
      + "\"recipeIngredient\":[\"popping corn\",\"2 tbsp oil\",\"butter\"],"
      + "\"recipeInstructions\":[\"Pop the corn.\"]}</script>"
      + "<p>Ingredients</p><div><div>½ cup</div><div>popping corn</div></div>"
      + "<div><div>2 tbsp</div><div>oil</div></div><div><div>2 tbsp</div><div>butter</div></div>"
    #expect(texts(try recipe(body)) == ["½ cup popping corn", "2 tbsp oil", "2 tbsp butter"])
  }

  @Test(arguments: [
    // The first top heading is the page's hidden navigation: the one the title names wins.
    ("Shortbread | Bake Club", "<h1>Navigation</h1><h1>Shortbread</h1>", "Shortbread"),
    // None named: the first.
    ("Bake Club", "<h1>Shortbread</h1><h1>More recipes</h1>", "Shortbread"),
    // No top heading: the document's title.
    ("Shortbread", "<h2>Our bakes</h2>", "Shortbread"),
  ])
  func titlesARecipeWithoutMarkupByTheHeadingItsPageNames(
    documentTitle: String, headings: String, title: String
  ) throws {
    let html =
      "<html><head><title>\(documentTitle)</title></head><body>\(headings)"
      + "<h2>Ingredients</h2><ul><li>200 g flour</li><li>100 g butter</li><li>50 g sugar</li>"
      + "</ul><h2>Method</h2><p>Rub the butter into the flour and sugar, then bake.</p></body></html>"
    let read = try #require(RecipeDocumentImporter.recipe(from: Array(html.utf8), units: .metric))
    #expect(read.title == title)
  }

  @Test func takesAnAmountTheMarkupLeavesOutFromTheRowsOfThePagesTable() throws {
    let body =
      "<script type=\"application/ld+json\">{\"@type\":\"Recipe\",\"name\":\"Cookies\","
      + "\"recipeIngredient\":[\"flour\",\"baking soda\",\"butter\"],"
      + "\"recipeInstructions\":[\"Mix and bake.\"]}</script>"
      + "<div><h2>Ingredients</h2><table><tbody><tr><td>1 ½</td><td>cups</td>"
      + "<td>all-purpose flour</td></tr><tr><td>1</td><td>teaspoon</td><td>baking soda</td></tr>"
      + "<tr><td>1</td><td>stick</td><td>butter<br><small>room temp.</small></td></tr>"
      + "</tbody></table></div>"
    #expect(
      texts(try recipe(body)) == [
        "1 ½ cups all-purpose flour", "1 teaspoon baking soda", "1 stick butter room temp.",
      ])
  }

  @Test(arguments: [
    // No heading names the method.
    (
      "<h2>Ingredients</h2><ul><li>2 eggs</li><li>100 g sugar</li></ul>"
        + "<h2>Get started</h2><ol><li>Whisk the eggs with the sugar until pale and thick.</li></ol>",
      "no heading names its method"
    ),
    // No heading names the list.
    (
      "<h1>Cake</h1><ul><li>2 eggs</li><li>100 g sugar</li><li>100 g butter</li></ul>"
        + "<h2>Method</h2><p>Beat everything together and bake for 25 minutes.</p>",
      "no heading names its ingredient list"
    ),
    // The page's list and the markup's disagree.
    (
      "<script type=\"application/ld+json\">{\"@type\":\"Recipe\",\"name\":\"Soup\","
        + "\"recipeIngredient\":[\"1 leek\",\"2 potatoes\"],\"recipeInstructions\":[\"Simmer.\"]}"
        + "</script><h2>Ingredients</h2><ul><li>1 leek</li><li>2 potatoes</li><li>1 l stock</li>"
        + "<li>100 ml cream</li></ul>",
      "The page lists 4 ingredients under its heading, but its recipe markup lists 2"
    ),
  ])
  func saysSoWhenItIsUnsure(body: String, reason: String) throws {
    let read = try recipe(body)
    let doubt = try #require(read.doubt)
    #expect(doubt.reason.contains(reason))
    #expect(!doubt.pageText.isEmpty)
  }

  private static func marked(_ ingredients: String, _ steps: String = #"["Mix."]"#) -> String {
    "<script type=\"application/ld+json\">{\"@type\":\"Recipe\",\"name\":\"Cake\","
      + "\"recipeIngredient\":\(ingredients),\"recipeInstructions\":\(steps)}</script>"
  }

  @Test(arguments: [
    // Markup that runs the list together with commas.
    (
      marked(#"["125ml non-dairy milk, 1 tsp cider vinegar, 60ml olive oil, 1/4 tsp salt"]"#),
      ["125ml non-dairy milk", "1 tsp cider vinegar", "60ml olive oil", "1/4 tsp salt"]
    ),
    // Commas inside a bracket, or before words without an amount, are one line's.
    (
      marked(
        #"["3 cups flour blend (2 cups almond flour, 1 cup tapioca starch, 1/2 cup coconut flour)","2 onions, peeled, chopped"]"#
      ),
      [
        "3 cups flour blend (2 cups almond flour, 1 cup tapioca starch, 1/2 cup coconut flour)",
        "2 onions, peeled, chopped",
      ]
    ),
    // An amount broken onto a line of its own belongs to the food after it.
    (
      marked(#"["2\n\nPasture-Raised Eggs","½ cup\nSemi-Pearled Farro","40 gr\nontbijtspek"]"#),
      ["2 Pasture-Raised Eggs", "½ cup Semi-Pearled Farro", "40 gr ontbijtspek"]
    ),
    // Lines of a block that each name a food stay apart.
    (
      marked(#"["2 eggs\n3 apples","1 lemon\n2 limes\nsalt"]"#),
      ["2 eggs", "3 apples", "1 lemon", "2 limes", "salt"]
    ),
  ])
  func readsOneMarkedBlockAsTheLinesItHolds(body: String, ingredients: [String]) throws {
    #expect(texts(try recipe(body)) == ingredients)
  }

  @Test(arguments: [
    (
      #"["Zubereitung","Die Semmeln einweichen.","Alles vermengen."]"#,
      ["Die Semmeln einweichen.", "Alles vermengen."]
    ),
    (
      #"[{"@type":"HowToStep","text":"Modo de preparo:"},{"@type":"HowToStep","text":"Refogue a cebola."}]"#,
      ["Refogue a cebola."]
    ),
    (#"["Preparation","Chop the celery leaves.","—"]"#, ["Chop the celery leaves."]),
    // A step that starts with the word is a step.
    (
      #"["Preparation of the sauce: whisk everything.","Serve."]"#,
      ["Preparation of the sauce: whisk everything.", "Serve."]
    ),
    // The title before a step's colon.
    (
      #"["Bereiden: Verhit de olie in een pan.","Serveer direct."]"#,
      ["Verhit de olie in een pan.", "Serveer direct."]
    ),
    // One step whose paragraphs ran together without a space.
    (
      #"["Verhit de olie en fruit de ui aan.Voeg de tijm en het water toe.Laat de soep koken."]"#,
      [
        "Verhit de olie en fruit de ui aan.", "Voeg de tijm en het water toe.",
        "Laat de soep koken.",
      ]
    ),
    // Several steps keep their run-together sentences, as the page shows them.
    (
      #"["Heat the oven.Grease a tin.","Bake for 20 minutes."]"#,
      ["Heat the oven.Grease a tin.", "Bake for 20 minutes."]
    ),
    // A step's number marked as a step of its own is not one.
    (
      #"["Step 1","Preheat the oven to 180 C.","Step 2","Bake the cake for 20 minutes.","3."]"#,
      ["Preheat the oven to 180 C.", "Bake the cake for 20 minutes."]
    ),
  ])
  func leavesOutAMarkedStepThatOnlyTitlesTheMethod(steps: String, read: [String]) throws {
    #expect(try recipe(Self.marked(#"["2 eggs"]"#, steps)).instructions == read)
  }

  @Test(arguments: [
    // A list of steps says where each ends: a line break inside one is not a new step.
    (
      #"["Heat the syrup until it reaches 100 °C\n(210 °F).","Pour it over the cake.\r\nTip: warm the knife."]"#,
      [
        "Heat the syrup until it reaches 100 °C (210 °F).",
        "Pour it over the cake. Tip: warm the knife.",
      ]
    ),
    // The whole method as one text is split at its line breaks, in a list or not.
    (
      #""Heat the oven.\nMix the batter.\nBake for 20 minutes.""#,
      ["Heat the oven.", "Mix the batter.", "Bake for 20 minutes."]
    ),
    (
      #"["Heat the oven.\nMix the batter.\nBake for 20 minutes."]"#,
      ["Heat the oven.", "Mix the batter.", "Bake for 20 minutes."]
    ),
  ])
  func readsEachMarkedStepOfAListAsOneStep(steps: String, read: [String]) throws {
    #expect(try recipe(Self.marked(#"["2 eggs"]"#, steps)).instructions == read)
  }

  @Test func readsMicrodataWhosePropertyHoldsJSON() throws {
    let body =
      "<article itemscope itemtype=\"http://schema.org/Recipe\"><h1 itemprop=\"name\">Pizza</h1>"
      + "<meta itemprop=\"recipeIngredient\" content=\"200 g dough\">"
      + "<meta itemprop=\"recipeInstructions\" content='[{\"@type\":\"HowToStep\",\"text\":"
      + "\"Heat the stone.\"},{\"@type\":\"HowToStep\",\"text\":\"Bake for 3 minutes.\"}]'></article>"
    let read = try recipe(body)
    #expect(read.instructions == ["Heat the stone.", "Bake for 3 minutes."])
    #expect(texts(read) == ["200 g dough"])
  }

  @Test func readsTabsThatNameTheListAndTheMethodSideBySide() throws {
    let body =
      "<h1>Kritharaki</h1><div><div><h2>Zutaten</h2></div><div><h2>Zubereitung</h2></div></div>"
      + "<div><div><div>Kritharaki</div><div>275 g</div></div><div><div>Fenchel</div>"
      + "<div>1 Stk.</div></div><div><div>Zitronen</div><div>2 Stk.</div></div></div>"
      + "<ol><li>Die Kritharaki in Salzwasser nach Packungsanweisung garen.</li>"
      + "<li>Den Fenchel in feine Streifen schneiden und anbraten.</li></ol>"
    let read = try recipe(body)
    #expect(texts(read) == ["275 g Kritharaki", "1 Stk. Fenchel", "2 Stk. Zitronen"])
    #expect(
      read.instructions == [
        "Die Kritharaki in Salzwasser nach Packungsanweisung garen.",
        "Den Fenchel in feine Streifen schneiden und anbraten.",
      ])
  }

  @Test(arguments: [
    // Each step opens with its own number.
    (
      #"["1. Heat the oven.","2. Mix the flour with the milk.","3. Bake."]"#,
      ["Heat the oven.", "Mix the flour with the milk.", "Bake."]
    ),
    // A number right after a sentence's end, without a space.
    (
      #"["1. To make the dressing, combine all of it. Season well.2. Boil the pasta and drain it.3. Toss with the dressing."]"#,
      [
        "To make the dressing, combine all of it. Season well.", "Boil the pasta and drain it.",
        "Toss with the dressing.",
      ]
    ),
    // Numbers that don't run 1, 2, 3 are the steps' own.
    (#"["1. Heat the oven.","Mix 2. Then bake."]"#, ["1. Heat the oven.", "Mix 2. Then bake."]),
    (
      #"["2 eggs go in first.","1 cup of milk after."]"#,
      ["2 eggs go in first.", "1 cup of milk after."]
    ),
    // A closing line after the numbered steps goes without a number.
    (
      #"["1. Heat the oven.","2. Bake the loaf.","Enjoy it warm!"]"#,
      ["Heat the oven.", "Bake the loaf.", "Enjoy it warm!"]
    ),
  ])
  func takesAStepsNumberOff(steps: String, read: [String]) throws {
    #expect(try recipe(Self.marked(#"["2 eggs"]"#, steps)).instructions == read)
  }

  @Test func leavesOutLabelledFiguresBesideTheMethod() throws {
    let body =
      "<h2>Hozzávalók</h2><ul><li>1 l tej</li><li>200 g rizs</li><li>1 rúd fahéj</li></ul>"
      + "<h2>Elkészítése</h2><p>A tejet feltesszük főni a rizzsel és a fahéjjal, és puhára főzzük, "
      + "közben gyakran megkeverjük.</p><ul><li>Elkészítési idő: kb. 30 perc</li>"
      + "<li>Hűtési idő: 1 óra</li></ul>"
    let read = try recipe(body)
    #expect(texts(read) == ["1 l tej", "200 g rizs", "1 rúd fahéj"])
    #expect(
      read.instructions == [
        "A tejet feltesszük főni a rizzsel és a fahéjjal, és puhára főzzük, közben gyakran megkeverjük."
      ])
  }

  @Test func joinsALooseAmountToTheParagraphNamingItsFood() throws {
    let item = { (amount: String, food: String) in
      "<div class=\"item\"><input type=\"checkbox\"><label><span>\(amount)</span><p>\(food)</p>"
        + "</label></div>"
    }
    let body =
      "<h2>Υλικά</h2><div>" + item("2", "αβοκάντο ώριμα") + item("4", "αυγά μεγάλα")
      + item("1/2 φλ.", "τρίμματα φέτας") + "<div><label><p>Αλάτι</p></label></div></div>"
      + "<h2>Εκτέλεση</h2><p>Κόβουμε τα αβοκάντο στη μέση και βγάζουμε το κουκούτσι.</p>"
    #expect(
      texts(try recipe(body)) == [
        "2 αβοκάντο ώριμα", "4 αυγά μεγάλα", "1/2 φλ. τρίμματα φέτας", "Αλάτι",
      ])
  }

  @Test(
    arguments: [
      // A count beside an icon whose class names servings, in a row of facts.
      (
        "<ul class=\"facts\"><li><div><span class=\"icon icon-serves\"></span><span>4</span></div>"
          + "</li><li><div><span class=\"icon icon-clock\"></span><span>40 minutes</span></div></li></ul>",
        "4 servings"
      ),
      ("<div class=\"item portions\"><h2 class=\"item__title\">2</h2></div>", "2 servings"),
      ("<div><span class=\"gbc-serves\"></span><span>6-8</span></div>", "8 servings"),
      ("<div class=\"recipe-yield\">4 people</div>", "4 servings"),
      ("<div class=\"Recipe-Servings\"><span>12</span></div>", "12 servings"),
      ("<div class=\"recipeYield\">6</div>", "6 servings"),
      // Not a count of servings.
      ("<div class=\"servings\">Adjust</div>", nil),
      ("<ul class=\"yield-notes\"><li>2 bowls</li></ul>", nil),
      // The same count with no class naming a yield says nothing, nor one inside a word.
      ("<div><span class=\"icon\"></span><span>4</span></div>", nil),
      ("<div class=\"aspect-proportion\"><span>4</span></div>", nil),
      // A line of facts that opens with the servings.
      ("<h2>4 servings — 20 minutes</h2>", "4 servings"),
      ("<div>4 Personen | 30 Min.</div>", "4 servings"),
      ("<div>2 portions, 1 hour</div>", "2 servings"),
      ("<p>4 servings of rice and beans</p>", nil),
      // A label in Chinese.
      ("<div>分量：30 个</div>", "30 servings"),
    ] as [(String, String?)])
  func readsAYieldTheMarkupClassesOrALineOfFactsOpensWith(facts: String, yields: String?) throws {
    let read = try recipe(
      "<h1>Soup</h1>\(facts)<h2>Ingredients</h2><ul><li>1 onion</li><li>2 carrots</li>"
        + "<li>1 l stock</li></ul><h2>Method</h2><p>Chop the vegetables and simmer them in the stock.</p>"
    )
    #expect(read.ingredients.count == 3)
    #expect(read.yields == yields)
  }

  @Test(
    arguments: [
      // Lists under short titles of their own are one method, in parts.
      (
        "<h2>Method</h2><p>For the dough:</p><ol><li>Mix the flour, water and salt into a soft dough.</li><li>Knead it for ten minutes, then let it rest.</li></ol>"
          + "<p>For the filling:</p><ol><li>Fry the onions in the butter until soft and golden.</li><li>Stir in the spinach and season it with salt.</li></ol>",
        4
      ),
      (
        "<p>Instructions:</p><p>Dough Method:</p><ol><li>Mix the flour, water and salt into a soft dough.</li><li>Knead it for ten minutes, then let it rest.</li></ol>"
          + "<p>Filling Method</p><ol><li>Fry the onions in the butter until soft and golden.</li><li>Stir in the spinach and season it with salt.</li></ol>",
        4
      ),
      // A titled list of links after the method is not the recipe's.
      (
        "<h2>Method</h2><ol><li>Mix the flour, water and salt into a soft dough.</li><li>Knead it for ten minutes, then let it rest.</li></ol>"
          + "<p>More from our kitchen:</p><ul><li>Chocolate cake</li><li>Lemon tart</li></ul>",
        2
      ),
    ] as [(String, Int)])
  func readsAMethodInPartsEachUnderItsOwnTitle(method: String, steps: Int) throws {
    let read = try recipe(
      "<h1>Pie</h1><h2>Ingredients</h2><ul><li>200 g flour</li><li>1 onion</li>"
        + "<li>100 g spinach</li></ul>\(method)")
    #expect(read.instructions.count == steps)
    #expect(!read.instructions.contains { $0.hasSuffix(":") || $0.hasSuffix("Method") })
  }

  @Test(
    arguments: [
      ("1Â¼ cups half and half", "1¼ cups half and half"),
      ("2 tbsp crÃ¨me fraÃ®che", "2 tbsp crème fraîche"),
      ("200Â\u{A0}g", "200\u{A0}g"),
      // Text that was never garbled stays as it is.
      ("SÃO PAULO", "SÃO PAULO"),
      ("½ cup crème", "½ cup crème"),
      ("Â", "Â"),
      ("", ""),
    ])
  func mendsTextASiteGarbledInEncoding(text: String, mended: String) {
    #expect(RecipeText.mendingMojibake(text) == mended)
  }

  @Test func readsAnAmountGarbledInEncodingInTheMarkupAndOnThePage() throws {
    let markup =
      "<script type=\"application/ld+json\">{\"@type\":\"Recipe\",\"name\":\"Custard\","
      + "\"recipeIngredient\":[\"1Â¼ cups half and half\",\"2 tbsp crÃ¨me fraÃ®che\"],"
      + "\"recipeInstructions\":[\"Whisk the yolks into the half and half.\"]}</script>"
    #expect(texts(try recipe(markup)) == ["1¼ cups half and half", "2 tbsp crème fraîche"])
    let page =
      "<h1>Custard</h1><h2>Ingredients</h2><ul><li>1Â¼ cups half and half</li>"
      + "<li>2 tbsp crÃ¨me fraÃ®che</li><li>3 egg yolks</li></ul><h2>Method</h2>"
      + "<p>Whisk the yolks into the half and half.</p>"
    #expect(
      texts(try recipe(page)) == ["1¼ cups half and half", "2 tbsp crème fraîche", "3 egg yolks"])
  }
}
