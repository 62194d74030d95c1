/// `basket completion bash|zsh|fish`: a completion script made from the commands' specs, so
/// a new command or flag completes without touching it.
enum Completion {
  static let shells = ["bash", "zsh", "fish"]

  /// The script for the shell `arguments` names.
  static func script(_ arguments: [String], specs: [CommandSpec] = Spec.all) throws(UsageError)
    -> String
  {
    guard arguments.count == 1, let shell = arguments.first else {
      throw UsageError(message: "completion needs a shell: bash, zsh or fish")
    }
    switch shell {
    case "bash": return bash(specs)
    case "zsh": return zsh(specs)
    case "fish": return fish(specs)
    default:
      throw UsageError(message: "completion knows bash, zsh and fish, not \"\(shell)\"")
    }
  }

  /// The global options that take the next word as their value.
  private static var globalValueFlags: [FlagSpec] { Spec.globalFlags.filter(\.takesValue) }

  /// What completes after a command (or a subcommand): its subcommands, its flags, and
  /// `--help`; after `help`, the commands.
  private static func offered(_ spec: CommandSpec, among specs: [CommandSpec]) -> [(
    String, String
  )] {
    let commands = spec.path == "help" ? specs.flatMap(entries) : spec.subcommands.flatMap(entries)
    return commands + spec.flags.map { ($0.name, $0.summary) } + [("--help", "show its help")]
  }

  /// A command's name and aliases, each with its summary.
  private static func entries(_ spec: CommandSpec) -> [(String, String)] {
    spec.names.map { ($0, spec.summary) }
  }

  /// Every command and subcommand with the words that reach it: ([], nil) for no command yet.
  private static func walk(_ specs: [CommandSpec]) -> [(words: [String], spec: CommandSpec)] {
    specs.flatMap { spec in
      spec.names.flatMap { name in
        [([name], spec)]
          + spec.subcommands.flatMap { sub in sub.names.map { ([name, $0], sub) } }
      }
    }
  }

  /// The case pattern for the words typed so far that reach `spec`: a command without
  /// subcommands is followed by its own arguments.
  private static func casePattern(_ words: [String], _ spec: CommandSpec) -> String {
    let key = words.joined(separator: " ")
    return spec.subcommands.isEmpty && words.count == 1
      ? "\(bashQuoted(key))|\(bashQuoted(key + " "))*" : bashQuoted(key)
  }

  // MARK: - bash

  static func bash(_ specs: [CommandSpec]) -> String {
    var arms = ""
    let top = specs.flatMap(\.names) + Spec.globalFlags.map(\.name)
    arms += "    \"\") words=\(bashQuoted(top.joined(separator: " "))) ;;\n"
    for (words, spec) in walk(specs) {
      arms += "    \(casePattern(words, spec)))\n"
      arms +=
        "      words=\(bashQuoted(offered(spec, among: specs).map(\.0).joined(separator: " ")))\n"
      arms += bashValues(spec.flags, indent: "      ")
      arms += bashArgument(spec.argument, indent: "      ")
      arms += "      ;;\n"
    }
    return """
      # basket's completion for bash, made by `basket completion bash`.
      # Load it with: source <(basket completion bash)
      _basket() {
        local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
        local path="" count=0 i word skip=""
        for ((i = 1; i < COMP_CWORD; i++)); do
          word=${COMP_WORDS[i]}
          if [[ -n $skip ]]; then skip=""; continue; fi
          case $word in
            --) break ;;
      \(bashValueFlagPattern(globalValueFlags)) skip=1 ;;
            -*) ;;
            *)
              if ((count < 2)); then path=${path:+$path }$word; fi
              count=$((count + 1))
              ;;
          esac
        done
      \(bashValues(globalValueFlags, indent: "  "))  local words="" files=""
        case $path in
      \(arms)  esac
        COMPREPLY=($(compgen -W "$words" -- "$cur"))
        if [[ -n $files && $cur != -* ]]; then
          compopt -o filenames 2>/dev/null
          COMPREPLY+=($(compgen $files -- "$cur"))
        fi
      }
      complete -F _basket basket

      """
  }

