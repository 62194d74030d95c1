#!/usr/bin/env python3
"""Renders recipe cards of known text to images with ImageMagick, for measuring photo import.

Usage: Tools/photos/make-cards.py OUT_DIR

Writes OUT_DIR/<name>.png (clean) and OUT_DIR/<name>-worn.jpg (rotated a little, blurred,
unevenly lit, grainy and saved as a low-quality JPEG), and OUT_DIR/cards.json: for each card
its file names, layout, font, and the ingredient lines and method steps as written. The recipes
are written for this test set; the fonts are Debian's DejaVu and Liberation.
"""
import json
import os
import subprocess
import sys
import textwrap

FONTS = {
    "dejavu-sans": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "liberation-serif": "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf",
    "dejavu-serif": "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "liberation-sans": "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
}
BOLD = {
    "dejavu-sans": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "liberation-serif": "/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf",
    "dejavu-serif": "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
    "liberation-sans": "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
}

RECIPES = [
    ("Pancakes", "Serves 4",
     ["200 g plain flour", "2 eggs", "300 ml milk", "1 tbsp sugar", "½ tsp salt", "1 tbsp butter"],
     ["Whisk the flour, sugar and salt in a large bowl.",
      "Beat in the eggs and milk until the batter is smooth.",
      "Melt the butter in a frying pan and fry ladlefuls until golden on both sides."]),
    ("Tomato Soup", "Serves 6",
     ["2 tbsp olive oil", "1 onion, chopped", "2 garlic cloves", "800 g tinned tomatoes",
      "500 ml vegetable stock", "1 tsp sugar", "¼ cup cream"],
     ["Soften the onion in the oil over a low heat for ten minutes.",
      "Add the garlic, tomatoes, stock and sugar and simmer for twenty minutes.",
      "Blend until smooth, stir in the cream and season to taste."]),
    ("Banana Bread", "Makes 1 loaf",
     ["3 ripe bananas", "75 g melted butter", "150 g brown sugar", "1 egg", "1 tsp baking soda",
      "190 g plain flour", "1 pinch salt"],
     ["Heat the oven to 180 degrees and line a loaf tin.",
      "Mash the bananas, then stir in the butter, sugar and egg.",
      "Fold in the flour, soda and salt, pour into the tin and bake for an hour."]),
    ("Beef Chili", "Serves 4",
     ["1 lb ground beef", "1 onion, diced", "2 tsp chili powder", "1 tsp ground cumin",
      "14 oz can kidney beans", "14 oz can chopped tomatoes", "1 cup beef stock"],
     ["Brown the beef with the onion in a heavy pan.",
      "Stir in the spices and cook for a minute.",
      "Add the beans, tomatoes and stock and simmer for forty minutes."]),
    ("Shortbread", "Makes 16",
     ["225 g butter", "110 g caster sugar", "280 g plain flour", "55 g rice flour"],
     ["Cream the butter and sugar until pale and fluffy.",
      "Work in both flours to make a smooth dough.",
      "Press into a tin, prick all over and bake at 160 degrees for forty minutes."]),
    ("Lemon Dressing", "Makes 1 jar",
     ["½ cup olive oil", "3 tbsp lemon juice", "1 tsp honey", "1 tsp Dijon mustard",
      "¼ tsp black pepper"],
     ["Put everything in a clean jar.", "Close the lid and shake hard until thick.",
      "Keep in the fridge for up to a week."]),
    ("Pea Risotto", "Serves 4",
     ["1 litre chicken stock", "2 tbsp butter", "1 shallot, finely chopped", "300 g risotto rice",
      "200 g frozen peas", "50 g parmesan, grated"],
     ["Keep the stock hot in a pan.",
      "Soften the shallot in the butter, add the rice and stir for a minute.",
      "Add the stock a ladle at a time, stirring, until the rice is tender.",
      "Stir in the peas and cheese and rest for two minutes."]),
    ("Oat Cookies", "Makes 20",
     ["8 oz rolled oats", "4 oz butter", "6 oz brown sugar", "1 egg", "½ tsp vanilla extract",
      "4 oz flour"],
     ["Beat the butter and sugar, then the egg and vanilla.",
      "Mix in the oats and flour.",
      "Roll into balls, flatten on a tray and bake for twelve minutes."]),
    ("Roast Chicken", "Serves 6",
     ["1 whole chicken", "2 lemons", "4 garlic cloves", "2 tbsp olive oil", "1 tsp sea salt",
      "1 bunch thyme"],
     ["Heat the oven to 200 degrees.",
      "Stuff the chicken with the lemons, garlic and thyme, rub with oil and salt.",
      "Roast for an hour and a half, then rest for fifteen minutes before carving."]),
    ("Hummus", "Serves 8",
     ["400 g chickpeas, drained", "3 tbsp tahini", "1 garlic clove", "2 tbsp lemon juice",
      "4 tbsp olive oil", "½ tsp ground cumin"],
     ["Blend the chickpeas, tahini, garlic and lemon juice.",
      "Pour in the oil with the motor running until smooth.",
      "Season with the cumin and a little salt."]),
    ("Apple Crumble", "Serves 6",
     ["1 kg cooking apples", "100 g sugar", "150 g flour", "100 g cold butter", "50 g oats"],
     ["Peel, core and slice the apples into a baking dish with half the sugar.",
      "Rub the butter into the flour, then stir in the oats and the rest of the sugar.",
      "Scatter over the apples and bake for forty minutes."]),
    ("Porridge", "Serves 2",
     ["1 cup rolled oats", "2 cups milk", "1 pinch salt", "2 tbsp maple syrup"],
     ["Bring the oats, milk and salt to a simmer.",
      "Stir for five minutes until creamy.", "Serve with the syrup poured over."]),
    ("Fish Pie", "Serves 4",
     ["1 lb white fish", "8 oz smoked haddock", "2 cups milk", "3 tbsp butter", "3 tbsp flour",
      "2 lb potatoes", "1 cup frozen peas"],
     ["Poach the fish in the milk for eight minutes, then flake it.",
      "Make a sauce with the butter, flour and the poaching milk.",
      "Top the fish and peas with mashed potato and bake until golden."]),
    ("Flapjacks", "Makes 12",
     ["250 g oats", "125 g butter", "125 g golden syrup", "75 g light brown sugar"],
     ["Melt the butter, syrup and sugar together.",
      "Stir in the oats and press into a lined tin.",
      "Bake at 180 degrees for twenty minutes and cut while warm."]),
]

