#!/usr/bin/env python3
"""Draws the pixel fruit that rain down when the list is All done! (standard library only).

Writes Web/icons/fruit.svg: one strip of 12×12 pixel-art fruit, side by side, that the
stylesheet cuts up with background-position (`--fruit: 0` is the first). The output is
committed; rerun after changing a grid, and keep FRUIT_COUNT in Web/app/view.js in step.
"""

import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "Web" / "icons" / "fruit.svg"
SIZE = 12

COLORS = {
    "r": "#e8553a",  # tomato red
    "R": "#b83a26",
    "c": "#d92b4a",  # cherry
    "C": "#98183a",
    "y": "#ffe9a0",  # seeds
    "w": "#ffffff",  # shine
    "g": "#5fb04f",  # leaf
    "G": "#357a2b",
    "b": "#8a5a2b",  # stem
    "l": "#ffd23f",  # lemon
    "L": "#e0a800",
    "o": "#ff9f1c",  # orange
    "O": "#d97706",
    "p": "#9b6bd8",  # grape
    "P": "#6b46a8",
    "m": "#ff7a8a",  # melon
    "s": "#2b3526",
    "n": "#e9f5d0",
    "k": "#4f9a45",
}

FRUIT = {
    "strawberry": """
....G..G....
..GggGGggG..
.rrGgrrgGrr.
rrrrrrrrrrrR
rwyrryrrryrR
rrrrrrrrrrRR
.rryrrryrrR.
.rrrrrrrrRR.
..ryrrryrR..
...rrrrrR...
....ryRR....
.....RR.....
""",
    "lemon": """
.........gg.
........ggG.
....lllllb..
..lllllllll.
.lwwlllllllL
llwlllllllLL
llllllllllLL
.lllllllllL.
..lllllllLL.
...LLLLLLL..
............
............
""",
    "apple": """
.....b......
.....bggG...
..rrrbrrr...
.rrrrrrrrrR.
rwwrrrrrrrrR
rwrrrrrrrrrR
rrrrrrrrrrrR
rrrrrrrrrrRR
.rrrrrrrrRR.
.rrrrrrrrRR.
..RRR..RRR..
............
""",
    "orange": """
.....bg.....
....obggo...
..oooooooo..
.owwoooooooO
.owoooooooOO
.ooooooooooO
.ooooooooooO
.oooooooooOO
..ooooooooO.
...OOOOOOO..
............
............
""",
    "cherries": """
.......gg...
......bggG..
.....b.b....
....b...b...
...b....b...
..b.....b...
.ccc...ccc..
cwccC.cwccC.
ccccC.ccccC.
ccccC.ccccC.
.CCC...CCC..
............
""",
    "grapes": """
......b.gg..
.....bgggG..
...ppbpp....
..pwppwppp..
..ppPppPpP..
...pwppwpP..
...ppPppP...
....pwppP...
....ppPP....
.....pP.....
............
............
""",
    "watermelon": """
............
............
mmmmmmmmmmmm
mmsmmmmmsmmm
.mmmmsmmmmm.
.nmmmmmmmmn.
..nnmmmmnn..
..kknnnnkk..
....kkkk....
............
............
............
""",
}


def rows(grid):
    lines = grid.strip("\n").splitlines()
    assert len(lines) == SIZE and all(len(line) == SIZE for line in lines), grid
    return lines


def svg():
    rects = []
    for index, grid in enumerate(FRUIT.values()):
        for y, line in enumerate(rows(grid)):
            x = 0
            while x < SIZE:
                cell = line[x]
                run = 1
                while x + run < SIZE and line[x + run] == cell:
                    run += 1
                if cell != ".":
                    rects.append(
                        f'<rect x="{index * SIZE + x}" y="{y}" width="{run}" height="1" fill="{COLORS[cell]}"/>'
                    )
                x += run
    width = SIZE * len(FRUIT)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {SIZE}" '
        f'width="{width * 4}" height="{SIZE * 4}" shape-rendering="crispEdges">'
        + "".join(rects)
        + "</svg>\n"
    )


def main():
    OUT.write_text(svg())
    print("wrote", OUT.relative_to(ROOT), "with", ", ".join(FRUIT))


if __name__ == "__main__":
    main()