  /// `--store|--list|--shop)`, the start of a case arm for flags that take a value.
  private static func bashValueFlagPattern(_ flags: [FlagSpec]) -> String {
    "      " + flags.map(\.name).joined(separator: "|") + ")"
  }

  /// A case over the previous word: a flag's value completes as `reply` says for it.
  private static func valueCase(
    _ flags: [FlagSpec], indent: String, open: String, reply: (FlagSpec) -> String
  ) -> String {
    let valued = flags.filter(\.takesValue)
    guard !valued.isEmpty else { return "" }
    let arms = valued.map { "\(indent)  \(open)\($0.name)) \(reply($0)); return ;;\n" }
    return "\(indent)case $prev in\n" + arms.joined() + "\(indent)esac\n"
  }

  private static func bashValues(_ flags: [FlagSpec], indent: String) -> String {
    valueCase(flags, indent: indent, open: "") { flag in
      switch flag.value {
      case .file?: "COMPREPLY=($(compgen -f -- \"$cur\"))"
      case .directory?: "COMPREPLY=($(compgen -d -- \"$cur\"))"
      case .choice(let words)?:
        "COMPREPLY=($(compgen -W \(bashQuoted(words.joined(separator: " "))) -- \"$cur\"))"
      default: "COMPREPLY=()"
      }
    }
  }

  /// What the command's own arguments complete to.
  private static func bashArgument(_ kind: ValueKind?, indent: String) -> String {
    switch kind {
    case .file?: "\(indent)files=-f\n"
    case .directory?: "\(indent)files=-d\n"
    case .choice(let words)?: "\(indent)words+=\(bashQuoted(" " + words.joined(separator: " ")))\n"
    default: ""
    }
  }

  private static func bashQuoted(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
  }

  // MARK: - zsh

  static func zsh(_ specs: [CommandSpec]) -> String {
    var arms = ""
    let top = specs.flatMap(entries) + Spec.globalFlags.map { ($0.name, $0.summary) }
    arms += "    ('') entries=(\(zshEntries(top))) ;;\n"
    for (words, spec) in walk(specs) {
      arms += "    (\(casePattern(words, spec)))\n"
      arms += zshValues(spec.flags, indent: "      ")
      arms += "      entries=(\(zshEntries(offered(spec, among: specs))))\n"
      switch spec.argument {
      case .file?: arms += "      files=1\n"
      case .directory?: arms += "      files=1\n"
      case .choice(let choices)?:
        arms += "      entries+=(\(zshEntries(choices.map { ($0, spec.summary) })))\n"
      default: break
      }
      arms += "      ;;\n"
    }
    return """
      #compdef basket
      # basket's completion for zsh, made by `basket completion zsh`.
      # Save it as _basket in a folder of $fpath, or load it with: source <(basket completion zsh)
      _basket() {
        local cur=${words[CURRENT]} prev=${words[CURRENT-1]}
        local path_="" word skip=""
        local -i i count=0 files=0
        local -a entries
        for ((i = 2; i < CURRENT; i++)); do
          word=${words[i]}
          if [[ -n $skip ]]; then skip=""; continue; fi
          case $word in
            (--) break ;;
            (\(globalValueFlags.map(\.name).joined(separator: "|"))) skip=1 ;;
            (-*) ;;
            (*)
              if ((count < 2)); then path_=${path_:+$path_ }$word; fi
              count+=1
              ;;
          esac
        done
      \(zshValues(globalValueFlags, indent: "  "))  case $path_ in
      \(arms)  esac
        if ((files)) && [[ $cur != -* ]]; then _files; fi
        _describe -t basket 'basket' entries
      }
      if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
        _basket "$@"
      else
        compdef _basket basket
      fi

      """
  }