WIDTH = 1400
POINT = 30
LINE = 46  # pixels from one baseline to the next


def escape(text):
    # NB: -annotate reads % as an escape and a leading @ as a file name.
    return text.replace("%", "%%").replace("@", "\\@")


def wrap(text, chars):
    return textwrap.wrap(text, width=chars, break_long_words=False)


def numbered_steps(steps, chars):
    lines = []
    for number, step in enumerate(steps, 1):
        wrapped = wrap(f"{number}. {step}", chars)
        lines.extend((line, index == 0) for index, line in enumerate(wrapped))
    return lines


def one_column(recipe, bullet):
    title, yields, ingredients, steps = recipe
    rows = [("title", title), ("text", yields), ("gap", ""), ("heading", "Ingredients")]
    rows += [("text", f"{bullet}{line}") for line in ingredients]
    rows += [("gap", ""), ("heading", "Method")]
    rows += [("text", line) for line, _ in numbered_steps(steps, 60)]
    return [(80, rows)], 160 + LINE * len(rows)


def two_columns(recipe, bullet):
    title, yields, ingredients, steps = recipe
    left = [("heading", "Ingredients")] + [("text", f"{bullet}{line}") for line in ingredients]
    right = [("heading", "Method")] + [("text", line) for line, _ in numbered_steps(steps, 38)]
    head = [("title", title), ("text", yields), ("gap", "")]
    height = 160 + LINE * (len(head) + max(len(left), len(right)))
    return [(80, head), (80, left, len(head)), (640, right, len(head))], height


def render(recipe, layout, font, bullet, path):
    blocks, height = (one_column if layout == "one-column" else two_columns)(recipe, bullet)
    command = ["convert", "-size", f"{WIDTH}x{height}", "xc:white", "-fill", "black"]
    for block in blocks:
        x, rows = block[0], block[1]
        start = block[2] if len(block) > 2 else 0
        for index, (kind, text) in enumerate(rows):
            if kind == "gap":
                continue
            y = 100 + LINE * (start + index)
            size = POINT + 10 if kind == "title" else POINT
            face = BOLD[font] if kind in ("title", "heading") else FONTS[font]
            command += ["-font", face, "-pointsize", str(size), "-annotate", f"+{x}+{y}",
                        escape(text)]
    command.append(path)
    subprocess.run(command, check=True)


def wear(clean, worn, angle, seed):
    # A photo of a card: turned a little, slightly soft, lit from one side, grainy, JPEG.
    # NB: the noise is seeded, so the same cards come out every time.
    subprocess.run(
        ["convert", "-seed", str(seed), clean, "-background", "white", "-rotate", str(angle), "-blur", "0x1.1",
         "(", "+clone", "-sparse-color", "Barycentric", "0,0 gray(100%) %[w],%[h] gray(72%)",
         ")", "-compose", "multiply", "-composite",
         "-attenuate", "0.6", "+noise", "Gaussian", "-colorspace", "Gray",
         "-quality", "45", worn], check=True)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    fonts = list(FONTS)
    cards = []
    for index, recipe in enumerate(RECIPES):
        layout = "two-columns" if index % 2 else "one-column"
        font = fonts[index % len(fonts)]
        bullet = ["", "• ", "- "][index % 3]
        name = f"card-{index + 1:02d}"
        clean = os.path.join(out, name + ".png")
        worn = os.path.join(out, name + "-worn.jpg")
        render(recipe, layout, font, bullet, clean)
        wear(clean, worn, [1.5, -2.0, 2.5, -1.0][index % 4], index + 1)
        cards.append({"name": name, "clean": name + ".png", "worn": name + "-worn.jpg",
                      "layout": layout, "font": font, "title": recipe[0], "yields": recipe[1],
                      "ingredients": recipe[2], "steps": recipe[3]})
    with open(os.path.join(out, "cards.json"), "w") as file:
        json.dump(cards, file, indent=1, ensure_ascii=False)
    print(f"{len(cards)} cards, clean and worn, in {out}")


if __name__ == "__main__":
    main()
