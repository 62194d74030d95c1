#!/usr/bin/env python3
"""Fits and generates the ingredient line flag's model: a logistic regression that, over lines
the grammar read without doubt, gives the chance the reading is wrong from what the parse looks
like (IngredientLineFlag.swift names the features: a long name, words no grocery list uses,
"or" and commas, brackets, numbers after the amount...).

Source: the NYT ingredient phrase tagger's labelled lines (New York Times, 2015, Apache 2.0, in
../shared/data/ingredients), the 24,488 outside the held-out fifth. `RecipeLab features` writes
each one's features, whether the grammar flagged it and whether the parse matched the label
(RecipeLab's scoring). No other source is read: TasteCooking and our own lines stay held out,
and RecipeLab reports the flag on them.

The fit: L2-regularised logistic regression (Newton's method) on the lines the grammar did not
flag, the wrong ones the positives. The threshold: five-fold cross-validation on the same lines
gives every line a score from a model that did not see it; the threshold is the lowest score at
which, of the lines the grammar or the model flags, at most TARGET_RIGHT are right. The target
sits below the 20 % of flags a flag may have right because a new source's flags were right more
often than NYT's before any model (15 % against 10 %, RecipeLab's aggregate figures).

Writes:
  Data/ingredients/flag-model.tsv                               the weights, readable
  Sources/BasketKit/Recipes/Parsing/IngredientFlagModelData.swift  the same, in the core

Usage:
  .build/release/RecipeLab features ../shared/data/ingredients /tmp/features.tsv
  python3 Tools/recipes/flag_model.py fit /tmp/features.tsv   fit (needs numpy), write both
  python3 Tools/recipes/flag_model.py                          regenerate the Swift file
  python3 Tools/recipes/flag_model.py --check                  check the Swift file matches
"""
import sys
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TSV = ROOT / "Data/ingredients/flag-model.tsv"
SWIFT = ROOT / "Sources/BasketKit/Recipes/Parsing/IngredientFlagModelData.swift"

L2 = 1.0
FOLDS = 5
TARGET_RIGHT = 0.15


def read_features(path):
    import numpy as np

    lines = Path(path).read_text().splitlines()
    header = lines[0].split("\t")
    assert header[:2] == ["right", "grammar_flagged"], header[:2]
    values = np.array([[float(v) for v in line.split("\t")] for line in lines[1:]])
    return header[2:], values[:, 0], values[:, 1], values[:, 2:]


def fit(features, wrong):
    """Newton's method on the L2-penalised log loss; the bias is not penalised."""
    import numpy as np

    design = np.hstack([np.ones((len(features), 1)), features])
    weights = np.zeros(design.shape[1])
    penalty = L2 * np.diag(np.r_[0.0, np.ones(design.shape[1] - 1)])
    for _ in range(50):
        chance = 1 / (1 + np.exp(-design @ weights))
        gradient = design.T @ (chance - wrong) + penalty @ weights
        hessian = (design * (chance * (1 - chance))[:, None]).T @ design + penalty
        step = np.linalg.solve(hessian, gradient)
        weights -= step
        if np.abs(step).max() < 1e-9:
            break
    return weights[0], weights[1:]


def flag_figures(flagged, right):
    wrong = 1 - right
    caught = float((flagged * wrong).sum())
    marked = float(flagged.sum())
    return caught / wrong.sum(), (marked - caught) / marked if marked else 0.0


def fit_and_write(path):
    import numpy as np

    names, right, grammar, features = read_features(path)
    wrong = 1 - right
    free = grammar == 0
    # Cross-validated scores: folds by line number, so the split is the same on every run.
    folds = np.arange(len(right)) % FOLDS
    scores = np.full(len(right), -np.inf)
    for fold in range(FOLDS):
        train = free & (folds != fold)
        bias, weights = fit(features[train], wrong[train])
        test = free & (folds == fold)
        scores[test] = bias + features[test] @ weights
    candidates = sorted(set(np.round(scores[free], 3)))
    threshold = None
    for candidate in candidates:
        flagged = ((grammar == 1) | (scores >= candidate)).astype(float)
        _, right_share = flag_figures(flagged, right)
        if right_share <= TARGET_RIGHT:
            threshold = candidate
            break
    assert threshold is not None
    flagged = ((grammar == 1) | (scores >= threshold)).astype(float)
    caught, right_share = flag_figures(flagged, right)
    grammar_caught, grammar_right = flag_figures(grammar, right)
    bias, weights = fit(features[free], wrong[free])
    lines = [
        "# The ingredient line flag's model (Tools/recipes/flag_model.py; do not edit by hand).",
        f"# Fitted {date.today().isoformat()} on NYT 2015's {len(right)} tuning lines (outside the"
        " held-out fifth),",
        f"# {int(free.sum())} of them not flagged by the grammar, {int(wrong[free].sum())} of those"
        " wrong. L2 = 1.",
        f"# Five-fold cross-validation on NYT: the grammar alone flags {grammar_caught:.1%} of the"
        f" wrong lines ({grammar_right:.1%} of its flags right);",
        f"# with the model at the threshold below, {caught:.1%} ({right_share:.1%} right), the"
        f" lowest threshold keeping flags right at most {TARGET_RIGHT:.0%}.",
        "# threshold_logit: a line is flagged when bias + sum(feature x weight) reaches it.",
        "feature\tweight",
        f"bias\t{bias:.6f}",
        f"threshold_logit\t{threshold:.6f}",
    ]
    lines += [f"{name}\t{weight:.6f}" for name, weight in zip(names, weights)]
    TSV.write_text("\n".join(lines) + "\n")
    print(
        f"NYT cross-validated: wrong lines flagged {caught:.1%}, flagged lines right"
        f" {right_share:.1%} (grammar alone {grammar_caught:.1%}, {grammar_right:.1%})"
    )


def read_tsv():
    rows = {}
    order = []
    for line in TSV.read_text().splitlines():
        if line.startswith("#") or line.startswith("feature\t"):
            continue
        name, weight = line.split("\t")
        rows[name] = weight
        if name not in ("bias", "threshold_logit"):
            order.append(name)
    return rows, order


def swift_source():
    rows, order = read_tsv()
    out = [
        "// Generated by Tools/recipes/flag_model.py from Data/ingredients/flag-model.tsv: do not",
        "// edit. Fitted on NYT 2015's labelled lines (see the TSV's header).",
        "",
        "enum IngredientFlagModelData {",
        f"  static let bias = {rows['bias']}",
        f"  static let thresholdLogit = {rows['threshold_logit']}",
        "  /// The features' names, in the order of `IngredientLineParser.flagFeatureNames`.",
        "  static let names: [String] = [",
    ]
    out += [f'    "{name}",' for name in order]
    out += ["  ]", "  static let weights: [Double] = ["]
    out += [f"    {rows[name]},  // {name}" for name in order]
    out += ["  ]", "}", ""]
    return "\n".join(out)


def main():
    if "--check" in sys.argv:
        if not SWIFT.exists() or SWIFT.read_text() != swift_source():
            sys.exit(
                "IngredientFlagModelData.swift is out of date: run"
                " python3 Tools/recipes/flag_model.py"
            )
        print("flag model is up to date")
        return
    if len(sys.argv) == 3 and sys.argv[1] == "fit":
        fit_and_write(sys.argv[2])
    SWIFT.write_text(swift_source())
    print(f"wrote {SWIFT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
