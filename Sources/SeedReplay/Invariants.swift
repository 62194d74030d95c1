/// Stops the fuzz target calling unless `condition` holds, saying which promise broke: the
/// crash libFuzzer keeps as a finding, or the replay's failure. Shared by both builds of every
/// target, the fuzzed one and the replayer.
public func require(
  _ condition: Bool, _ broken: @autoclosure () -> String, fileID: StaticString = #fileID,
  line: UInt = #line
) {
  if !condition { fail(broken(), fileID: fileID, line: line) }
}

/// Stops the fuzz target calling (named by the module in `fileID`) with the promise it broke.
public func fail(_ broken: String, fileID: StaticString = #fileID, line: UInt = #line) -> Never {
  let target = "\(fileID)".prefix { $0 != "/" }
  fatalError("\(target) invariant broken: \(broken)", file: fileID, line: line)
}
