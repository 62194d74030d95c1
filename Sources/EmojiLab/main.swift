// EmojiLab: developer tool for the emoji engine.
//
//   swift run -c release EmojiLab audit [corpus-dir]   coverage of Data/corpus/*.txt by stage
//   swift run -c release EmojiLab bench [corpus-dir]   speed, load time and memory vs a fair
//                                                      n-gram hash baseline
//   swift run -c release EmojiLab eval                 hold-out, ingredient cascade, judged samples
//   swift run -c release EmojiLab ingredients [--sample N] [--seed S]
//                                                      the cascade over the labelled ingredient
//                                                      sets (BASKET_INGREDIENTS, else
//                                                      ../shared/data/ingredients beside the
//                                                      repository, else /work/shared/data/
//                                                      ingredients), and a seeded sample to
//                                                      judge by hand
//   swift run -c release EmojiLab classify NAME...     one line per name: emoji, stage, measure
//   swift run -c release EmojiLab golden [file]        check Data/emoji/golden.tsv
//   swift run -c release EmojiLab fold < names.txt     each line's `NameKey` (for Tools/)

import BasketKit
import Foundation

/// The value after `flag` in `args`, as a number.
func option(_ flag: String, in args: [String]) -> UInt64? {
  guard let i = args.firstIndex(of: flag), i + 1 < args.count else { return nil }
  return UInt64(args[i + 1])
}

let args = Array(CommandLine.arguments.dropFirst())
switch args.first {
case "audit":
  let rest = args.dropFirst().filter { $0 != "-v" }
  exit(audit(rest.first, verbose: args.contains("-v")))
case "bench": exit(bench(args.dropFirst().first))
case "golden": exit(golden(args.dropFirst().first))
case "eval":
  holdout(seed: option("--seed", in: args) ?? 2026)
  print("")
  ingredientsAudit(sample: nil, seed: 0)
  print("")
  judgedSample(
    "Data/emoji/eval/ingredients-sample-before.tsv", title: "judged sample, before the fixes",
    checkEngine: false)
  let current = judgedSample(
    "Data/emoji/eval/ingredients-sample.tsv", title: "judged sample, now", checkEngine: true)
  exit(current ? 0 : 1)
case "ingredients":
  ingredientsAudit(
    sample: option("--sample", in: args).map(Int.init), seed: option("--seed", in: args) ?? 2026)
case "classify":
  for name in args.dropFirst() {
    let c = EmojiClassifier.shared.classify(name)
    print(
      "\(c.emoji)\t\(c.stage.rawValue)\t\(c.measure?.rawValue ?? "-")\t\(c.category ?? "-")\t\(name)"
    )
  }
case "fold":
  // NB: Tools/ call this so that Python never re-implements the core's folding.
  while let line = readLine(strippingNewline: true) { print(NameKey.of(line)) }
default:
  print(
    "usage: EmojiLab audit [-v] [corpus-dir] | bench [corpus-dir] | eval | ingredients [--sample N] [--seed S] | golden [file] | classify NAME... | fold"
  )
  exit(args.isEmpty ? 0 : 2)
}
