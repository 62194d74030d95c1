import Foundation
import Testing

@Suite struct TerminalOutputTests {
  let basket = BasketBinary()

  /// Runs `basket ARGS` on a pseudo-terminal through util-linux `script`.
  private func onTerminal(_ arguments: String, noColor: Bool = false) throws -> String {
    let command = "\(try BasketBinary.executable.get().path) \(arguments)"
    let result = try basket.run(
      program: "/usr/bin/script", ["-qefc", command, "/dev/null"],
      environment: noColor ? ["NO_COLOR": "1", "TERM": "xterm"] : ["TERM": "xterm"])
    return result.stdout
  }

  @Test func aTerminalGetsColourAndEmojiUnlessNoColor() throws {
    try basket.run(["add", "milk"])
    let colourful = try onTerminal("list")
    #expect(colourful.contains("\u{1B}["))
    #expect(colourful.contains("🥛"))
    let plain = try onTerminal("list", noColor: true)
    #expect(!plain.contains("\u{1B}["))
    #expect(plain.contains("🥛"))
  }
}