  private static func zshValues(_ flags: [FlagSpec], indent: String) -> String {
    valueCase(flags, indent: indent, open: "(") { flag in
      switch flag.value {
      case .file?: "_files"
      case .directory?: "_files -/"
      case .choice(let words)?: "compadd -- \(words.joined(separator: " "))"
      default: "_message \(bashQuoted(flag.summary.isEmpty ? "a value" : flag.summary))"
      }
    }
  }

  /// `'name:what it does' …` for `_describe`.
  private static func zshEntries(_ entries: [(String, String)]) -> String {
    entries.map { name, summary in
      bashQuoted(name.replacing(":", with: "\\:") + ":" + summary)
    }.joined(separator: " ")
  }

  // MARK: - fish

  static func fish(_ specs: [CommandSpec]) -> String {
    var lines = [
      "# basket's completion for fish, made by `basket completion fish`.",
      "# Save it as ~/.config/fish/completions/basket.fish, or: basket completion fish | source",
      "function __basket_words",
      "    set -l typed (commandline -opc)",
      "    set -e typed[1]",
      "    set -l skip 0",
      "    for word in $typed",
      "        if test $skip -eq 1",
      "            set skip 0",
      "            continue",
      "        end",
      "        switch $word",
      "            case " + globalValueFlags.map(\.name).joined(separator: " "),
      "                set skip 1",
      "            case '-*'",
      "            case '*'",
      "                echo $word",
      "        end",
      "    end",
      "end",
      "# Whether the words typed so far are $argv (--exact) or start with them.",
      "function __basket_path",
      "    set -l exact 0",
      "    if test \"$argv[1]\" = --exact",
      "        set exact 1",
      "        set -e argv[1]",
      "    end",
      "    set -l typed (__basket_words)",
      "    if test $exact -eq 1",
      "        test (count $typed) -eq (count $argv); or return 1",
      "    else",
      "        test (count $typed) -ge (count $argv); or return 1",
      "    end",
      "    for i in (seq (count $argv))",
      "        test \"$typed[$i]\" = \"$argv[$i]\"; or return 1",
      "    end",
      "end",
      "complete -c basket -f",
    ]
    for flag in Spec.globalFlags {
      lines.append("complete -c basket" + fishFlag(flag))
    }
    for spec in specs {
      for name in spec.names {
        lines.append(
          "complete -c basket -n '__basket_path --exact' -a \(name) -d \(fishQuoted(spec.summary))")
      }
    }
    for (words, spec) in walk(specs) {
      let exact = spec.subcommands.isEmpty ? "" : "--exact "
      let condition = "-n " + fishQuoted("__basket_path \(exact)\(words.joined(separator: " "))")
      for sub in spec.subcommands {
        for name in sub.names {
          lines.append(
            "complete -c basket \(condition) -a \(name) -d \(fishQuoted(sub.summary))")
        }
      }
      for flag in spec.flags + [FlagSpec("--help", nil, "show its help")] {
        lines.append("complete -c basket \(condition)" + fishFlag(flag))
      }
      switch spec.argument {
      case .file?, .directory?: lines.append("complete -c basket \(condition) -F")
      case .choice(let choices)?:
        lines.append(
          "complete -c basket \(condition) -a \(fishQuoted(choices.joined(separator: " ")))")
      default: break
      }
      if spec.path == "help" {
        let names = specs.flatMap(\.names).joined(separator: " ")
        lines.append("complete -c basket \(condition) -a \(fishQuoted(names))")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// ` -l json -d '…'`, with how its value completes.
  private static func fishFlag(_ flag: FlagSpec) -> String {
    var text = " -l \(flag.name.dropFirst(2))"
    switch flag.value {
    case _ where !flag.takesValue: break
    case .file?, .directory?: text += " -r -F"
    case .choice(let words)?: text += " -x -a \(fishQuoted(words.joined(separator: " ")))"
    default: text += " -x"
    }
    return text + " -d \(fishQuoted(flag.summary))"
  }

  private static func fishQuoted(_ text: String) -> String {
    "'"
      + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
  }
}
